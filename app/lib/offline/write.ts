import { apiFetch, type ApiResult } from "~/lib/api";
import type { ChangeKind } from "./queue";
import { offlineSnapshot } from "./state";

export type Queued = { queued: true; tempId: string } | { queued: false; storageError: "quota" | "unavailable" };

export type OfflineWrite = { kind: ChangeKind; method: "POST" | "PATCH"; path: string; body: Record<string, unknown>; label: string };

/**
 * A write the offline queue covers. Sent at once with its own Idempotency-Key; when no answer
 * comes (offline) it is queued with that same key, so if the server did get it, the replay is
 * answered without a second write. While older changes wait in the queue, a new one queues
 * behind them, so changes reach the server in the order they were made. A storage outage (503:
 * nothing was written, docs/decisions/0047) is queued the same way and replayed when it ends.
 */
export async function writeOrQueue<T>(write: OfflineWrite): Promise<ApiResult<T> | Queued> {
  const key = crypto.randomUUID();
  const { userId, changes } = offlineSnapshot();
  const waiting = userId !== null && changes.some((change) => change.status === "pending");
  let unavailable = false;
  if (!waiting) {
    const result = await apiFetch<T>(write.path, { method: write.method, body: write.body, headers: { "Idempotency-Key": key } });
    unavailable = !result.ok && result.status === 503;
    // Without a signed-in user known to the queue there is nowhere to keep it: the error stands.
    if (result.ok || (result.error.code !== "network" && !unavailable) || userId === null) return result;
  }
  const { enqueueChange, replayNow } = await import("./runtime");
  const tempId = `offline-${key}`;
  try {
    await enqueueChange({ ...write, userId: userId!, key, tempId: write.method === "POST" ? tempId : undefined });
  } catch (error) {
    return { queued: false, storageError: (error as { reason?: "quota" | "unavailable" }).reason ?? "unavailable" };
  }
  // Online but unavailable: replay now, which waits out the server's Retry-After.
  if (waiting || unavailable) void replayNow();
  return { queued: true, tempId };
}

export const isQueued = (result: unknown): result is Queued => typeof result === "object" && result !== null && "queued" in result;
