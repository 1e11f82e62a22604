import { describe, expect, it } from "vitest";
import type { ApiResult } from "~/lib/api";
import { signOut, type SignOutSteps } from "./sign-out";

const answered = (status: number): ApiResult<unknown> =>
  status < 400 ? { ok: true, status, data: null } : { ok: false, status, error: { code: status === 401 ? "unauthenticated" : "internal", message: "" } };
const offline: ApiResult<unknown> = { ok: false, status: 0, error: { code: "network", message: "" } };

/** Steps that record their order; `fail` names a step that throws, `logout` what the server answers. */
function steps({ logout = answered(204), fail }: { logout?: ApiResult<unknown>; fail?: keyof SignOutSteps } = {}) {
  const done: string[] = [];
  const step =
    (name: keyof SignOutSteps) =>
    (...args: unknown[]) => {
      if (name === fail) throw new Error(`${name} failed`);
      done.push(args.length ? `${name} ${JSON.stringify(args[0])}` : name);
      return name === "logout" ? Promise.resolve(logout) : undefined;
    };
  const asyncStep = (name: keyof SignOutSteps) => async (...args: unknown[]) => step(name)(...args);
  const all: SignOutSteps = {
    announceSigningOut: step("announceSigningOut"),
    endTracking: asyncStep("endTracking") as SignOutSteps["endTracking"],
    logout: step("logout") as SignOutSteps["logout"],
    markPending: step("markPending"),
    resetRealtime: step("resetRealtime"),
    announceSignedOut: step("announceSignedOut"),
    forgetUser: asyncStep("forgetUser") as SignOutSteps["forgetUser"],
    forgetCachedUser: asyncStep("forgetCachedUser") as SignOutSteps["forgetCachedUser"],
    toSignIn: step("toSignIn"),
    startOver: step("startOver"),
  };
  return { all, done };
}

describe("signing out", () => {
  it("announces itself first, sends the closing events while the session exists, then logs out, forgets the user and goes to sign-in", async () => {
    const { all, done } = steps();
    await signOut(all, { keepQueue: true });
    expect(done).toEqual(["announceSigningOut", "endTracking", "logout", "resetRealtime", "announceSignedOut", 'forgetUser {"keepQueue":true}', "toSignIn"]);
  });

  it("remembers a logout the server did not confirm (offline or an error), and still forgets the user here", async () => {
    for (const logout of [offline, answered(503), answered(500)]) {
      const { all, done } = steps({ logout });
      await signOut(all, { keepQueue: false });
      expect(done).toEqual(["announceSigningOut", "endTracking", "logout", "markPending", "resetRealtime", "announceSignedOut", 'forgetUser {"keepQueue":false}', "toSignIn"]);
    }
  });

  it("counts a session already gone (401) as ended", async () => {
    const { all, done } = steps({ logout: answered(401) });
    await signOut(all, { keepQueue: false });
    expect(done).not.toContain("markPending");
    expect(done.at(-1)).toBe("toSignIn");
  });

  it("starts over at /auth, with the sign-out remembered, when a step before the logout fails", async () => {
    const { all, done } = steps({ fail: "endTracking" });
    await expect(signOut(all, { keepQueue: false })).rejects.toThrow("endTracking failed");
    expect(done).toEqual(["announceSigningOut", "markPending", "forgetCachedUser", "startOver"]);
  });

  it("starts over at /auth without remembering anything when the server had already ended the session", async () => {
    const { all, done } = steps({ fail: "forgetUser" });
    await expect(signOut(all, { keepQueue: false })).rejects.toThrow("forgetUser failed");
    expect(done).toEqual(["announceSigningOut", "endTracking", "logout", "resetRealtime", "announceSignedOut", "forgetCachedUser", "startOver"]);
  });

  it("takes the user's caches and the service worker's record of them before starting over (/auth only ends the session)", async () => {
    // A chunk that no longer loads after a deploy: forgetUser's own download fails.
    const { all, done } = steps();
    all.forgetUser = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    await expect(signOut(all, { keepQueue: false })).rejects.toThrow("Failed to fetch");
    expect(done.slice(-2)).toEqual(["forgetCachedUser", "startOver"]);
    // And starts over even when that fails too.
    const failing = steps({ fail: "forgetCachedUser" });
    failing.all.endTracking = () => Promise.reject(new Error("endTracking failed"));
    await expect(signOut(failing.all, { keepQueue: false })).rejects.toThrow("endTracking failed");
    expect(failing.done.at(-1)).toBe("startOver");
  });
});
