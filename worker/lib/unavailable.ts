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
  return errorChain(err).some((e) => {
    const flags = e as { retryable?: unknown; overloaded?: unknown };
    return flags.retryable === true || flags.overloaded === true || TRANSIENT_MESSAGES.some((pattern) => pattern.test(e.message));
  });
}

/** An error and its causes, outermost first (drizzle wraps D1's errors in its own), at most five deep. */
export function errorChain(err: unknown): Error[] {
  const chain: Error[] = [];
  for (let e = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

/** Whether the error or one of its causes says `pattern` (a constraint D1 names, say). */
export const errorSays = (err: unknown, pattern: RegExp) => errorChain(err).some((e) => pattern.test(e.message));
