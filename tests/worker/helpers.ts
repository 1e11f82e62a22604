import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost";

/** A same-origin JSON request to the Worker, as the app's own pages make it. */
export function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  return SELF.fetch(`${ORIGIN}/api/v1${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The JSON body of a response, untyped (tests assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (response: Response): Promise<any> => response.json();
