import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** A table that holds one user's rows. */
export type UserTable = SQLiteTable & { userId: SQLiteColumn };

/**
 * The only way modules touch user data: every read, update and delete is filtered by the user id,
 * and every insert is stamped with it. Another user's id can only ever miss (404), never match.
 */
export function scopedTo(db: Db, userId: string) {
  const owned = <T extends UserTable>(table: T, where?: SQL) => and(eq(table.userId, userId), where)!;
  return {
    userId,
    db,
    owned,
    select: <T extends UserTable>(table: T, where?: SQL) => db.select().from(table).where(owned(table, where)),
    insert: <T extends UserTable>(table: T, values: Omit<T["$inferInsert"], "userId">) =>
      db.insert(table).values({ ...values, userId } as T["$inferInsert"]),
    update: <T extends UserTable>(table: T, set: Partial<Omit<T["$inferInsert"], "userId">>, where?: SQL) =>
      db
        .update(table)
        // The one cast: TypeScript cannot see that a set without userId is a set (generic Omit).
        .set(set as SQLiteUpdateSetSource<T>)
        .where(owned(table, where)),
    delete: <T extends UserTable>(table: T, where?: SQL) => db.delete(table).where(owned(table, where)),
    /** Related writes in one D1 batch (all or nothing); nothing to write is a no-op. */
    batch: async <Q extends BatchItem<"sqlite">>(writes: Q[]) => {
      // D1's batch takes a non-empty tuple; TypeScript cannot narrow an array by its length.
      if (writes.length) await db.batch(writes as [Q, ...Q[]]);
    },
  };
}

export type Scoped = ReturnType<typeof scopedTo>;
