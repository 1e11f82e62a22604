/**
 * Drizzle's query errors end their message (and so the top of their stack) with every bound value,
 * "\nparams: …": a diary entry's text, a transaction's description, a password hash. Logs say
 * which statement failed, never with what (the privacy policy's "without the content of your data").
 */
const BOUND_VALUES = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

/** `text` without the bound values a failed query lists. */
export const withoutBoundValues = (text: string) => text.replace(BOUND_VALUES, "\nparams: [omitted]");

/** Structured JSON logs: one object per line, which Workers Logs indexes by field. */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...fields }, (_key, value) => (typeof value === "string" ? withoutBoundValues(value) : value));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** Answers slower than this get a request line even when only errors are logged. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Whether a request gets its own JSON line (LOG_REQUESTS). Workers Logs already records every
 * invocation with its method, URL, headers, status and duration, so by default ("errors") Rumo adds
 * a line, with its request id, only where someone will look: server errors and slow answers. "all"
 * (or the former "true") logs every request, "false" none (decision 0051).
 */
export function shouldLogRequest(mode: string | undefined, status: number, durationMs: number): boolean {
  if (mode === "false") return false;
  if (mode === "all" || mode === "true") return true;
  return status >= 500 || durationMs >= SLOW_REQUEST_MS;
}
