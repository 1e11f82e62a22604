import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { errorSays } from "../lib/unavailable";
import type { Db } from "./client";

/** A table that holds one user's rows. */
export type UserTable = SQLiteTable & { userId: SQLiteColumn };

/** A user table whose rows carry an id and the updated_at every change stamps (NOT NULL). */
type VersionedTable = UserTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };

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
    /**
     * The first statement of a read-modify-write batch: it stamps `now` when the row's updated_at
     * is still `seen` (the version the change was computed from) and otherwise writes NULL into
     * the NOT NULL column, which fails the whole batch, so nothing of a stale change is written.
     * `changedConcurrently` recognises that failure and `retryWhenStale` runs the change again.
     */
    unchangedSince: <T extends VersionedTable>(table: T, id: string, seen: Date, now: Date) =>
      db
        .update(table)
        .set({ updatedAt: sql`case when ${table.updatedAt} = ${seen.getTime()} then ${now.getTime()} else null end` } as SQLiteUpdateSetSource<T>)
        .where(owned(table, eq(table.id, id))),
    /** Related writes in one D1 batch (all or nothing); nothing to write is a no-op. */
    batch: async <Q extends BatchItem<"sqlite">>(writes: Q[]) => {
      // D1's batch takes a non-empty tuple; TypeScript cannot narrow an array by its length.
      if (writes.length) await db.batch(writes as [Q, ...Q[]]);
    },
  };
}

export type Scoped = ReturnType<typeof scopedTo>;

/** Whether an error is `unchangedSince` refusing a batch computed from a version that has since changed. */
export const changedConcurrently = (error: unknown) => errorSays(error, /NOT NULL constraint failed: \w+\.updated_at/);

/**
 * Runs a read-modify-write change again, from a fresh read, when another request changed the row
 * between its read and its batch (two devices, or the parallel deletes sent when a page closes).
 */
export async function retryWhenStale<T>(change: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await change();
    } catch (error) {
      if (attempt >= attempts || !changedConcurrently(error)) throw error;
    }
  }
}

/** A write time strictly after the version read, so the change always moves updated_at on. */
export const stampAfter = (seen: Date, now: Date) => new Date(Math.max(now.getTime(), seen.getTime() + 1));

/** Whether an error is a unique index refusing a second row: a concurrent request got past the check first. */
export const violatesUnique = (error: unknown) => errorSays(error, /UNIQUE constraint failed/);

/**
 * A write that a check before it found free (a budget's category, a day's date): when a
 * concurrent request takes it in between, the unique index refuses the write and the caller's
 * 409 is answered instead of a 500.
 */
export async function unlessTaken<T>(write: Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw violatesUnique(error) ? refusal() : error;
  }
}
