import { vi } from "vitest";

/**
 * What a signed-in user leaves in this browser besides the offline queue, faked for tests (call in
 * a happy-dom test; `vi.unstubAllGlobals` undoes the caches, `forgetServiceWorker` the worker):
 * Cache Storage holding `cacheNames`, and a service worker controlling the page that records the
 * messages it is sent.
 */
export function fakeBrowserData(cacheNames: string[]) {
  const names = new Set(cacheNames);
  vi.stubGlobal("caches", {
    keys: async () => [...names],
    delete: async (name: string) => names.delete(name),
  });
  const toWorker: unknown[] = [];
  const worker = { postMessage: (message: unknown) => toWorker.push(message) };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { controller: worker, getRegistration: async () => ({ active: worker }) },
  });
  return { cacheNames: () => [...names], toWorker };
}

export function forgetServiceWorker() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
