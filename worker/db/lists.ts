import { and, asc, desc, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { encodeCursor, invalidCursor, type CursorValues, type PageRequest } from "../lib/pagination";
import { read, run, type Read } from "./reads";
import type { Scoped, UserTable } from "./scoped";

/** A list table: one user's rows, each with a text id (the last tie-breaker of every order). */
export type ListTable = UserTable & { id: SQLiteColumn };

/**
 * One sort key of a list: a column or an SQL expression over the row (e.g. a priority rank), its
 * direction, and how to read its value from a returned row. Keys must not be null: a keyset over
 * NULLs needs its own comparisons (coalesce the column in `by` and `of` instead).
 */
export type SortKey<Row> = { by: SQLiteColumn | SQL; desc?: boolean; of: (row: Row) => string | number | Date | boolean };

/** What D1 stores for a value (timestamps as milliseconds, booleans as 0/1): the cursor holds these. */
const driverValue = (value: string | number | Date | boolean) =>
  value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value;

/**
 * The rows after the cursor's position in this order: for keys k1…kn and values v1…vn,
 * k1 ⋗ v1 OR (k1 = v1 AND k2 ⋗ v2) OR … where ⋗ is < for a descending key and > for an ascending one.
 * Values are compared as stored (raw parameters), so timestamp columns compare in milliseconds.
 */
function after(keys: { by: SQLiteColumn | SQL; desc?: boolean }[], values: CursorValues): SQL {
  const branches = keys.map((key, i) => {
    const equalBefore = keys.slice(0, i).map((k, j) => sql`${k.by} = ${values[j]}`);
    const beyond = key.desc ? sql`${key.by} < ${values[i]}` : sql`${key.by} > ${values[i]}`;
    return and(...equalBefore, beyond)!;
  });
  return or(...branches)!;
}

type PageOptions<T extends ListTable> = { where?: SQL; order: SortKey<T["$inferSelect"]>[]; page: PageRequest };

/** The page's filter (the user's rows after the cursor) and its total order (the row id last). */
function pageOf<T extends ListTable>(table: T, { where, order, page }: PageOptions<T>) {
  const last = order.length ? order[order.length - 1].desc : false;
  const keys = [...order.map(({ by, desc }) => ({ by, desc })), { by: table.id, desc: last }];
  const cursor = page.cursor;
  if (cursor && (cursor.length !== keys.length || typeof cursor[cursor.length - 1] !== "string")) throw invalidCursor();
  return { where: and(where, cursor ? after(keys, cursor) : undefined), orderBy: keys.map((k) => (k.desc ? desc(k.by) : asc(k.by))) };
}

/**
 * One page of a keyset-paginated list of the user's rows: `where` narrows it (it is ANDed with
 * the user id by `scoped`), `order` gives the sort keys; the row id breaks ties in the last key's
 * direction, so the order is total and a page never repeats or skips a row when rows are added.
 * A cursor of another shape (another list's, or edited by hand) answers 400, never a 5xx.
 * As a `Read`, to share a D1 batch (worker/db/reads.ts).
 */
export function listPageRead<T extends ListTable & { $inferSelect: { id: string } }>(
  scoped: Scoped,
  table: T,
  options: PageOptions<T>,
): Read<{ items: T["$inferSelect"][]; nextCursor: string | null }> {
  const { order, page } = options;
  const { where, orderBy } = pageOf(table, options);
  return read(
    scoped
      .select(table, where)
      .orderBy(...orderBy)
      .limit(page.limit + 1),
    (found) => {
      // Inside this generic function drizzle's row type stays unresolved; for a concrete table it is
      // exactly T["$inferSelect"] (callers get it without a cast).
      const rows = found as T["$inferSelect"][];
      const items = rows.slice(0, page.limit);
      const tail = items[items.length - 1];
      const nextCursor =
        rows.length > page.limit && tail ? encodeCursor([...order.map((key) => driverValue(key.of(tail))), tail.id]) : null;
      return { items, nextCursor };
    },
  );
}

/**
 * The ids of the rows `listPageRead` reads with the same options (one more than the page), as a
 * subquery: what belongs to the page's rows (a goal's milestones) is read in the same batch.
 */
export function listPageIds<T extends ListTable>(scoped: Scoped, table: T, options: PageOptions<T>) {
  const { where, orderBy } = pageOf(table, options);
  return scoped.db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(scoped.owned(table, where))
    .orderBy(...orderBy)
    .limit(options.page.limit + 1);
}

/** `listPageRead`, run on its own. */
export async function listPage<T extends ListTable & { $inferSelect: { id: string } }>(scoped: Scoped, table: T, options: PageOptions<T>) {
  return run(scoped.db, listPageRead(scoped, table, options));
}
