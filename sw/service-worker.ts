/**
 * Rumo's service worker (built by scripts/build-sw.mjs after `react-router build`: bundled, then
 * Serwist injects the precache list of build/client with its hashed asset names).
 *
 * - Precache: the app's scripts, styles, icons, manifest and the offline page.
 * - critical-v1: the public root page, refreshed on every visit, never with a copy made for a
 *   signed-in reader (answered `private`: its header leads into the app, see isShareable).
 * - Per-user cache (rumo-user-<id>-v1): /app pages, their loader data and /api/v1 reads, network
 *   first; when the network fails the last stored answer is served, marked with x-rumo-offline,
 *   and the page is told so. The pages say who is signed in (SET_USER) and clear it at sign-out.
 * - Updates wait until the page sends SKIP_WAITING (app/lib/pwa/register.ts).
 * docs/decisions/0040-offline-app.md
 */
import { Serwist, type PrecacheEntry, type RouteHandlerCallbackOptions } from "serwist";
import {
  cacheKeyOf,
  classify,
  CRITICAL_CACHE,
  isShareable,
  isUserCache,
  META_CACHE,
  META_USER_URL,
  OFFLINE_FALLBACK,
  OFFLINE_HEADER,
  PUBLIC_CRITICAL_PAGES,
  storesIn,
  userCacheName,
  type PageMessage,
  type WorkerMessage,
} from "../app/lib/pwa/rules";
import { isUsableCachedBody } from "../app/lib/pwa/cache-check";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

let currentUser: Promise<string | null> | null = null;

function readUser(): Promise<string | null> {
  currentUser ??= caches
    .open(META_CACHE)
    .then((cache) => cache.match(META_USER_URL))
    .then(async (response) => (response ? (await response.text()) || null : null))
    .catch(() => null);
  return currentUser;
}

/** Remembers who is signed in; another user's caches are deleted at once (a shared browser). */
async function writeUser(userId: string | null) {
  currentUser = Promise.resolve(userId);
  const meta = await caches.open(META_CACHE);
  if (userId) await meta.put(META_USER_URL, new Response(userId));
  else await meta.delete(META_USER_URL);
  const keep = userId ? userCacheName(userId) : null;
  for (const name of await caches.keys()) if (isUserCache(name) && name !== keep) await caches.delete(name);
}

/**
 * Pages shown a stored answer, by client id, with the path served. A navigation's page does not
 * exist yet while its answer is served, so a message sent then is lost: the page asks once its
 * listener is there (ASK_SERVED_FROM_CACHE). A page listed here is told when the network answers
 * it again. Held in memory only: a worker stopped meanwhile forgets, and the page then shows no
 * notice rather than a wrong one.
 */
const servedStale = new Map<string, string>();

/** The page a request is for: a navigation's new page, otherwise the page that asked. */
const pageOf = (request: Request, event: FetchEvent) => (request.mode === "navigate" ? event.resultingClientId : event.clientId) || "";

async function tellPage(clientId: string, message: PageMessage) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

async function rememberStale(clientId: string, path: string) {
  if (!clientId) return;
  servedStale.set(clientId, path);
  // Pages closed since are dropped, so the list holds only open pages.
  for (const id of servedStale.keys()) if (id !== clientId && !(await self.clients.get(id))) servedStale.delete(id);
}

function markedOffline(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_HEADER, "1");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The stored answer for `key` if it still reads whole; a damaged one is deleted (the next request
 * with a connection stores it again) and an unreadable cache counts as empty, never an error.
 */
async function readUsable(cacheName: string, key: string): Promise<Response | undefined> {
  try {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(key);
    if (!cached) return undefined;
    if (isUsableCachedBody(cached.headers.get("content-type"), await cached.clone().text())) return cached;
    await cache.delete(key);
  } catch {
    // Cache Storage itself failed (damaged profile, storage evicted meanwhile).
  }
  return undefined;
}

/** Network first into `cacheName`; the stored answer (marked) when the network fails. */
async function networkFirst(cacheName: string | null, { request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const url = new URL(request.url);
  const key = cacheKeyOf(url);
  const page = pageOf(request, event as FetchEvent);
  try {
    const response = await fetch(request);
    if (servedStale.delete(page)) void tellPage(page, { type: "SERVED_FROM_NETWORK" });
    // A signed-in reader's public page is not stored (storesIn): the signed-out copy already in the
    // public cache stays the one served offline.
    if (cacheName && storesIn(cacheName, url, { status: response.status, redirected: response.redirected, cacheControl: response.headers.get("cache-control") })) {
      const copy = response.clone();
      // A full disk must not fail the page: the answer is still returned.
      (event as FetchEvent).waitUntil?.(caches.open(cacheName).then((cache) => cache.put(key, copy)).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const cached = cacheName ? await readUsable(cacheName, key) : undefined;
    if (cached) {
      await rememberStale(page, url.pathname);
      void tellPage(page, { type: "SERVED_FROM_CACHE", url: url.pathname });
      return markedOffline(cached);
    }
    if (request.mode === "navigate") {
      const fallback = (await caches.match(OFFLINE_FALLBACK, { ignoreSearch: true })) ?? (await serwist.matchPrecache(OFFLINE_FALLBACK));
      if (fallback) return fallback;
    }
    throw error;
  }
}

const isHtml = (request: Request) => request.mode === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits for the page's SKIP_WAITING (Serwist listens for it when this is false).
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && ["user-page", "user-data", "user-api"].includes(classify(url, self.location.origin, { navigate: request.mode === "navigate", acceptsHtml: isHtml(request) })),
      handler: async (options) => {
        const userId = await readUser();
        return networkFirst(userId ? userCacheName(userId) : null, options);
      },
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && classify(url, self.location.origin, { navigate: request.mode === "navigate", acceptsHtml: isHtml(request) }) === "public-page",
      handler: async (options) => networkFirst(PUBLIC_CRITICAL_PAGES.includes(options.url.pathname as "/") ? CRITICAL_CACHE : null, options),
    },
  ],
});

self.addEventListener("message", (event) => {
  const data = event.data as WorkerMessage | undefined;
  if (data?.type === "SET_USER" && typeof data.userId === "string") event.waitUntil(writeUser(data.userId));
  else if (data?.type === "CLEAR_USER") event.waitUntil(writeUser(null));
  else if (data?.type === "ASK_SERVED_FROM_CACHE") {
    const source = event.source;
    const path = source && "id" in source ? servedStale.get(source.id) : undefined;
    if (source && path !== undefined) source.postMessage({ type: "SERVED_FROM_CACHE", url: path } satisfies PageMessage);
  }
});

// The public root page for offline starts, fetched without cookies so it can hold no one's data
// (nor a signed-in header), and past the HTTP cache, which may hold the page as a signed-in reader
// got it. A new version's install rewrites the copy, so one stored before `private` existed goes.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CRITICAL_CACHE)
      .then((cache) => Promise.all(PUBLIC_CRITICAL_PAGES.map(async (path) => {
        const response = await fetch(path, { credentials: "omit", cache: "no-store" });
        if (response.ok && isShareable(response.headers.get("cache-control"))) await cache.put(new URL(path, self.location.origin).toString(), response);
      })))
      .catch(() => undefined),
  );
});

serwist.addEventListeners();
