import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { QueuedChange, QueueStore } from "./queue";

interface OfflineDb extends DBSchema {
  changes: { key: number; value: QueuedChange; indexes: { byUser: string } };
}

export const OFFLINE_DB = "rumo-offline";

const VERSION = 1;

function create(database: IDBPDatabase<OfflineDb>) {
  const changes = database.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
  changes.createIndex("byUser", "userId");
}

/**
 * Opens the queue's database. A database left by a newer version of the app (a rollback: the
 * browser refuses an older version number with VersionError) is opened at its own version when
 * it still has our store, so its waiting changes are not lost; rows are checked when read.
 */
async function openQueueDb(name: string): Promise<IDBPDatabase<OfflineDb>> {
  try {
    return await openDB<OfflineDb>(name, VERSION, { upgrade: create });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "VersionError")) throw error;
    const database = await openDB<OfflineDb>(name);
    if (database.objectStoreNames.contains("changes")) return database;
    database.close();
    throw error;
  }
}

/** The queue's IndexedDB store: one object store, auto-increment keys give the replay order. */
export function idbStore(name = OFFLINE_DB): QueueStore & { clearUser(userId: string): Promise<void> } {
  let db: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const open = () =>
    (db ??= openQueueDb(name).catch((error: unknown) => {
      // Not remembered: the next write tries again (a locked or briefly unavailable database).
      db = null;
      throw error;
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
