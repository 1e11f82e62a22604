import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, SESSION_CHANGED_EVENT, setPageUser, SIGNED_IN_USER_HEADER } from "./api";
import { announceSignedOut, shareSessionAcrossTabs } from "./session-user";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** BroadcastChannel delivers asynchronously. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  setPageUser(null);
  vi.unstubAllGlobals();
});

describe("the page's user on API calls", () => {
  it("names the page's user on every call, and nobody outside the shell", async () => {
    const fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("/me");
    setPageUser("user-b");
    await apiFetch("/tasks", { body: { title: "x" } });
    const headers = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(headers[0][SIGNED_IN_USER_HEADER]).toBeUndefined();
    expect(headers[1][SIGNED_IN_USER_HEADER]).toBe("user-b");
  });

  it("tells the shell to leave when the server no longer signs the page's user in", async () => {
    const events = vi.fn();
    const target = new EventTarget();
    vi.stubGlobal("window", Object.assign(target, { dispatchEvent: target.dispatchEvent.bind(target) }));
    target.addEventListener(SESSION_CHANGED_EVENT, events);
    vi.stubGlobal("fetch", vi.fn(async () => answer(401, { error: { code: "unauthenticated", message: "Sessão expirada" } })));
    setPageUser("user-b");
    const result = await apiFetch("/tasks", { body: { title: "x" } });
    expect(result.ok).toBe(false);
    expect(events).toHaveBeenCalledTimes(1);
    // A sign-in form's wrong password is not a session change; nor is anything outside the shell.
    vi.stubGlobal("fetch", vi.fn(async () => answer(400, { error: { code: "validation_failed", message: "x" } })));
    await apiFetch("/me", { method: "PATCH", body: {} });
    setPageUser(null);
    vi.stubGlobal("fetch", vi.fn(async () => answer(401, { error: { code: "unauthenticated", message: "x" } })));
    await apiFetch("/me");
    expect(events).toHaveBeenCalledTimes(1);
  });
});

describe("tabs telling one another", () => {
  it("a tab on another account hears the new one; tabs of the same user stay", async () => {
    const tabB = vi.fn();
    const otherTabB = vi.fn();
    const stopB = shareSessionAcrossTabs("user-b", tabB);
    const stopOtherB = shareSessionAcrossTabs("user-b", otherTabB);
    await delivered();
    expect(tabB).not.toHaveBeenCalled();
    const stopA = shareSessionAcrossTabs("user-a", () => undefined);
    await delivered();
    expect(tabB).toHaveBeenCalledTimes(1);
    expect(otherTabB).toHaveBeenCalledTimes(1);
    [stopA, stopB, stopOtherB].forEach((stop) => stop());
  });

  it("a deletion reaches the other tabs as such", async () => {
    const other = vi.fn();
    const deleted = vi.fn();
    const stopOther = shareSessionAcrossTabs("user-b", other, deleted);
    const stop = shareSessionAcrossTabs("user-b", () => undefined);
    announceSignedOut({ deleted: true });
    await delivered();
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    stop();
    stopOther();
  });

  it("a sign-out reaches the other tabs, not the tab signing out", async () => {
    const signingOut = vi.fn();
    const other = vi.fn();
    const stopOther = shareSessionAcrossTabs("user-b", other);
    const stop = shareSessionAcrossTabs("user-b", signingOut);
    announceSignedOut();
    await delivered();
    expect(other).toHaveBeenCalledTimes(1);
    expect(signingOut).not.toHaveBeenCalled();
    stop();
    stopOther();
  });
});
