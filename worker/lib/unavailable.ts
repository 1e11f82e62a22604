/**
 * Telling a storage outage from a bug (docs/decisions/0047). Without imports, so the page
 * renderer (app/entry.server.tsx) and the API's error handler share it.
 */

/** Seconds a client waits before retrying after a storage outage (short: most last seconds). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

// What workerd and Cloudflare's storage say when D1, KV or a Durable Object cannot answer for now
// (network loss, overload, reset, timeout), as opposed to a bug or a constraint violation.
const TRANSIENT_MESSAGES = [
  /^D1_ERROR: .*(network connection lost|overloaded|timed? ?out|reset|internal error|unavailable)/i,
  /^KV (GET|PUT|DELETE|LIST)\b.* failed: (5\d\d|429)\b/,
  /network connection lost/i,
  /durable object (is overloaded|reset|storage operation exceeded timeout)/i,
];

/**
 * Whether an error is a storage outage rather than a bug: a Durable Object's `retryable` or
 * `overloaded` flag, or a known outage message, on the error or any of its causes (drizzle wraps
 * D1's errors in its own).
 */
export function isServiceUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const flags = e as { retryable?: unknown; overloaded?: unknown };
    if (flags.retryable === true || flags.overloaded === true) return true;
    if (TRANSIENT_MESSAGES.some((pattern) => pattern.test(e instanceof Error ? e.message : ""))) return true;
  }
  return false;
}
