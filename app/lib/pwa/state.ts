import { useSyncExternalStore } from "react";

/**
 * The service worker's lifecycle as the specification names it: not registered, installing,
 * registered with offline-ready; a waiting new version marks an update available. A registration
 * failure only clears the installing flag.
 */
export type PwaState = { registered: boolean; installing: boolean; offlineReady: boolean; updateAvailable: boolean; servedFromCache: boolean };
export type PwaEvent =
  | { type: "register-start" }
  | { type: "register-failed" }
  | { type: "registered"; controlled: boolean; waiting: boolean }
  | { type: "installed"; controlled: boolean }
  | { type: "served-from-cache" }
  | { type: "served-from-network" }
  | { type: "online" };

export const INITIAL_PWA_STATE: PwaState = { registered: false, installing: false, offlineReady: false, updateAvailable: false, servedFromCache: false };

export function nextPwaState(state: PwaState, event: PwaEvent): PwaState {
  switch (event.type) {
    case "register-start":
      return { ...state, installing: true };
    case "register-failed":
      return { ...state, installing: false };
    case "registered":
      return { ...state, registered: true, installing: false, offlineReady: state.offlineReady || event.controlled, updateAvailable: state.updateAvailable || (event.waiting && event.controlled) };
    case "installed":
      // A new worker while another controls the page is an update; the first one makes the app work offline.
      return event.controlled ? { ...state, installing: false, updateAvailable: true } : { ...state, installing: false, offlineReady: true };
    case "served-from-cache":
      return { ...state, servedFromCache: true };
    case "served-from-network":
    case "online":
      return { ...state, servedFromCache: false };
  }
}

let state = INITIAL_PWA_STATE;
const listeners = new Set<() => void>();
export function dispatchPwa(event: PwaEvent) {
  state = nextPwaState(state, event);
  for (const listener of listeners) listener();
}
export const pwaState = () => state;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const usePwaState = () => useSyncExternalStore(subscribe, pwaState, () => INITIAL_PWA_STATE);
