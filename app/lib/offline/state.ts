import { useSyncExternalStore } from "react";
import type { ChangeKind, QueuedChange } from "./queue";

/**
 * What the screens show of the offline queue: the signed-in user's queued changes. Kept apart
 * from the queue itself (runtime.ts, with IndexedDB) so that screens can read it without loading
 * the queue into the first bundle: the runtime is imported after hydration and fills this in.
 */
export type OfflineSnapshot = {
  userId: string | null;
  changes: readonly QueuedChange[];
  storageError: "quota" | "unavailable" | null;
  /** Kept changes that could not be read back (damaged or from another version) and were removed. */
  dropped: number;
};

const EMPTY: OfflineSnapshot = { userId: null, changes: [], storageError: null, dropped: 0 };
let snapshot = EMPTY;
const listeners = new Set<() => void>();

export function setOfflineSnapshot(next: Partial<OfflineSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export const offlineSnapshot = () => snapshot;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineSnapshot(): OfflineSnapshot {
  return useSyncExternalStore(subscribe, offlineSnapshot, () => EMPTY);
}

/** The user's queued changes of these kinds, oldest first. */
export function useQueuedChanges(kinds: readonly ChangeKind[]) {
  const { changes } = useOfflineSnapshot();
  return changes.filter((change) => kinds.includes(change.kind));
}

/** Fired after a replay sent changes, so screens reload their data. */
export const OFFLINE_SYNCED_EVENT = "rumo:offline-synced";

/**
 * Temporary ids of items created offline (until the replay gives the real one). Here, with what
 * the screens read, so a screen can tell one without loading the queue's code.
 */
export const OFFLINE_ID_PREFIX = "offline-";
export const isOfflineId = (pathOrId: string) => pathOrId.split("/").some((part) => part.startsWith(OFFLINE_ID_PREFIX));
/** The temporary id of the `index`-th step of an item created offline (the creation's answer gives the real one). */
export const offlinePartId = (tempId: string, index: number) => `${tempId}-${index}`;
