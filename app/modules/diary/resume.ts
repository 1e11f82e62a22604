/** Which draft the diary's writer reopens when the user comes back (docs/decisions/0108 "Revised"). */

const timeOf = (entry: { updatedAt?: string | Date | null }) => (entry.updatedAt ? new Date(entry.updatedAt).getTime() : 0);

/**
 * Today's unfinished draft, the one edited last. Older drafts stay in the list ("Rascunho",
 * "Editar"): a draft from another day is about that day, and reopening it unasked would put
 * today's words under yesterday's date. The entries are the list's first page (newest day first),
 * so today's drafts are in it.
 */
export function todaysDraft<E extends { draft: boolean; date: string; updatedAt?: string | Date | null }>(entries: readonly E[], today: string): E | null {
  let found: E | null = null;
  for (const entry of entries) {
    if (entry.draft && entry.date === today && (!found || timeOf(entry) > timeOf(found))) found = entry;
  }
  return found;
}
