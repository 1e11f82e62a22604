/**
 * The signed-in user's side of the service worker: tells it whose caches to use, prefetches the
 * main screens 1 s after load (so they open offline) and clears the user's caches at sign-out.
 */
import { isUserCache, PREFETCHED_PAGES, type WorkerMessage } from "./rules";

export const PREFETCH_DELAY_MS = 1_000;

async function tellWorker(message: WorkerMessage) {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const worker = navigator.serviceWorker.controller ?? registration?.active ?? null;
  worker?.postMessage(message);
}

let prefetched: string | null = null;

export async function startPwaSession(userId: string) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  // Waits for an active worker (the first visit registers it just now); never resolves without one.
  const registration = await sw.ready;
  registration.active?.postMessage({ type: "SET_USER", userId } satisfies WorkerMessage);
  if (prefetched === userId) return;
  prefetched = userId;
  // Only once a worker controls the page: without it the answers would not be stored.
  if (!sw.controller) await new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
  setTimeout(() => {
    if (!navigator.onLine) return;
    for (const path of PREFETCHED_PAGES) {
      void fetch(path, { headers: { accept: "text/html" }, credentials: "same-origin" }).catch(() => undefined);
      void fetch(`${path}.data`, { credentials: "same-origin" }).catch(() => undefined);
    }
  }, PREFETCH_DELAY_MS);
}

/** Sign-out: every per-user cache goes, and the worker forgets the user. */
export async function clearPwaUserData() {
  prefetched = null;
  await tellWorker({ type: "CLEAR_USER" });
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) if (isUserCache(name)) await caches.delete(name);
}
