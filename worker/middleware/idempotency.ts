import { encodeHexLowerCase } from "@oslojs/encoding";
import { createMiddleware } from "hono/factory";
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from "../db/idempotency";
import { apiError } from "../lib/errors";
import { log } from "../lib/log";
import type { AppEnv } from "../types";

/**
 * The writes the offline queue replays (app/lib/offline/): each may carry an Idempotency-Key, and
 * a replay of a key answers the first answer without writing again. Paths under /api/v1.
 */
export const IDEMPOTENT_WRITES: readonly { method: "POST" | "PATCH" | "PUT" | "DELETE"; path: RegExp }[] = [
  { method: "POST", path: /^\/tasks\/?$/ },
  { method: "PATCH", path: /^\/tasks\/[^/]+\/?$/ },
  // A task's step ticked or unticked (0114): a set, not a toggle, so a replay writes the same.
  { method: "PATCH", path: /^\/tasks\/[^/]+\/steps\/[^/]+\/?$/ },
  { method: "POST", path: /^\/transactions\/?$/ },
  { method: "PATCH", path: /^\/transactions\/[^/]+\/?$/ },
  { method: "POST", path: /^\/diary\/?$/ },
  { method: "PATCH", path: /^\/diary\/[^/]+\/?$/ },
  { method: "POST", path: /^\/routines\/[^/]+\/check-ins\/?$/ },
  // A routine's step ticked (0112): ticking the last one checks the day in, as the check-in above.
  { method: "POST", path: /^\/routines\/[^/]+\/steps\/[^/]+\/ticks\/?$/ },
  // A routine's count of a day (0117): absolute, so a replay writes the same; the key answers it once.
  { method: "PUT", path: /^\/routines\/[^/]+\/counts\/[^/]+\/?$/ },
  // Calendar events: a new one, and an edit of an event, of a whole series or (with
  // `?occurrence=&scope=one`) of one occurrence. The query is part of the request the key names.
  { method: "POST", path: /^\/events\/?$/ },
  { method: "PATCH", path: /^\/events\/[^/]+\/?$/ },
  // A goal's progress or status, and a milestone ticked or unticked.
  { method: "PATCH", path: /^\/goals\/[^/]+\/?$/ },
  { method: "PATCH", path: /^\/goals\/[^/]+\/milestones\/[^/]+\/?$/ },
  // A cycle day logged or changed, and a period logged as a range (0105).
  { method: "POST", path: /^\/cycle\/days\/?$/ },
  { method: "POST", path: /^\/cycle\/days\/range\/?$/ },
  { method: "PATCH", path: /^\/cycle\/days\/[^/]+\/?$/ },
  // A replayed delete answers its first 204, not a 404 that would read as a refusal.
  { method: "DELETE", path: /^\/cycle\/days\/[^/]+\/?$/ },
  // A cycle the person said really was long, and that word taken back (0113 "Revised").
  { method: "POST", path: /^\/cycle\/long-cycles\/?$/ },
  { method: "DELETE", path: /^\/cycle\/long-cycles\/[^/]+\/?$/ },
  // A diary entry deleted offline, the same way (0108 "Revised").
  { method: "DELETE", path: /^\/diary\/[^/]+\/?$/ },
];

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer that was stored, not computed now. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** What a key may be (a UUID is one); the diary's `baseSaveKey` names a key too. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
const API_PREFIX = "/api/v1";

const isCovered = (method: string, path: string) =>
  path.startsWith(API_PREFIX) && IDEMPOTENT_WRITES.some((write) => write.method === method && write.path.test(path.slice(API_PREFIX.length)));

async function sha256(text: string) {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/**
 * Idempotency keys (docs/decisions/0040-offline-app.md). Only successful answers are kept: a
 * failed write (validation, 402, 404, 5xx) releases its key, so the same change can be retried
 * after it is fixed. The same key with another method, path or body is refused with 409, and a
 * key whose first request is still running with 409 too (the client retries later).
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const auth = c.get("auth");
  // Without a session the route itself answers 401; other routes ignore the header.
  if (key === undefined || !auth) return next();
  const path = c.req.path;
  if (!isCovered(c.req.method, path)) return next();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw apiError("validation_failed", { fields: { [IDEMPOTENCY_HEADER]: "errors:idempotency.invalidKey" } });

  const userId = auth.user.id;
  // Hono keeps the text: the route's validator parses the same body afterwards.
  const body = await c.req.text();
  // The query too, when there is one: an event edit's `?occurrence=&scope=` says which occurrences
  // change, so the same key for another occurrence is another request (refused, not replayed).
  // Without one the hash is as it always was (keys stored before stay valid).
  const search = new URL(c.req.url).search;
  const requestHash = await sha256(`${c.req.method} ${path}${search}\n${body}`);
  const claim = await claimIdempotencyKey(c.env.DB, userId, key, { requestHash, method: c.req.method, path });
  if (!claim.claimed) {
    const { existing } = claim;
    if (existing.requestHash !== requestHash) throw apiError("conflict", { messageKey: "errors:idempotency.reused" });
    if (existing.status === null || existing.body === null) throw apiError("conflict", { messageKey: "errors:idempotency.inProgress", headers: { "Retry-After": "2" } });
    // A 204 has no body (the Response constructor refuses one, even empty).
    return new Response(existing.status === 204 || existing.status === 205 ? null : existing.body, {
      status: existing.status,
      headers: { "content-type": existing.contentType ?? "application/json", [REPLAYED_HEADER]: "true" },
    });
  }

  try {
    await next();
  } catch (error) {
    await releaseIdempotencyKey(c.env.DB, userId, key);
    throw error;
  }
  // Hono turns thrown errors into c.res through onError before this point in some paths.
  if (c.res.status >= 200 && c.res.status < 300) {
    try {
      await storeIdempotentAnswer(c.env.DB, userId, key, { status: c.res.status, contentType: c.res.headers.get("content-type"), body: await c.res.clone().text() });
    } catch (error) {
      // The write has landed: answer it, or the client would retry a change that exists (0047).
      log("error", "idempotent_answer_not_stored", { userId, path, error: error instanceof Error ? error.message : String(error) });
    }
  } else {
    await releaseIdempotencyKey(c.env.DB, userId, key);
  }
});
