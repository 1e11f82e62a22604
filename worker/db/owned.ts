import { and, eq, type SQL } from "drizzle-orm";
import { apiError } from "../lib/errors";
import type { ListTable } from "./lists";
import type { Scoped } from "./scoped";

/** What an id made by newId() (or any id this app hands out) can look like; anything else cannot exist. */
const WELL_FORMED_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `id` can be an id this app handed out (a read for anything else can only miss). */
export const isWellFormedId = (id: string | undefined): id is string => !!id && WELL_FORMED_ID.test(id);

/**
 * The user's row with this id, or a 404 `not_found`: for a missing row, another user's row and a
 * malformed id alike (never a 400 or a 500 that would tell them apart). `where` narrows further
 * (e.g. only visible rows).
 */
export async function ownedOr404<T extends ListTable>(scoped: Scoped, table: T, id: string | undefined, where?: SQL): Promise<T["$inferSelect"]> {
  if (!isWellFormedId(id)) throw apiError("not_found");
  const [row] = await scoped.select(table, and(eq(table.id, id), where)).limit(1);
  if (!row) throw apiError("not_found");
  // As in listPage: the generic row type is exactly T["$inferSelect"] for a concrete table.
  return row as T["$inferSelect"];
}
