/**
 * What the service worker does with each request, as plain functions of URLs and names so that
 * unit tests can check them (app/lib/pwa/rules.test.ts). No worker globals here.
 * docs/decisions/0040-offline-app.md
 */

/** The public pages and the offline fallback: no user's data, shared by whoever uses the browser. */
export const CRITICAL_CACHE = "critical-v1";
/** Where the worker remembers whose caches it may read (survives the worker being stopped). */
export const META_CACHE = "rumo-meta-v1";
export const META_USER_URL = "/__rumo/current-user";
export const USER_CACHE_PREFIX = "rumo-user-";
/** A response the worker answered from its cache because the network failed. */
export const OFFLINE_HEADER = "x-rumo-offline";
export const OFFLINE_FALLBACK = "/offline.html";

/** The pages precached for everyone (public) and those prefetched per user 1 s after load. */
export const PUBLIC_CRITICAL_PAGES = ["/"] as const;
export const PREFETCHED_PAGES = ["/app/meu-impacto", "/app/calendario", "/app/tarefas", "/app/financas"] as const;

/** One cache per user: nothing one user saw can be read while another is signed in. */
export const userCacheName = (userId: string) => `${USER_CACHE_PREFIX}${encodeURIComponent(userId)}-v1`;
export const isUserCache = (name: string) => name.startsWith(USER_CACHE_PREFIX);

/** API reads that must never be stored or served from a cache (sessions, secrets, streams, files). */
const NEVER_CACHED_API = [/^\/api\/v1\/auth\//, /^\/api\/v1\/realtime/, /^\/api\/v1\/me\/export/, /^\/api\/v1\/me\/sessions/, /^\/api\/v1\/billing\//, /^\/api\/v1\/admin\//, /\.csv$/, /\.ics$/, /^\/api\/v1\/calendar\/feed/];

export type RequestKind = "user-page" | "user-data" | "user-api" | "public-page" | "other";

/**
 * GET requests only. Pages under /app and their loader data (`.data`, React Router's single
 * fetch) and /api/v1 reads hold a user's data: cached per user. Other documents are public.
 */
export function classify(url: URL, origin: string, { navigate, acceptsHtml }: { navigate: boolean; acceptsHtml: boolean }): RequestKind {
  if (url.origin !== origin) return "other";
  const path = url.pathname;
  if (path.startsWith("/api/dev") || path.startsWith("/dev/")) return "other";
  if (path.startsWith("/api/")) {
    if (!path.startsWith("/api/v1/") || NEVER_CACHED_API.some((rule) => rule.test(path))) return "other";
    return "user-api";
  }
  if (path.endsWith(".data")) return path.startsWith("/app") ? "user-data" : "other";
  if (navigate || acceptsHtml) {
    if (path === "/app" || path.startsWith("/app/")) return "user-page";
    if (path === "/auth" || path.startsWith("/auth/")) return "other";
    return "public-page";
  }
  return "other";
}

/**
 * The key a response is stored under. React Router adds `_routes` to a `.data` request for the
 * loaders it still needs; the answer without it holds every loader of the page, so a stored full
 * answer serves any subset when offline (the client picks its routes out of it).
 */
export function cacheKeyOf(url: URL): string {
  const key = new URL(url);
  key.searchParams.delete("_routes");
  key.hash = "";
  return key.toString();
}

/** Only a complete answer is stored: a `.data` request naming a subset of loaders is not. */
export function isStorable(url: URL, status: number, redirected: boolean): boolean {
  if (status !== 200 || redirected) return false;
  return !(url.pathname.endsWith(".data") && url.searchParams.has("_routes"));
}

/**
 * Whether an answer may go into a cache that whoever uses the browser next reads (CRITICAL_CACHE).
 * The server sends a page made for a session `private` (worker/lib/page-cache.ts): a public page
 * then differs by reader (its header leads back into the app), and a copy stored while signed in
 * would greet the next reader, or the same one signed out or expired, with "Ir para a app" offline.
 * The stored signed-out copy (the install's, fetched without cookies) is kept instead. Read from
 * the response, rather than purging the cache at sign-out or asking the worker's SET_USER record:
 * only the server knows which session a page was made for, and a session that expires, or is ended
 * from another device, runs no sign-out code in this browser.
 */
export function isShareable(cacheControl: string | null): boolean {
  return !/(?:^|[\s,])(?:private|no-store)(?:[\s,=]|$)/i.test(cacheControl ?? "");
}

/**
 * Whether the worker stores a network answer in `cacheName`: a complete one, and in the public
 * cache only one no reader has made their own. A user's cache takes their `private` pages (it is
 * theirs alone, and deleted at sign-out).
 */
export function storesIn(cacheName: string, url: URL, answer: { status: number; redirected: boolean; cacheControl: string | null }): boolean {
  if (!isStorable(url, answer.status, answer.redirected)) return false;
  return cacheName !== CRITICAL_CACHE || isShareable(answer.cacheControl);
}

/** Messages the pages send to the worker. */
export type WorkerMessage = { type: "SKIP_WAITING" } | { type: "SET_USER"; userId: string } | { type: "CLEAR_USER" } | { type: "ASK_SERVED_FROM_CACHE" };
/** Messages the worker sends to its pages. */
export type PageMessage = { type: "SERVED_FROM_CACHE"; url: string } | { type: "SERVED_FROM_NETWORK" };
