export const PREMIUM_REQUIRED_EVENT = "rumo:premium-required";

// The account a signed-in page shows, named on its calls (docs/decisions/0057, lib/session-user.ts).
export const SIGNED_IN_USER_HEADER = "x-rumo-user";
/** The WebSocket upgrade cannot carry headers: the realtime URL names the user in this parameter. */
export const SIGNED_IN_USER_PARAM = "user";
/** Raised when the server no longer knows this page's user as signed in: the shell leaves the page. */
export const SESSION_CHANGED_EVENT = "rumo:session-changed";
/** Raised when the server says this page's account was deleted: the shell forgets it and leaves. */
export const ACCOUNT_DELETED_EVENT = "rumo:account-deleted";
/** Where a deleted account's pages go, every tab of it: the landing, whose `?notice=` says it was deleted. */
export const ACCOUNT_DELETED_NOTICE = "account-deleted";
export const ACCOUNT_DELETED_HOME = `/?notice=${ACCOUNT_DELETED_NOTICE}`;

let pageUser: string | null = null;

/** Set by the /app shell while it is mounted (null again when it leaves). */
export function setPageUser(userId: string | null) {
  pageUser = userId;
}

export const pageUserId = () => pageUser;

/** The header naming the page's user, for calls made on its behalf (none outside the shell). */
export const signedInUserHeaders = (userId: string | null = pageUser): Record<string, string> => (userId ? { [SIGNED_IN_USER_HEADER]: userId } : {});

/** The API's error shape (../shared/API.md). */
export type ApiErrorBody = { code: string; message: string; fields?: Record<string, string>; requestId?: string };

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody };

/** Waits before retrying a GET that met a 503 or no answer: 1 s, then 2 s, then 4 s. */
export const GET_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;
/** A server's Retry-After is honoured up to this (a longer outage is shown, not waited out). */
export const MAX_RETRY_AFTER_MS = 10_000;

type Attempt<T> = { result: ApiResult<T>; retryAfterMs?: number };

/**
 * The bodies of a page's keepalive requests may not add up to more than 64 KiB (the Fetch
 * standard's quota; over it, fetch rejects): a larger body is sent as a plain request.
 */
export const KEEPALIVE_BODY_LIMIT = 64 * 1024;
/** Bytes of keepalive bodies left while the page goes away; null when it is not going away. */
let keepaliveBudget: number | null = null;

/**
 * Runs `start` as the page goes away (pagehide): the writes it starts are keepalive requests, so the
 * browser finishes them after the page is gone. apiFetch calls fetch before its first await, so a
 * write started inside `start` is decided here, and nothing else runs meanwhile.
 */
export function asPageLeaves(start: () => void) {
  keepaliveBudget = KEEPALIVE_BODY_LIMIT;
  try {
    start();
  } finally {
    keepaliveBudget = null;
  }
}

/** Whether a write with this body is sent keepalive (the page is going away and the quota allows). */
function keepaliveFor(method: string, body: string | undefined) {
  if (keepaliveBudget === null || method === "GET") return undefined;
  const size = body === undefined ? 0 : new TextEncoder().encode(body).byteLength;
  if (size > keepaliveBudget) return undefined;
  keepaliveBudget -= size;
  return true;
}

async function attempt<T>(path: string, method: string, init: { body?: unknown; headers?: Record<string, string> }): Promise<Attempt<T>> {
  try {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const response = await fetch(`/api/v1${path}`, {
      method,
      headers: {
        ...(init.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" }),
        ...signedInUserHeaders(),
        ...init.headers,
      },
      body,
      credentials: "same-origin",
      keepalive: keepaliveFor(method, body),
    });
    const text = await response.text();
    const payload = text ? JSON.parse(text) : null;
    if (response.ok) return { result: { ok: true, status: response.status, data: payload as T } };
    // The shell offers the upgrade wherever the server says the plan does not include a feature.
    if (response.status === 402) window.dispatchEvent(new CustomEvent(PREMIUM_REQUIRED_EVENT));
    // The page's user is not the session's any more (signed out, or another account signed in
    // meanwhile): the shell leaves the page.
    if (response.status === 401 && payload?.error?.code === "unauthenticated" && pageUser) window.dispatchEvent(new CustomEvent(SESSION_CHANGED_EVENT));
    const retryAfter = Number(response.headers.get("retry-after"));
    return {
      result: { ok: false, status: response.status, error: payload?.error ?? { code: "unknown", message: "" } },
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    };
  } catch {
    // Offline, the reason is known and worth saying: a screen's own "Erro ao guardar" (or nothing,
    // where the screen shows the message alone) would leave the person guessing.
    return { result: { ok: false, status: 0, error: { code: "network", message: isOffline() ? offlineMessage : "" } } };
  }
}

/** Whether the browser says it is offline (never on the server, where there is no navigator). */
export const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

let offlineMessage = "";
/**
 * The message of a write that failed because the browser is offline, in the page's language (the
 * app's shell sets it: this module has no translations of its own). Writes the offline queue keeps
 * never show it: they are queued instead.
 */
export function setOfflineMessage(message: string) {
  offlineMessage = message;
}

/**
 * Calls the JSON API from the browser (same origin, cookie session). Network failures become an
 * error result with code "network", so screens have one path for every failure.
 *
 * A GET that meets a storage outage (503) or no answer is retried a few times with backoff,
 * honouring Retry-After (docs/decisions/0047): reads are safe to repeat, and most outages last
 * seconds. Writes are never repeated here: the offline queue replays them with their
 * Idempotency-Key (app/lib/offline/write.ts), so a retry cannot write twice.
 */
export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  for (let tries = 0; ; tries++) {
    const { result, retryAfterMs } = await attempt<T>(path, method, init);
    const transient = !result.ok && (result.status === 503 || (result.status === 0 && !isOffline()));
    if (method !== "GET" || !transient || tries >= GET_RETRY_DELAYS_MS.length) return result;
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfterMs ?? GET_RETRY_DELAYS_MS[tries], MAX_RETRY_AFTER_MS)));
  }
}
