import { addErrorCounts } from "../db/admin";
import type { Db } from "../db/client";
import { log } from "../lib/log";

/**
 * Error answers feed the health screen's counts by route. Writing one upsert per error answer made
 * every API 404 (crawlers, stale clients) a D1 write on the hot path (docs/decisions/0041, Revised):
 * the isolate now adds them up in memory and writes them at most once per FLUSH_MS, in one batch.
 * The first error of a window holds its request open (waitUntil) until the write is done, so no
 * count is lost when the isolate is evicted; readers flush first (`flushErrorCounts`).
 */
export const ERROR_FLUSH_MS = 1000;

type Pending = { route: string; at: Date; client: number; server: number };
const pending = new Map<string, Pending>();
let scheduled = false;

/** Counts one error answer; `waitUntil` keeps the request that opens a window alive until its write. */
export function countErrorAnswer(db: Db, route: string, status: number, at: Date, waitUntil: (promise: Promise<unknown>) => void) {
  const server = status >= 500 ? 1 : 0;
  // One entry per route and minute: the write puts each in its 5-minute bucket.
  const key = `${route}\u0000${Math.floor(at.getTime() / 60_000)}`;
  const entry = pending.get(key);
  if (entry) {
    entry.client += 1 - server;
    entry.server += server;
  } else {
    pending.set(key, { route, at, client: 1 - server, server });
  }
  if (scheduled) return;
  scheduled = true;
  waitUntil(
    new Promise((resolve) => setTimeout(resolve, ERROR_FLUSH_MS)).then(() => {
      scheduled = false;
      return flushErrorCounts(db);
    }),
  );
}

/** Writes the counts added up so far (one batch); the health screen calls it before reading. */
export async function flushErrorCounts(db: Db) {
  if (pending.size === 0) return;
  const counts = [...pending.values()];
  pending.clear();
  try {
    await addErrorCounts(db, counts);
  } catch (err) {
    log("error", "error_count_failed", { error: err instanceof Error ? err.message : String(err), routes: counts.length });
  }
}
