import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { EntityChange, EntityFilter } from "./entity-changes";
import { useAfterFirstPaint } from "./after-first-paint";

// Every mounted screen's revalidator reloads the same page, so the hub uses whichever registered last.
let revalidatePage: () => void = () => undefined;

/**
 * Keeps a screen fresh when the user's records change elsewhere (another tab, another device, a
 * job): changes to `entities` (names, or a predicate) revalidate the page's loaders once per burst,
 * and `onChange` gets the batch, for screens that also hold client state. Independent of the
 * notification bell: it opens (or shares) the realtime connection itself.
 */
export function useEntityChanges(entities: EntityFilter, onChange?: (changes: EntityChange[]) => void) {
  const { revalidate } = useRevalidator();
  const latest = useRef({ entities, onChange });
  useEffect(() => {
    latest.current = { entities, onChange };
  });
  useEffect(() => {
    revalidatePage = () => void revalidate();
  }, [revalidate]);
  // Subscribing loads the realtime client (an import and its preloads): in a task of its own after
  // the first paint, not in hydration's effects task, which every screen's first load pays.
  useAfterFirstPaint(() => {
    let unregister: (() => void) | null = null;
    let left = false;
    // The hub and its realtime glue (./entity-change-hub) arrive here, not with the page. Not there
    // (a deploy replaced the chunks): the screen goes on without live updates, as with the socket down.
    import("./entity-change-hub").then(
      ({ sharedHub, matchesFilter }) => {
        if (left) return;
        unregister = sharedHub(() => revalidatePage()).register({
          filter: (change) => matchesFilter(latest.current.entities, change),
          onChange: (changes) => latest.current.onChange?.(changes),
        });
      },
      () => undefined,
    );
    return () => {
      left = true;
      unregister?.();
    };
  }, []);
}
