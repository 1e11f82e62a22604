import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { countingD1, type D1Call } from "./counting-bindings";
import { ORIGIN, signUpAndLogIn } from "./helpers";
import { userTables } from "./user-tables";

// Issue 20, database: every query a user's reads make uses an index on the user tables (no full
// SCAN of one). The reads are every parameterless GET of the API as the running app registers it
// (so new modules' lists are covered as they land), made by a signed-in user through the real
// pipeline; each distinct statement is then run through EXPLAIN QUERY PLAN with its own values.
const SKIP = [/^\/api\/v1\/admin\b/, /^\/api\/v1\/realtime\b/, /^\/api\/v1\/health\b/, /^\/api\/v1\/auth\b/];

const readRoutes = () =>
  [...new Set(app.routes.filter((r) => r.method === "GET" && r.path.startsWith("/api/v1/") && !/[:*]/.test(r.path)).map((r) => r.path))].filter(
    (path) => !SKIP.some((pattern) => pattern.test(path)),
  );

/** The full scans of user tables in a statement's plan. */
async function scansOf(sql: string, params: unknown[], tables: Set<string>) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results
    .map(({ detail }) => detail)
    .filter((detail) => {
      const scanned = detail.match(/^SCAN (\S+)(?: AS \S+)?$/)?.[1];
      return scanned !== undefined && tables.has(scanned);
    });
}

describe("query plans of the user reads", () => {
  const calls: D1Call[] = [];
  let userTableNames: Set<string>;

  beforeAll(async () => {
    const cookie = await signUpAndLogIn("plans@example.com");
    userTableNames = new Set((await userTables(env.DB)).map((t) => t.table));
    const countingEnv = { ...env, DB: countingD1(env.DB, calls) };
    for (const path of readRoutes()) {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { cookie } }), countingEnv, ctx);
      await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("reads through the API's list endpoints (derived from the app's routes)", () => {
    expect(readRoutes()).toEqual(expect.arrayContaining(["/api/v1/me", "/api/v1/tasks", "/api/v1/notifications"]));
    expect(calls.length).toBeGreaterThan(10);
  });

  it("never scans a user table without an index", async () => {
    const statements = new Map<string, unknown[]>();
    for (const call of calls) call.sql.forEach((sql, i) => /^\s*(select|with)\b/i.test(sql) && statements.set(sql, call.params[i] ?? []));
    const scans: string[] = [];
    for (const [sql, params] of statements) for (const detail of await scansOf(sql, params, userTableNames)) scans.push(`${detail}  ←  ${sql}`);
    expect(scans).toEqual([]);
  });

  it("recognises a full scan of a user table (a filter on an unindexed column)", async () => {
    expect(await scansOf('select * from "tasks" where "title" = ?', ["x"], userTableNames)).toEqual(["SCAN tasks"]);
    expect(await scansOf('select * from "tasks" where "user_id" = ?', ["x"], userTableNames)).toEqual([]);
  });
});
