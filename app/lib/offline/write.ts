import { apiFetch, isOffline, type ApiResult } from "~/lib/api";
import type { ChangeKind, QueuedChange } from "./queue";
import { isOfflineId, OFFLINE_ID_PREFIX, offlineSnapshot } from "./state";

export type Queued = { queued: true; tempId: string } | { queued: false; storageError: "quota" | "unavailable" };

/**
 * `origin`: the screen that sends every field at each edit, if it does (QueuedChange.origin).
 * `key`: the Idempotency-Key, when the screen must know it (a later write names this one: the
 * diary's `baseSaveKey`); a new one otherwise.
 */
export type OfflineWrite = { kind: ChangeKind; method: "POST" | "PATCH" | "DELETE"; path: string; body: Record<string, unknown>; label: string; origin?: string; key?: string };

/**
 * A PUT of a whole state at its path (a routine's count of a day, 0117): a later one replaces a
 * queued one not sent yet (queue.ts). Apart from OfflineWrite, whose screens never send one.
 */
export type WholeStateWrite = Omit<OfflineWrite, "method"> & { method: "PUT" };

/**
 * A write the offline queue covers. Sent at once with its own Idempotency-Key; when no answer
 * comes (offline) it is queued with that same key, so if the server did get it, the replay is
 * answered without a second write. While older changes wait in the queue, a new one queues
 * behind them, so changes reach the server in the order they were made. A storage outage (503:
 * nothing was written, docs/decisions/0047) is queued the same way and replayed when it ends.
 */
export async function writeOrQueue<T>(request: OfflineWrite | WholeStateWrite): Promise<ApiResult<T> | Queued> {
  // An item created offline and sent since: a screen may still name it by its temporary id (the
  // diary's writer keeps it), and the change goes to its real id like any other, from its creation's version.
  const write = isOfflineId(request.path) ? { ...request, ...(await import("./runtime")).withRealId(request) } : request;
  const key = request.key ?? crypto.randomUUID();
  const { userId, changes } = offlineSnapshot();
  const waiting = userId !== null && changes.some((change) => change.status === "pending");
  // An item created offline has no id the server knows: its edits can only go through the queue.
  const ofOfflineItem = isOfflineId(write.path);
  // The browser knows it has no network: nothing is sent, so the change can still be folded.
  const knownOffline = userId !== null && isOffline();
  let sent = false;
  let unavailable = false;
  if (!waiting && !ofOfflineItem && !knownOffline) {
    // A DELETE has no body (the replay sends none either: the key's request is the same).
    const result = await apiFetch<T>(write.path, { method: write.method, body: write.method === "DELETE" ? undefined : write.body, headers: { "Idempotency-Key": key } });
    unavailable = !result.ok && result.status === 503;
    // Without a signed-in user known to the queue there is nowhere to keep it: the error stands.
    // No answer (it may have landed) or 503 (the server is down for a while): queued with its key,
    // its body fixed from now on.
    if (result.ok || (result.error.code !== "network" && !unavailable) || userId === null) return result;
    sent = true;
  }
  if (userId === null) return { queued: false, storageError: "unavailable" };
  const { enqueueChange, replayNow } = await import("./runtime");
  const creates = write.kind.endsWith(".create");
  const change = await enqueueChange({ ...write, userId, key, sent, tempId: creates ? `${OFFLINE_ID_PREFIX}${key}` : undefined }).catch(
    (error: unknown) => ({ storageError: (error as { reason?: "quota" | "unavailable" }).reason ?? ("unavailable" as const) }),
  );
  if ("storageError" in change) return { queued: false, storageError: change.storageError };
  // Replayed now, and then on its own timer: a 503 waits out the server's Retry-After, and a change
  // that got no answer while the browser says it is online is tried again with a growing delay
  // (nothing else would send it before the next write or load). Known offline, this does nothing:
  // the "online" event replays.
  void replayNow();
  // A folded edit answers the id of the item it was folded into.
  return { queued: true, tempId: change.tempId ?? `${OFFLINE_ID_PREFIX}${change.key}` };
}

/**
 * A queued change the server refused, replaced at its place in the queue by another write that
 * keeps its words (a diary edit refused as a conflict becomes a new entry: docs/decisions/0091),
 * and replayed. A creation gets a temporary id as in writeOrQueue. Null when another tab already
 * replaced, retried or discarded it.
 */
export async function replaceQueued(change: QueuedChange, request: OfflineWrite): Promise<QueuedChange | null> {
  const { queue, replayNow } = await import("./runtime");
  const key = crypto.randomUUID();
  const replaced = await queue.replace(change, { ...request, key, tempId: request.kind.endsWith(".create") ? `${OFFLINE_ID_PREFIX}${key}` : undefined });
  if (replaced) void replayNow();
  return replaced;
}

export { isOfflineId, OFFLINE_ID_PREFIX } from "./state";

export const isQueued = (result: unknown): result is Queued => typeof result === "object" && result !== null && "queued" in result;
