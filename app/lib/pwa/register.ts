/**
 * Registers /sw.js (scope /) after hydration (root.tsx imports this lazily) and runs updates:
 * a new worker waiting while another controls the page is an update; on desktop it is applied
 * after 1 s (once the page is left alone: see applyWhenIdle), elsewhere the user is asked (a confirm
 * prompt). Applying = SKIP_WAITING to the waiting worker, then one reload when the new worker takes control.
 */
import type { PageMessage, WorkerMessage } from "./rules";
import { captureInstallPrompt } from "./install";
import { applyOrientation, readOrientation } from "./orientation";
import { dispatchPwa } from "./state";

export const UPDATE_RELOAD_DELAY_MS = 1_000;
/** Desktop: how long after the user's last key, click, touch or scroll the page counts as in use (the specification's idle threshold). */
export const UPDATE_IDLE_MS = 30_000;

let updating = false;

function applyUpdate(registration: ServiceWorkerRegistration) {
  if (!registration.waiting) return;
  updating = true;
  registration.waiting.postMessage({ type: "SKIP_WAITING" });
  // Chromium may stop and restart the active (old) worker just then, and leave the new one waiting
  // although told to skip it (about one test run in five, tests/e2e/pwa.spec.ts). The reload the
  // user accepted happens anyway after a while: its navigation lets the browser take the new version.
  // Once a minute at most: a version that never takes over must not become a loop of reloads.
  setTimeout(() => {
    if (!registration.waiting) return;
    try {
      if (Date.now() - Number(sessionStorage.getItem(STUCK_UPDATE_KEY) ?? 0) < 60_000) return;
      sessionStorage.setItem(STUCK_UPDATE_KEY, String(Date.now()));
    } catch {
      return; // no session storage: no way to tell a second time, so no fallback
    }
    window.location.reload();
  }, STUCK_UPDATE_RELOAD_MS);
}

const STUCK_UPDATE_RELOAD_MS = 4_000;
const STUCK_UPDATE_KEY = "rumo:update-reloaded-at";

/** When the user last pressed a key, clicked, touched, typed or scrolled (null: not since the page loaded). */
let lastUseAt: number | null = null;
const noteUse = () => {
  lastUseAt = Date.now();
};

/**
 * Desktop: the update 1 s after it is found, but never under the user's hands. The reload remakes
 * the screen from its address: words typed within an autosave's pause are lost, and a screen's own
 * state goes (the diary, saved while a new version installed, came back as a blank writer instead of
 * its list). So while the page is in use it waits until it has been left alone for UPDATE_IDLE_MS.
 */
function applyWhenIdle(registration: ServiceWorkerRegistration, wait = UPDATE_RELOAD_DELAY_MS) {
  setTimeout(() => {
    const inUse = lastUseAt === null ? 0 : lastUseAt + UPDATE_IDLE_MS - Date.now();
    if (inUse > 0) applyWhenIdle(registration, inUse);
    else applyUpdate(registration);
  }, wait);
}

/** Desktop: no touch-first pointer and a wide window (the specification's "desktop flow"). */
const isDesktop = () => !window.matchMedia("(pointer: coarse)").matches && window.innerWidth >= 768;

export async function registerServiceWorker(options: { confirmUpdate: () => boolean }) {
  captureInstallPrompt();
  void applyOrientation(readOrientation());
  if (!("serviceWorker" in navigator)) return;
  for (const type of ["keydown", "pointerdown", "input", "wheel"]) window.addEventListener(type, noteUse, { capture: true, passive: true });
  const sw = navigator.serviceWorker;
  const offerUpdate = (registration: ServiceWorkerRegistration) => {
    if (isDesktop()) applyWhenIdle(registration);
    else if (options.confirmUpdate()) applyUpdate(registration);
  };
  // The first worker also takes control (clients.claim): only a requested update reloads.
  sw.addEventListener("controllerchange", () => {
    if (updating) window.location.reload();
  });
  sw.addEventListener("message", (event: MessageEvent<PageMessage>) => {
    if (event.data?.type === "SERVED_FROM_CACHE") dispatchPwa({ type: "served-from-cache" });
    else if (event.data?.type === "SERVED_FROM_NETWORK") dispatchPwa({ type: "served-from-network" });
  });
  // This runs after hydration: the worker's word that this page itself came from the cache was
  // sent before the page existed, so it is asked for again.
  sw.controller?.postMessage({ type: "ASK_SERVED_FROM_CACHE" } satisfies WorkerMessage);
  window.addEventListener("online", () => dispatchPwa({ type: "online" }));

  dispatchPwa({ type: "register-start" });
  let registration: ServiceWorkerRegistration;
  try {
    registration = await sw.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch {
    dispatchPwa({ type: "register-failed" });
    return;
  }
  const controlled = sw.controller !== null;
  dispatchPwa({ type: "registered", controlled, waiting: registration.waiting !== null });
  if (registration.waiting && controlled) offerUpdate(registration);
  const watched = new WeakSet<ServiceWorker>();
  const watch = (installing: ServiceWorker | null) => {
    if (!installing || watched.has(installing)) return;
    watched.add(installing);
    installing.addEventListener("statechange", () => {
      if (installing.state !== "installed") return;
      const hasController = sw.controller !== null;
      dispatchPwa({ type: "installed", controlled: hasController });
      if (hasController) offerUpdate(registration);
    });
  };
  // The browser checks for a new worker on every navigation, before this code runs: that one may
  // already be installing (its updatefound came before this listener), and would be missed.
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  // A long-open tab looks for a new version every hour and when it comes back to the foreground.
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, 60 * 60_000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
