import { and, eq, isNull, lt } from "drizzle-orm";
import { database, type Db } from "./client";
import { idempotencyKeys } from "./schema";

/** How long a key is remembered: a queued change is replayed within a day or gets a new key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredAnswer = { requestHash: string; status: number | null; contentType: string | null; body: string | null; createdAt: Date };

/**
 * Claims (user, key) for a request: true when this request is the first with the key (a row with
 * no answer yet is written), false when the key exists; `existing` then says what is stored.
 * An expired row is replaced, so a key older than the TTL counts as new.
 */
export async function claimIdempotencyKey(d1: D1Database, userId: string, key: string, request: { requestHash: string; method: string; path: string }, now = new Date()) {
  const db = database(d1);
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const [, inserted] = await db.batch([
    db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, expired))),
    db
      .insert(idempotencyKeys)
      .values({ userId, key, ...request, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  ]);
  if (inserted.length > 0) return { claimed: true as const };
  const [existing] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, contentType: idempotencyKeys.contentType, body: idempotencyKeys.body, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Deleted between the two statements (a failed first request released it): claim again.
  if (!existing) return claimIdempotencyKey(d1, userId, key, request, now);
  return { claimed: false as const, existing: existing as StoredAnswer };
}

/** Stores the answer of a successful write under its key. */
export async function storeIdempotentAnswer(d1: D1Database, userId: string, key: string, answer: { status: number; contentType: string | null; body: string }) {
  const db = database(d1);
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/** What is remembered of a key: nothing (unknown, expired, or failed and released), a write still running, or its answer. */
async function keyState(d1: D1Database, userId: string, key: string, now: Date) {
  const db = database(d1);
  const [row] = await db
    .select({ method: idempotencyKeys.method, path: idempotencyKeys.path, status: idempotencyKeys.status, body: idempotencyKeys.body, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) return { state: "unknown" as const };
  if (row.status === null || row.body === null) return { state: "running" as const };
  return { state: "answered" as const, answer: { method: row.method, path: row.path, status: row.status, body: row.body } };
}

/**
 * The answer a successful write under this key gave, while the key is remembered: null when no
 * such write (unknown, expired, still running, or failed and released). The request's method and
 * path say which write it was.
 */
export async function answerOfKey(d1: D1Database, userId: string, key: string, now = new Date()) {
  const found = await keyState(d1, userId, key, now);
  return found.state === "answered" ? found.answer : null;
}

/** The pauses between two looks at a key awaited (awaitAnswerOfKey): short first, as a running write's answer is usually milliseconds away. */
const AWAIT_STEPS_MS = [10, 20, 40, 80, 150, 250, 400, 500] as const;

/**
 * The answer of the write under this key, as answerOfKey, but waiting up to `withinMs` while that
 * write is still running: its change is written before its answer is stored (the middleware stores
 * it after the route), so a request that names it may arrive in between (0108 "Revised 3"). With
 * `whileUnknown` it also waits while the key is not known yet: a request sent after the write it
 * names may still arrive first (the write is then on its way, or was cut off and never comes).
 * Null once the wait is over, or at once when the key is unknown and `whileUnknown` is not set.
 */
export async function awaitAnswerOfKey(d1: D1Database, userId: string, key: string, options: { withinMs: number; whileUnknown?: boolean }) {
  const started = Date.now();
  for (let step = 0; ; step++) {
    const found = await keyState(d1, userId, key, new Date());
    if (found.state === "answered") return found.answer;
    if (found.state === "unknown" && !options.whileUnknown) return null;
    const left = options.withinMs - (Date.now() - started);
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, AWAIT_STEPS_MS[Math.min(step, AWAIT_STEPS_MS.length - 1)])));
  }
}

/** Forgets a key whose request failed, so that the same change can be tried again with it. */
export async function releaseIdempotencyKey(d1: D1Database, userId: string, key: string) {
  const db = database(d1);
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/** The user's remembered keys, for the data export (what was sent, not the answers' contents). */
export async function listIdempotencyKeys(db: Db, userId: string) {
  return db
    .select({ key: idempotencyKeys.key, method: idempotencyKeys.method, path: idempotencyKeys.path, status: idempotencyKeys.status, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, userId));
}

/**
 * Nightly: removes keys older than the TTL, across all users (the deliberate cross-user query of
 * a cleanup: it reads nothing and removes only what can no longer be used).
 */
export async function deleteExpiredIdempotencyKeys(d1: D1Database, now: Date): Promise<number> {
  const db = database(d1);
  const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  return result.meta.changes;
}
