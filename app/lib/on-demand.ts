import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { isChunkLoadError, reloadOnce } from "./chunk-reload";

/**
 * UI that no page needs for its first paint (dialogs, drawers, popovers, tours) loads on first use
 * instead of with the page (bundle budgets, docs/decisions/0042): a tiny trigger stays in the page
 * and the module arrives in an idle moment once the page has settled (decision 0067), or at once when
 * the user reaches for it (hover, focus, click, shortcut), whichever comes first. One download per
 * module.
 */
export type OnDemand<T> = { load: () => Promise<T>; readonly loaded: T | undefined };

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () =>
      (promise ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          // A failed download may be retried by the next use.
          promise = undefined;
          throw error;
        },
      )),
    get loaded() {
      return value;
    },
  };
}

/** Runs `task` once the browser has nothing better to do (a timer where requestIdleCallback is missing). */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * How long after the page's load event widgets are prefetched (decision 0067). The first seconds
 * of a page are when people start to scroll and tap; downloading, evaluating and mounting widgets
 * they may not open (the bell's panel, the drawer, dialogs) was then 4–15 tasks of up to 67 ms
 * (unthrottled) in the way of that first input. A reach before it loads the widget at once.
 */
export const SETTLE_MS = 3000;

let settled: Promise<void> | undefined;

/**
 * Runs `task` in an idle moment once the page has settled, `SETTLE_MS` after its load event; a
 * screen reached later by a client-side navigation only waits for the idle moment. Returns a
 * cancel function.
 */
export function whenSettled(task: () => void): () => void {
  settled ??= new Promise<void>((resolve) => {
    const wait = () => window.setTimeout(resolve, SETTLE_MS);
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
  });
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  void settled.then(() => {
    if (!cancelled) cancelIdle = whenIdle(task);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

/** For tests: forget that the page has settled. */
export function resetSettled() {
  settled = undefined;
}

/** When a module is fetched without being asked for: a scheduler that runs the task and returns its cancel function. */
export type Prefetch = (task: () => void) => () => void;

/**
 * The module once it is there (undefined before: render the trigger), and `request` to ask for it
 * now. It is fetched anyway at `prefetch`'s moment (by default once the page has settled, so a later
 * first use is instant; `afterFirstPaint` for what the page shows soon after its first paint, such
 * as the bell's count; null: only when asked for).
 */
export function useOnDemand<T>(module: OnDemand<T>, { prefetch = whenSettled }: { prefetch?: Prefetch | null } = {}): [T | undefined, () => void] {
  const [value, setValue] = useState<T | undefined>(() => module.loaded);
  const show = useCallback(
    (urgent: boolean) => {
      const apply = (loaded: T | undefined) => (urgent ? setValue(() => loaded) : startTransition(() => setValue(() => loaded)));
      if (module.loaded) return apply(module.loaded);
      module.load().then(apply, (error: unknown) => {
        // A new deployment replaced the chunks: the same recovery as a lazily loaded screen.
        if (isChunkLoadError(error)) void reloadOnce();
      });
    },
    [module],
  );
  const request = useCallback(() => show(true), [show]);
  // Fetched once the page has settled (decision 0067), the widget is then mounted as a transition:
  // React renders it in slices between which the page can answer input (decision 0059). A use
  // before that (`request`) is urgent and overtakes it.
  useEffect(() => (prefetch && !module.loaded ? prefetch(() => show(false)) : undefined), [prefetch, module, show]);
  return [value, request];
}

/**
 * Whether a stand-in trigger is held down, and `press` for its pointerdown. Its swap for the real
 * trigger waits for the release: swapped between press and release, the click reached neither
 * button and was lost (the press focuses the stand-in, which asks for the module, so it often
 * arrives while the button is still down); the click on the stand-in is handed over instead
 * (`useHandOver`).
 */
export function useHeldDown(): [boolean, () => void] {
  const [held, setHeld] = useState(false);
  const press = useCallback(() => {
    setHeld(true);
    // Listened to from the press itself, so no release is missed; let go only after the release's
    // click, which the browser dispatches in the same task as the pointerup.
    const release = () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
      window.setTimeout(() => setHeld(false), 0);
    };
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
  }, []);
  return [held, press];
}

/**
 * The real trigger of a widget that replaced its stand-in (a popover's button, loaded on first
 * use): takes over what the stand-in had when it was swapped, the focus and a pending click. Runs
 * once, on mount: later changes of the flags are not hand-overs.
 */
export function useHandOver(button: RefObject<HTMLButtonElement | null>, { openOnMount, focusOnMount }: { openOnMount: boolean; focusOnMount: boolean }) {
  // Once per mount: development's StrictMode runs a mount's effects twice, and a second click would close it again.
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    if (focusOnMount || openOnMount) button.current?.focus();
    if (openOnMount) button.current?.click();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
