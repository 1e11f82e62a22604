import { useMatches } from "react-router";

/**
 * A route's `handle` may say `hydrate: false`: its pages are static content, sent without client
 * JavaScript (no React, no router, no modulepreloads; decision 0042, Revised). The few things they
 * do in the browser (language switch, cookie choice, service worker) are done by the page script
 * (app/components/page-script.tsx). One matched route with the flag makes the whole page static.
 */
export type HydrationHandle = { hydrate?: false };

/** Whether a page whose matched routes have these handles loads React in the browser. */
export function hydratesWith(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as HydrationHandle | undefined)?.hydrate === false);
}

/** Whether the current page is hydrated (false on static pages). */
export function usePageHydrates(): boolean {
  return hydratesWith(useMatches().map((match) => match.handle));
}
