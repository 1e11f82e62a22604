/**
 * The offline write queue: changes made without a connection, kept in IndexedDB (idb-store.ts)
 * and replayed in order when the connection returns and at start. Each change carries its own
 * Idempotency-Key from its first attempt, so a replay after a lost answer never writes twice
 * (worker/middleware/idempotency.ts). docs/decisions/0040-offline-app.md
 *
 * This file is the logic only (storage, sending and the clock are passed in) so that unit tests
 * can drive it: tests/unit/offline-queue.test.ts.
 */

/** The writes the queue covers (the server accepts an Idempotency-Key on each). */
export type ChangeKind = "task.create" | "task.update" | "transaction.create" | "diary.create" | "diary.update" | "routine.checkIn";

export type ChangeError = { status: number; code: string; message: string; fields?: Record<string, string> };

export type QueuedChange = {
  /** Assigned by the store: the replay order. */
  seq?: number;
  /** The Idempotency-Key; a new one when the change is edited (it is then another request). */
  key: string;
  userId: string;
  kind: ChangeKind;
  method: "POST" | "PATCH";
  /** Under /api/v1. May hold the temporary id of an item created offline (replaced on replay). */
  path: string;
  body: Record<string, unknown>;
  /** What the screens show for it (a task's title, a transaction's description). */
  label: string;
  /** For creations: the id the screens use until the server gives the real one. */
  tempId?: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: "pending" | "failed";
  error?: ChangeError;
};

export interface QueueStore {
  add(change: QueuedChange): Promise<number>;
  put(change: QueuedChange): Promise<void>;
  remove(seq: number): Promise<void>;
  /** The user's changes in replay order (by seq). */
  list(userId: string): Promise<QueuedChange[]>;
}

/** What sending one change gave: status 0 when no answer came (no network). */
export type SendResult = { status: number; body: unknown; retryAfterSeconds?: number };
export type Send = (change: QueuedChange) => Promise<SendResult>;

/** Storage full (or refused): the change was NOT kept, and the caller must say so. */
export class QueueStorageError extends Error {
  constructor(readonly reason: "quota" | "unavailable", cause?: unknown) {
    super(reason === "quota" ? "offline storage is full" : "offline storage is unavailable", { cause });
  }
}

/** 2 s, 4 s, 8 s … up to 5 minutes between attempts of a change that got no answer. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const backoff = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** Answers that say "try again later" rather than "this change is wrong". */
const isTransient = (result: SendResult, body: { error?: { message?: string } } | null) =>
  result.status === 0 || result.status === 408 || result.status === 429 || result.status >= 500 || (result.status === 409 && result.retryAfterSeconds !== undefined && body !== null);

const isQuotaError = (error: unknown) =>
  error instanceof DOMException ? error.name === "QuotaExceededError" : error instanceof Error && /quota/i.test(error.name + error.message);

/** The id of the item in an answer such as `{ task: { id } }` or `{ transaction: { id } }`. */
export function createdIdOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") return (value as { id: string }).id;
  }
  return null;
}

export type QueueOptions = { store: QueueStore; send: Send; now?: () => number; newKey?: () => string; onChange?: () => void };

export function createQueue({ store, send, now = () => Date.now(), newKey = () => crypto.randomUUID(), onChange = () => {} }: QueueOptions) {
  let running: Promise<ReplayReport> | null = null;

  async function write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new QueueStorageError(isQuotaError(error) ? "quota" : "unavailable", error);
    } finally {
      onChange();
    }
  }

  /** Keeps a change to replay; throws QueueStorageError when the browser refuses to store it. */
  async function enqueue(input: Omit<QueuedChange, "seq" | "createdAt" | "attempts" | "nextAttemptAt" | "status" | "error" | "key"> & { key?: string }) {
    const change: QueuedChange = { ...input, key: input.key ?? newKey(), createdAt: now(), attempts: 0, nextAttemptAt: now(), status: "pending" };
    change.seq = await write(() => store.add(change));
    return change;
  }

  type ReplayReport = { sent: number; failed: number; waiting: number };

  /**
   * Sends the user's pending changes in order. A change the server refuses (validation, 402, 404,
   * a reused key) becomes "failed" with the reason and does not hold up the others; a change with
   * no answer waits with a growing delay, and the ones after it wait too (order is kept).
   */
  function replay(userId: string): Promise<ReplayReport> {
    running ??= (async () => {
      const report = { sent: 0, failed: 0, waiting: 0 };
      try {
        const ids = new Map<string, string>();
        for (const stored of await store.list(userId)) {
          if (stored.status !== "pending") continue;
          const change = { ...stored, path: [...ids].reduce((path, [temp, real]) => path.replaceAll(temp, real), stored.path) };
          if (change.nextAttemptAt > now()) {
            report.waiting++;
            break;
          }
          const result = await send(change).catch((): SendResult => ({ status: 0, body: null }));
          const body = (result.body ?? null) as { error?: ChangeError } | null;
          if (result.status >= 200 && result.status < 300) {
            const created = change.tempId ? createdIdOf(result.body) : null;
            if (change.tempId && created) ids.set(change.tempId, created);
            await write(() => store.remove(change.seq!));
            report.sent++;
            continue;
          }
          if (isTransient(result, body)) {
            const attempts = change.attempts + 1;
            const wait = result.retryAfterSeconds !== undefined ? result.retryAfterSeconds * 1000 : backoff(attempts);
            await write(() => store.put({ ...change, attempts, nextAttemptAt: now() + wait }));
            report.waiting++;
            break;
          }
          const error = body?.error;
          await write(() =>
            store.put({
              ...change,
              attempts: change.attempts + 1,
              status: "failed",
              error: { status: result.status, code: error?.code ?? "unknown", message: error?.message ?? "", fields: error?.fields },
            }),
          );
          report.failed++;
        }
        // Later changes that name an item created in this run get its real id now.
        if (ids.size > 0) {
          for (const later of await store.list(userId)) {
            const path = [...ids].reduce((p, [temp, real]) => p.replaceAll(temp, real), later.path);
            if (path !== later.path) await write(() => store.put({ ...later, path }));
          }
        }
      } finally {
        running = null;
      }
      return report;
    })();
    return running;
  }

  /** A failed change, corrected by the user: sent again as a new request (new key). */
  async function edit(change: QueuedChange, body: Record<string, unknown>, label = change.label) {
    await write(() => store.put({ ...change, body, label, key: newKey(), status: "pending", error: undefined, attempts: 0, nextAttemptAt: now() }));
  }

  /** Tries a change again now, with the same key (nothing about it changed). */
  async function retry(change: QueuedChange) {
    await write(() => store.put({ ...change, status: "pending", error: undefined, nextAttemptAt: now() }));
  }

  async function discard(change: QueuedChange) {
    await write(() => store.remove(change.seq!));
  }

  /** When the next waiting change is due (for a timer), or null. */
  async function nextAttemptAt(userId: string) {
    const pending = (await store.list(userId)).filter((c) => c.status === "pending");
    return pending.length ? Math.min(...pending.map((c) => c.nextAttemptAt)) : null;
  }

  return { enqueue, replay, edit, retry, discard, nextAttemptAt, list: (userId: string) => store.list(userId) };
}

export type OfflineQueue = ReturnType<typeof createQueue>;
