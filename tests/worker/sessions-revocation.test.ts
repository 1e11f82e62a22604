import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { createSession, RecentSessions, revokeSession, SESSION_TOUCH_MS, validateSessionToken, type SessionDeps } from "@worker/auth/sessions";
import { signUpAndLogIn } from "./helpers";

/** A user to own the sessions (the sessions table refers to users). */
async function userId(email: string) {
  await signUpAndLogIn(email);
  return (await env.DB.prepare("select id from users where email = ?").bind(email).first<string>("id"))!;
}

/** Another isolate at another time: its own recent sessions, its writes awaited. */
const isolate = (at: number, kv: KVNamespace = env.SESSIONS) => {
  const pending: Promise<unknown>[] = [];
  const deps: SessionDeps = { db: database(env.DB), kv, recent: new RecentSessions(), now: () => new Date(at), waitUntil: (p) => void pending.push(p) };
  return { deps, settled: () => Promise.all(pending) };
};

const until = async (ready: () => boolean) => {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ready()).toBe(true);
};

// A stolen cookie, polled: a request that read the session before it was revoked and is due a
// sliding touch must not put the revoked session back in KV, where it would live for 90 days.
describe("a late sliding touch after a revocation", { timeout: 30_000 }, () => {
  it("finds no row to touch and writes nothing to KV (the record was read before the revocation)", async () => {
    const T0 = Date.now();
    const owner = await userId(`touch-stale-${T0}@example.com`);
    const { token, session } = await createSession(isolate(T0).deps, { userId: owner, provider: "email" });
    // The attacker's location still serves the copy it cached before the revocation (KV's edge cache).
    const cached = await env.SESSIONS.get(`session:${session.id}`);
    const staleKv = { get: async () => JSON.parse(cached!), put: env.SESSIONS.put.bind(env.SESSIONS), delete: env.SESSIONS.delete.bind(env.SESSIONS) } as unknown as KVNamespace;

    expect(await revokeSession(isolate(T0 + SESSION_TOUCH_MS).deps, owner, session.id)).toBe(true);
    const attacker = isolate(T0 + SESSION_TOUCH_MS + 1_000, staleKv);
    expect(await validateSessionToken(attacker.deps, token)).toMatchObject({ status: "valid", extended: true });
    await attacker.settled();

    expect(await env.SESSIONS.get(`session:${session.id}`)).toBeNull();
    expect((await validateSessionToken(isolate(T0 + 2 * 86400_000).deps, token)).status).toBe("invalid");
  });

  it("takes the KV copy back out when its write lands after the revocation (the touch reached D1 first)", async () => {
    const T0 = Date.now();
    const owner = await userId(`touch-late-${T0}@example.com`);
    const { token, session } = await createSession(isolate(T0).deps, { userId: owner, provider: "email" });
    // The touch's KV write is held back until the revocation has run.
    const held: (() => void)[] = [];
    const slowKv = {
      get: env.SESSIONS.get.bind(env.SESSIONS),
      delete: env.SESSIONS.delete.bind(env.SESSIONS),
      put: (key: string, value: string, options?: KVNamespacePutOptions) =>
        new Promise<void>((resolve) => held.push(() => void env.SESSIONS.put(key, value, options).then(resolve))),
    } as unknown as KVNamespace;
    const attacker = isolate(T0 + SESSION_TOUCH_MS + 1_000, slowKv);
    expect(await validateSessionToken(attacker.deps, token)).toMatchObject({ status: "valid", extended: true });
    await until(() => held.length > 0);

    expect(await revokeSession(isolate(T0 + SESSION_TOUCH_MS + 2_000).deps, owner, session.id)).toBe(true);
    held.forEach((write) => write());
    await attacker.settled();

    expect(await env.SESSIONS.get(`session:${session.id}`)).toBeNull();
    expect((await validateSessionToken(isolate(T0 + 2 * 86400_000).deps, token)).status).toBe("invalid");
  });

  it("still extends a live session in D1 and KV", async () => {
    const T0 = Date.now();
    const owner = await userId(`touch-live-${T0}@example.com`);
    const { token, session } = await createSession(isolate(T0).deps, { userId: owner, provider: "email" });
    const later = isolate(T0 + SESSION_TOUCH_MS + 1_000);
    const touched = await validateSessionToken(later.deps, token);
    expect(touched).toMatchObject({ status: "valid", extended: true });
    await later.settled();
    const copy = await env.SESSIONS.get<{ expiresAt: number }>(`session:${session.id}`, "json");
    expect(copy!.expiresAt).toBeGreaterThan(session.expiresAt);
    const row = await env.DB.prepare("select expires_at from sessions where id = ?").bind(session.id).first<number>("expires_at");
    expect(row).toBe(copy!.expiresAt);
  });
});
