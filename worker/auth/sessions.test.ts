import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { forgetSessions, RECENT_SESSION_MS, RecentSessions, validateSessionToken, type SessionDeps, type SessionRecord } from "./sessions";
import { generateToken, hashToken } from "./tokens";

const T0 = Date.UTC(2026, 10, 26, 12);

function record(id: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return { id, userId: "user-1", provider: "email", pendingSecondFactor: false, lastUsedAt: T0, expiresAt: T0 + 3600_000, absoluteExpiresAt: T0 + 7200_000, ...overrides };
}

/** KV with the session copies, counting reads. D1 is never reached in these cases. */
function depsWith(records: SessionRecord[], recent: RecentSessions) {
  const store = new Map(records.map((r) => [`session:${r.id}`, JSON.stringify(r)]));
  const reads: string[] = [];
  let now = T0;
  const kv = {
    get: async (key: string) => {
      reads.push(key);
      const value = store.get(key);
      return value ? JSON.parse(value) : null;
    },
    delete: async (key: string) => void store.delete(key),
    put: async (key: string, value: string) => void store.set(key, value),
  } as unknown as KVNamespace;
  const deps: SessionDeps = { db: {} as Db, kv, recent, now: () => new Date(now) };
  return { deps, reads, store, advance: (ms: number) => (now += ms) };
}

describe("RecentSessions", () => {
  it("keeps a record for its time, forgets on request, and drops the oldest when full", () => {
    const recent = new RecentSessions(1000, 2);
    recent.remember(record("a"), T0);
    expect(recent.get("a", T0 + 999)?.id).toBe("a");
    expect(recent.get("a", T0 + 1000)).toBeNull();
    recent.remember(record("a"), T0);
    recent.remember(record("b"), T0);
    recent.remember(record("c"), T0);
    expect([recent.get("a", T0), recent.get("b", T0)?.id, recent.get("c", T0)?.id]).toEqual([null, "b", "c"]);
    recent.forget("b");
    expect(recent.get("b", T0)).toBeNull();
  });

  it("updates a record it holds without a new deadline, and ignores one it does not hold", () => {
    const recent = new RecentSessions(1000);
    recent.remember(record("a"), T0);
    recent.update(record("a", { pendingSecondFactor: true }));
    recent.update(record("z"));
    expect(recent.get("a", T0 + 500)?.pendingSecondFactor).toBe(true);
    expect(recent.get("a", T0 + 1000)).toBeNull();
    expect(recent.get("z", T0)).toBeNull();
  });
});

describe("validateSessionToken with the isolate's recent sessions", () => {
  const token = generateToken();
  const id = hashToken(token);

  it("reads KV once, then not again for RECENT_SESSION_MS", async () => {
    const { deps, reads, advance } = depsWith([record(id)], new RecentSessions());
    expect((await validateSessionToken(deps, token)).status).toBe("valid");
    advance(RECENT_SESSION_MS - 1);
    expect((await validateSessionToken(deps, token)).status).toBe("valid");
    expect(reads).toHaveLength(1);
    advance(1);
    expect((await validateSessionToken(deps, token)).status).toBe("valid");
    expect(reads).toHaveLength(2);
  });

  it("a session ended in this isolate is refused at once, not after RECENT_SESSION_MS", async () => {
    const { deps, reads } = depsWith([record(id)], new RecentSessions());
    expect((await validateSessionToken(deps, token)).status).toBe("valid");
    await forgetSessions(deps, "user-1", [id]);
    // KV no longer has it, and neither does the isolate: the next check falls through to D1.
    await expect(validateSessionToken({ ...deps, db: { select: () => { throw new Error("D1 read"); } } as unknown as Db }, token)).rejects.toThrow("D1 read");
    expect(reads).toHaveLength(2);
  });

  it("an expired record is not served from memory", async () => {
    const { deps, advance } = depsWith([record(id, { expiresAt: T0 + 5_000 })], new RecentSessions());
    expect((await validateSessionToken(deps, token)).status).toBe("valid");
    advance(5_000);
    const deleted: unknown[] = [];
    const db = { delete: () => ({ where: async (where: unknown) => (deleted.push(where), { meta: { changes: 1 } }) }) } as unknown as Db;
    expect((await validateSessionToken({ ...deps, db }, token)).status).toBe("invalid");
    expect(deleted).toHaveLength(1);
  });

  it("without `recent` (the tests' own deps), every check reads KV", async () => {
    const { deps, reads } = depsWith([record(id)], new RecentSessions());
    const plain = { ...deps, recent: undefined };
    await validateSessionToken(plain, token);
    await validateSessionToken(plain, token);
    expect(reads).toHaveLength(2);
  });
});
