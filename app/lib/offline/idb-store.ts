import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { QueuedChange, QueueStore } from "./queue";

interface OfflineDb extends DBSchema {
  changes: { key: number; value: QueuedChange; indexes: { byUser: string } };
}

export const OFFLINE_DB = "rumo-offline";

/** The queue's IndexedDB store: one object store, auto-increment keys give the replay order. */
export function idbStore(name = OFFLINE_DB): QueueStore & { clearUser(userId: string): Promise<void> } {
  let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const open = () =>
    (db ??= openDB<OfflineDb>(name, 1, {
      upgrade(database) {
        const changes = database.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
        changes.createIndex("byUser", "userId");
      },
    }));
  return {
    async add(change) {
      const { seq: _seq, ...rest } = change;
      return (await open()).add("changes", rest as QueuedChange);
    },
    async put(change) {
      await (await open()).put("changes", change);
    },
    async remove(seq) {
      await (await open()).delete("changes", seq);
    },
    async list(userId) {
      const rows = await (await open()).getAllFromIndex("changes", "byUser", userId);
      return rows.sort((a, b) => a.seq! - b.seq!);
    },
    async clearUser(userId) {
      const database = await open();
      const tx = database.transaction("changes", "readwrite");
      for (const key of await tx.store.index("byUser").getAllKeys(userId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}
