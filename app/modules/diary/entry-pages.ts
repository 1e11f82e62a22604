/**
 * The diary list's pages: the first comes from the route's loader (and is loaded again on every
 * revalidation), the older ones from "Carregar mais". A refreshed first page must not throw away
 * the older pages the user scrolled to.
 */
import { useCallback, useState } from "react";

/** What the list needs of an entry: its id and the keys it is sorted by (date, creation, id; newest first). */
export type ListedEntry = { id: string; date: string; createdAt: string | Date };

/** The pages loaded after the first, and the cursor of the next one (null: the list's end). */
export type OlderPages<E extends ListedEntry> = { entries: E[]; cursor: string | null };

/** Whether `a` comes after `b` in the list's order (the API's keyset: date, createdAt, id, all descending). */
function comesAfter(a: ListedEntry, b: ListedEntry) {
  if (a.date !== b.date) return a.date < b.date;
  const createdA = new Date(a.createdAt).getTime();
  const createdB = new Date(b.createdAt).getTime();
  if (createdA !== createdB) return createdA < createdB;
  return a.id < b.id;
}

/**
 * The older pages once the first page is loaded again. The refreshed first page wins for its rows
 * (no row shows twice); a row of the previous first page now missing from it was deleted (or moved)
 * if it sorts within the refreshed page, or was pushed past it by newer entries and stays; a first
 * page without a next cursor holds every entry, so nothing older remains.
 */
export function olderAfterRefresh<E extends ListedEntry>(
  older: OlderPages<E> | null,
  previousFirst: readonly E[],
  first: { entries: readonly E[]; nextCursor: string | null },
): OlderPages<E> | null {
  if (!older) return null;
  if (!first.nextCursor) return null;
  const inFirst = new Set(first.entries.map((e) => e.id));
  const last = first.entries[first.entries.length - 1];
  const pushedOut = previousFirst.filter((e) => !inFirst.has(e.id) && (!last || comesAfter(e, last)));
  const seen = new Set(inFirst);
  const entries = [...pushedOut, ...older.entries].filter((e) => {
    if (seen.has(e.id)) return false;
    seen.add(e.id);
    return true;
  });
  return { entries, cursor: older.cursor };
}

/** The rows the list shows, the cursor of the next page (null: none), and how a loaded page joins them. */
export type EntryPages<E extends ListedEntry> = {
  entries: E[];
  cursor: string | null;
  append: (page: { items: E[]; nextCursor: string | null }) => void;
  /** An entry the writer stored: its row in the older pages shows the new copy (the loader refreshes the first page only). */
  replace: (entry: E) => void;
};

/**
 * The list's rows and next cursor: the loader's first page, then the older pages loaded with
 * "Carregar mais", kept when the first page is loaded again. Held by the screen, not the list, so
 * they also outlive a visit to another tab (opening an older entry to edit it, then saving).
 * `list` names the list the first page begins (its filters): a first page of another list starts afresh.
 */
export function useEntryPages<E extends ListedEntry>(first: { entries: E[]; nextCursor: string | null; list?: string }): EntryPages<E> {
  const [older, setOlder] = useState<OlderPages<E> | null>(null);
  const [shownFirst, setShownFirst] = useState(first);
  if (shownFirst !== first) {
    setShownFirst(first);
    // Another list (other filters, decision 0115): the older pages were the previous list's.
    setOlder(shownFirst.list === first.list ? olderAfterRefresh(older, shownFirst.entries, first) : null);
  }
  const append = useCallback((page: { items: E[]; nextCursor: string | null }) => {
    setOlder((pages) => ({ entries: [...(pages?.entries ?? []), ...page.items], cursor: page.nextCursor }));
  }, []);
  const replace = useCallback((entry: E) => {
    setOlder((pages) => pages && { ...pages, entries: pages.entries.map((e) => (e.id === entry.id ? entry : e)) });
  }, []);
  // A page that arrives just after a reload may repeat a row the first page now holds: it shows once.
  const firstIds = new Set(first.entries.map((e) => e.id));
  const entries = older ? [...first.entries, ...older.entries.filter((e) => !firstIds.has(e.id))] : first.entries;
  return { entries, cursor: older ? older.cursor : first.nextCursor, append, replace };
}
