/**
 * Statements turned into SQL once per drizzle client and run with their values in a D1 batch. For
 * the request that runs on every keystroke (GET /search, issue 16): drizzle's builders turn a
 * query into SQL text on every use, which was a visible share of that request's CPU; a prepared
 * statement keeps the text and drizzle's own row mapping, and only the values change.
 *
 * `getQuery` and `mapResult` are drizzle's public API of a prepared query (`.prepare()`); the batch
 * is D1's own, so prepared statements and plain D1 ones could share it.
 */
import { fillPlaceholders, type Query } from "drizzle-orm";
import type { Db } from "./client";

/** What a drizzle prepared query offers for running it in a raw D1 batch. */
export type Prepared<Rows> = {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  /** Only carries the row type of the query (drizzle's prepared type is not exported per driver). */
  readonly _rows?: Rows;
};

/** A prepared statement with the values of its placeholders, ready for `runBound`. */
export type Bound<Rows> = { prepared: Prepared<Rows>; values: Record<string, unknown> };

export const bound = <Rows>(prepared: Prepared<Rows>, values: Record<string, unknown>): Bound<Rows> => ({ prepared, values });

type RowsOf<B extends readonly Bound<unknown>[]> = { -readonly [K in keyof B]: B[K] extends Bound<infer Rows> ? Rows : never };

/** Runs the statements in one D1 batch (one round trip); each one's rows as drizzle maps them. */
export async function runBound<const B extends readonly Bound<unknown>[]>(d1: D1Database, statements: B): Promise<RowsOf<B>> {
  const results = await d1.batch(
    statements.map(({ prepared, values }) => {
      const query = prepared.getQuery();
      return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
    }),
  );
  return results.map((result, i) => statements[i].prepared.mapResult(result, true)) as RowsOf<B>;
}

/**
 * A value built once per drizzle client and key (the client is one per D1 binding: worker/db/client.ts),
 * for prepared statements whose SQL depends on a shape (e.g. how many types a search filters on).
 */
export function perClient<K, V>(build: (db: Db, key: K) => V): (db: Db, key: K) => V {
  const made = new WeakMap<Db, Map<K, V>>();
  return (db, key) => {
    let byKey = made.get(db);
    if (!byKey) made.set(db, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = build(db, key)));
    return value;
  };
}
