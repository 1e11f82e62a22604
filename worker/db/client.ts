import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof database>;

/** The drizzle client over the D1 binding. Only worker/db/ modules use it directly. */
export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}
