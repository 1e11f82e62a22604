/**
 * The queue running in the page (imported after hydration, never in the first bundle): one
 * IndexedDB store, replay at start, on `online` and when a waiting change is due.
 */
import { idbStore } from "./idb-store";
import { createQueue, QueueStorageError, type QueuedChange, type SendResult } from "./queue";
import { isOffline, signedInUserHeaders } from "../api";
import { offlineSnapshot, OFFLINE_SYNCED_EVENT, setOfflineSnapshot } from "./state";

async function send(change: QueuedChange): Promise<SendResult> {
  try {
    const response = await fetch(`/api/v1${change.path}`, {
      method: change.method,
      // Sent for the user who queued it: with another account signed in it waits (401) for theirs.
      headers: { accept: "application/json", "content-type": "application/json", "Idempotency-Key": change.key, ...signedInUserHeaders(change.userId) },
      body: change.method === "DELETE" ? undefined : JSON.stringify(change.body),
      credentials: "same-origin",
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    const retryAfter = Number(response.headers.get("retry-after"));
    return { status: response.status, body, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined };
  } catch {
    return { status: 0, body: null };
  }
}

const store = idbStore();
let timer: ReturnType<typeof setTimeout> | undefined;

async function refresh() {
  const userId = offlineSnapshot().userId;
  if (!userId) return;
  try {
    setOfflineSnapshot({ changes: await queue.list(userId) });
  } catch (error) {
    setOfflineSnapshot({ storageError: error instanceof QueueStorageError ? error.reason : "unavailable" });
  }
}

/**
 * The queue's read-then-write steps, one at a time across this browser's tabs: two tabs replaying
 * when the connection returns must not undo each other's writes (a folded edit, a real id).
 */
const acrossTabs =
  typeof navigator !== "undefined" && "locks" in navigator
    ? <T>(section: () => Promise<T>) => navigator.locks.request("rumo-offline-queue", section) as Promise<T>
    : undefined;

export const queue = createQueue({
  store,
  send,
  exclusive: acrossTabs,
  onChange: () => void refresh(),
  // Said in the banner: changes that were kept but can no longer be read are not dropped silently.
  onDropped: (count) => setOfflineSnapshot({ dropped: offlineSnapshot().dropped + count }),
});

/** Replays now (when online) and sets a timer for the next waiting change. */
export async function replayNow() {
  const userId = offlineSnapshot().userId;
  if (!userId || isOffline()) return;
  clearTimeout(timer);
  const report = await queue.replay(userId).catch(() => ({ sent: 0, failed: 0, waiting: 0 }));
  if (report.sent > 0) window.dispatchEvent(new CustomEvent(OFFLINE_SYNCED_EVENT, { detail: report }));
  const next = await queue.nextAttemptAt(userId).catch(() => null);
  if (next !== null) timer = setTimeout(() => void replayNow(), Math.max(500, next - Date.now()));
}

let started = false;
/** Starts the queue for the signed-in user (the app layout calls it once per user). */
export async function startOfflineQueue(userId: string) {
  setOfflineSnapshot({ userId });
  await refresh();
  if (!started) {
    started = true;
    window.addEventListener("online", () => void replayNow());
  }
  await replayNow();
}

/** A change naming the real ids of items created offline that were sent since (and, for an edit, their version as its base). */
export const withRealId = (write: Parameters<typeof queue.withRealId>[0]) => queue.withRealId(write);

/** Queues a change for the signed-in user; a full or refused storage is reported, never hidden. */
export async function enqueueChange(change: Parameters<typeof queue.enqueue>[0]) {
  try {
    const queued = await queue.enqueue(change);
    setOfflineSnapshot({ storageError: null });
    return queued;
  } catch (error) {
    if (error instanceof QueueStorageError) setOfflineSnapshot({ storageError: error.reason });
    throw error;
  }
}

/**
 * Sign-out. `keep`: the user chose to keep their unsent changes on this device; they stay under
 * their user id, are never listed or sent for anyone else, and are replayed at their next sign-in
 * (docs/decisions/0044-offline-queue-rules.md). Otherwise they leave with the rest of their data.
 */
export async function forgetUser(userId: string, { keep = false }: { keep?: boolean } = {}) {
  clearTimeout(timer);
  if (!keep) await store.clearUser(userId).catch(() => undefined);
  setOfflineSnapshot({ userId: null, changes: [], dropped: 0 });
}
