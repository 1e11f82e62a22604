/**
 * What the queued edits of one item still to be sent set, for a screen to draw the item with them:
 * the loader (or the cache, offline) still has the server's version, and an item changed offline
 * that kept its old look would be changed again. Only `fields` (those the screen draws), later
 * edits over earlier ones; a refused change is not drawn (its own card in QueuedChanges says so).
 * No import of the queue itself: screens call it on their first load.
 */
export function pendingFields<T>(changes: readonly { path: string; status: string; body: Record<string, unknown> }[], path: string, fields: readonly (keyof T & string)[]): Partial<T> {
  const shown: Record<string, unknown> = {};
  for (const change of changes) {
    if (change.status !== "pending" || change.path !== path) continue;
    for (const field of fields) if (field in change.body) shown[field] = change.body[field];
  }
  // The screen's own words and values, as it queued them (the server's own checks come on replay).
  return shown as Partial<T>;
}

/**
 * Whether a delete of the item at `path` waits in the queue, for a screen to leave the item out: the
 * loader (or the cache, offline) still has it until the delete is sent, and an item deleted offline
 * that came back at a reload would read as not deleted. A refused delete is not applied (its card in
 * QueuedChanges says why, and the item shows).
 */
export const deletePending = (changes: readonly { method: string; path: string; status: string }[], path: string) =>
  changes.some((change) => change.status === "pending" && change.method === "DELETE" && change.path === path);
