import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { OWNER_RANGE } from "../search/sources";
import type { Db } from "./client";
import { searchIndexQuery } from "./search";

describe("searchIndexQuery", () => {
  // D1 binds every JavaScript number as a REAL; a REAL bound on the FTS rowid made FTS5 walk the
  // whole doclist of a short prefix, all users' rows included (12–20 ms instead of 2–3 in workerd at
  // 510,000 items). The range's end is SQL text; the only numbers bound are the two LIMITs and the
  // page's OFFSET, all outside the FTS match.
  it("bounds the user's rowid range with SQL text, never a bound number", () => {
    const db = drizzle({ prepare: () => ({}) } as unknown as D1Database) as unknown as Db;
    const { prepared, values } = searchIndexQuery(db, "user-1", ['"re"*'], ["task", "event"], { limit: 50, offset: 100 });
    const { sql, params } = prepared.getQuery();
    expect(sql).toContain(`search_fts.rowid between (select base from search_owners where user_id = ?) and (select base from search_owners where user_id = ?) + ${OWNER_RANGE - 1}`);
    expect(fillPlaceholders(params, values).filter((p) => typeof p === "number")).toEqual([200, 50, 100]);
  });

  it("is prepared once per client and number of types; only the values change", () => {
    const db = drizzle({ prepare: () => ({}) } as unknown as D1Database) as unknown as Db;
    const one = searchIndexQuery(db, "user-1", ['"re"*'], ["task"], { limit: 50, offset: 0 });
    const again = searchIndexQuery(db, "user-2", ['"den"*', '"x"'], ["event"], { limit: 10, offset: 20 });
    const two = searchIndexQuery(db, "user-1", ['"re"*'], ["task", "event"], { limit: 50, offset: 0 });
    expect(again.prepared).toBe(one.prepared);
    expect(two.prepared).not.toBe(one.prepared);
    expect(fillPlaceholders(again.prepared.getQuery().params, again.values)).toEqual(['{title body}: "den"* AND {title body}: "x"', "user-2", "user-2", "user-2", "event", 200, 10, 20]);
  });
});
