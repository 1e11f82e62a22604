/** Structured JSON logs: one object per line, which Workers Logs indexes by field. */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...fields });
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
