import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDatabase>;

const createDatabase = (d1: D1Database) => drizzle(d1, { schema });

// drizzle() walks the whole schema to build its relational config on every call (about a tenth of
// a signed-in request's CPU when each request built several clients: docs/decisions/0041). The client
// holds no per-request state, so one per D1 binding serves the isolate's requests.
const clients = new WeakMap<D1Database, Db>();

/** The drizzle client over the D1 binding. Only worker/db/ modules use it directly. */
export function database(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = createDatabase(d1);
    clients.set(d1, db);
  }
  return db;
}
