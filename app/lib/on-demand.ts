import { startTransition, useCallback, useEffect, useState, type RefObject } from "react";
import { isChunkLoadError, reloadOnce } from "./chunk-reload";

/**
 * UI that no page needs for its first paint (dialogs, drawers, popovers, tours) loads on first use
 * instead of with the page (bundle budgets, docs/decisions/0042): a tiny trigger stays in the page
 * and the module arrives when the browser is idle after hydration, or at once when the user reaches
 * for it (hover, focus, click, shortcut), whichever comes first. One download per module.
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
 * The module once it is there (undefined before: render the trigger), and `request` to ask for it
 * now. With `idle` (the default) it is fetched after hydration anyway, so the first use is instant.
 */
export function useOnDemand<T>(module: OnDemand<T>, { idle = true }: { idle?: boolean } = {}): [T | undefined, () => void] {
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
  // Fetched in an idle moment, the widget is then mounted as a transition: React renders it in
  // slices between which the page can answer input, instead of one long task after every first load
  // (decision 0059). A use before that (`request`) is urgent and overtakes it.
  useEffect(() => (idle && !module.loaded ? whenIdle(() => show(false)) : undefined), [idle, module, show]);
  return [value, request];
}

/**
 * The real trigger of a widget that replaced its stand-in (a popover's button, loaded on first
 * use): takes over what the stand-in had when it was swapped, the focus and a pending click. Runs
 * once, on mount: later changes of the flags are not hand-overs.
 */
export function useHandOver(button: RefObject<HTMLButtonElement | null>, { openOnMount, focusOnMount }: { openOnMount: boolean; focusOnMount: boolean }) {
  useEffect(() => {
    if (focusOnMount || openOnMount) button.current?.focus();
    if (openOnMount) button.current?.click();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
