import { useEffect, useRef } from "react";

/**
 * A client-side navigation to another page moves the focus to the new page's heading (its first
 * `h1` in the shell's main, else the main itself), so a screen reader reads where the user is now
 * and the next Tab starts there, as after a page load. Not on the first load (the browser starts at
 * the top already), not when only the search or the hash changes (a filter, a tab, a week): then
 * the user stays on the control they used; and not when the new page put the focus in a field or a
 * dialog of its own.
 */
export function useFocusOnPageChange(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("conteudo");
    if (!main || document.activeElement?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
    focusPageHeading(main);
  }, [pathname]);
}

/** The page's heading takes the focus (its first `h1` in `main`, else `main`), focusable from a script only, never a Tab stop. */
export function focusPageHeading(main: HTMLElement | null = document.getElementById("conteudo")) {
  const heading = (main ?? document).querySelector<HTMLElement>("h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  (heading ?? main)?.focus({ preventScroll: true });
}
