/**
 * Where the focus goes when the diary's writer is gone from under it ("Guardar entrada" rebuilds
 * the writer and shows the list), so it never falls to the page.
 */
import { useEffect, useState, type RefObject } from "react";

/** An entry's title in the list (a focus target: `tabIndex={-1}`), found by the row's `data-entry-id`. */
export const entryTitle = (root: HTMLElement, entryId: string) => root.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(entryId)}"] h3`);

/**
 * After a save: the saved entry's title takes the focus once the list shows it (a new entry shows
 * after the list is loaded again), and the selected tab ("Entradas") holds it meanwhile, or for
 * good when the list will not show the entry (`null`: kept offline, listed among the queued
 * changes). Focus the user has moved elsewhere since is left alone. `box` holds the tabs and panels.
 */
export function useFocusAfterSave(box: RefObject<HTMLElement | null>) {
  const [saved, setSaved] = useState<{ entryId: string | null } | null>(null);
  // After every render while a save waits: the list may show the entry only after a reload.
  useEffect(() => {
    if (!saved || !box.current) return;
    const tab = box.current.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const active = document.activeElement;
    if (active && active !== document.body && active !== tab) return setSaved(null);
    const title = saved.entryId ? entryTitle(box.current, saved.entryId) : null;
    if (title) {
      title.focus();
      return setSaved(null);
    }
    tab?.focus();
    if (!saved.entryId) setSaved(null);
  });
  return {
    focusAfterSave: (entryId: string | null) => setSaved({ entryId }),
    /** The user chose another tab or entry: nothing to do any more. */
    cancel: () => setSaved(null),
  };
}
