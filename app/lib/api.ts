export const PREMIUM_REQUIRED_EVENT = "rumo:premium-required";

/** The API's error shape (../shared/API.md). */
export type ApiErrorBody = { code: string; message: string; fields?: Record<string, string>; requestId?: string };

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody };

/**
 * Calls the JSON API from the browser (same origin, cookie session). Network failures become an
 * error result with code "network", so screens have one path for every failure.
 */
export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(`/api/v1${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { ...(init.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
    const text = await response.text();
    const payload = text ? JSON.parse(text) : null;
    if (response.ok) return { ok: true, status: response.status, data: payload as T };
    // The shell offers the upgrade wherever the server says the plan does not include a feature.
    if (response.status === 402) window.dispatchEvent(new CustomEvent(PREMIUM_REQUIRED_EVENT));
    return { ok: false, status: response.status, error: payload?.error ?? { code: "unknown", message: "" } };
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "" } };
  }
}
