import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { countingD1, type D1Call } from "./counting-bindings";
import { ORIGIN, signUpAndLogIn } from "./helpers";
import { userTables } from "./user-tables";
import { database } from "../../worker/db/client";
import { reportUserIdsPage } from "../../worker/modules/reports/queries";
import { digestUserIdsPage, trialUserIdsPage, userTimeZones } from "../../worker/db/jobs";

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

// The bell's reads on every page: each tab's list (and its next page) in the notifications' own
// order (priority rank, then newest, docs/decisions/0088) and the unread count. A temp B-tree
// there means all the user's notifications are read and sorted for every request (9 ms + 2.3 ms
// of SQLite at 10,000 rows); only "today" may sort, the rows of one day that its range finds.
describe("query plans of the bell", () => {
  const statements = new Map<string, { sql: string; params: unknown[] }[]>();

  beforeAll(async () => {
    const cookie = await signUpAndLogIn("bell-plans@example.com");
    const request = async (query: string, init: RequestInit = {}, calls: D1Call[] = []) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(
        new Request(`${ORIGIN}/api/v1/notifications${query}`, { ...init, headers: { cookie, origin: ORIGIN, "content-type": "application/json" } }),
        { ...env, DB: countingD1(env.DB, calls) },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status, query).toBeLessThan(300);
      return (await response.json()) as { nextCursor: string | null };
    };
    for (const priority of ["low", "high", "critical"]) await request("", { method: "POST", body: JSON.stringify({ title: priority, priority }) });
    for (const filter of ["all", "unread", "priority", "today"]) {
      const calls: D1Call[] = [];
      const { nextCursor } = await request(`?filter=${filter}&limit=1`, {}, calls);
      expect(nextCursor, filter).not.toBeNull();
      await request(`?filter=${filter}&limit=1&cursor=${nextCursor}`, {}, calls);
      const reads = calls.flatMap((call) => call.sql.map((sql, i) => ({ sql, params: call.params[i] ?? [] }))).filter((s) => /^select\b.*\bfrom "notifications"/is.test(s.sql));
      statements.set(filter, reads);
    }
  });

  const plansOf = async (filter: string) => {
    const plans: string[] = [];
    for (const { sql, params } of statements.get(filter) ?? []) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans.push(results.map((r) => r.detail).join(" / "));
    }
    return plans;
  };
  const list = (plans: string[]) => plans.filter((_, i) => i % 2 === 0);
  const count = (plans: string[]) => plans.filter((_, i) => i % 2 === 1);

  it("reads each tab's pages in the priority order of an index, without sorting", async () => {
    // Each request: the page, then the unread count (one batch).
    for (const filter of ["all", "priority"]) expect(list(await plansOf(filter)), filter).toEqual(Array(2).fill("SEARCH notifications USING INDEX notifications_user_priority_idx (user_id=?)"));
    expect(list(await plansOf("unread"))).toEqual(Array(2).fill("SEARCH notifications USING INDEX notifications_user_unread_idx (user_id=?)"));
    expect(list(await plansOf("today"))).toEqual(Array(2).fill("SEARCH notifications USING INDEX notifications_user_created_idx (user_id=? AND created_at>?) / USE TEMP B-TREE FOR ORDER BY"));
  });

  it("counts the unread from the partial index alone", async () => {
    for (const filter of ["all", "unread", "priority", "today"])
      expect(count(await plansOf(filter)), filter).toEqual(Array(2).fill("SEARCH notifications USING COVERING INDEX notifications_user_unread_idx (user_id=?)"));
  });
});

// The transactions' text filter (decision 0096): the matches come from the trigram index, bounded to
// the user's rowids, and each match's row by its key; neither the user's transactions nor the
// search index's rows are read one by one to compare texts.
describe("query plans of the transactions' text filter", () => {
  it("finds the matching rows through the substring index", async () => {
    const cookie = await signUpAndLogIn("text-plans@example.com");
    const send = async (path: string, init: RequestInit, calls: D1Call[] = []) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`${ORIGIN}/api/v1${path}`, { ...init, headers: { cookie, origin: ORIGIN, "content-type": "application/json" } }), { ...env, DB: countingD1(env.DB, calls) }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as { items?: { description: string }[] };
    };
    await send("/transactions", { method: "POST", body: JSON.stringify({ type: "expense", amountCents: 990, description: "Farmácia Central", date: "2026-11-20", category: "health" }) });
    const calls: D1Call[] = [];
    expect((await send("/transactions?q=FARMACIA", {}, calls)).items?.map((t) => t.description)).toEqual(["Farmácia Central"]);
    const list = calls.flatMap((call) => call.sql.map((sql, i) => ({ sql, params: call.params[i] ?? [] }))).find((s) => /search_substrings/.test(s.sql));
    expect(list, "the list's statement reads search_substrings").toBeDefined();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${list!.sql}`)
      .bind(...list!.params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail);
    expect(plan.some((detail) => /^SCAN search_substrings VIRTUAL TABLE INDEX/.test(detail)), plan.join("\n")).toBe(true);
    expect(plan.filter((detail) => /^SCAN (transactions|search_docs)\b/.test(detail)), plan.join("\n")).toEqual([]);
  });
});

// The weekly reports' job runs every quarter-hour from Sunday 17:00 to Monday 19:14 UTC (0039):
// each run reads the confirmed accounts' distinct zones, then each zone's users at Monday 07:00 in
// id pages. Without an index on the zone, both read every row of users in every run; with several
// zones in one query, every page read all their users and sorted them.
describe("query plans of the weekly reports' job over users", () => {
  it("reads the zones from an index alone and a zone's page as a range of it, in its order", async () => {
    const calls: D1Call[] = [];
    const db = database(countingD1(env.DB, calls));
    await userTimeZones(db);
    await reportUserIdsPage(db, { afterId: "", limit: 100 }, new Date("2026-12-07T07:05:00Z"), "Europe/Lisbon");
    const plans: string[][] = [];
    for (const call of calls) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${call.sql[0]}`)
        .bind(...(call.params[0] ?? []))
        .all<{ detail: string }>();
      plans.push(results.map((r) => r.detail));
    }
    expect(plans[0]).toEqual(["SCAN users USING COVERING INDEX users_confirmed_time_zone_idx"]);
    expect(plans[1][0]).toBe("SEARCH users USING INDEX users_confirmed_time_zone_idx (time_zone=? AND id>?)");
    expect(plans[1].join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});

// Three more jobs run every quarter-hour over all accounts: the trial notices (trials ending in the
// next 3 days, or ended in the last 7) and the e-mail digests (users with a daily or weekly digest
// of some type). Paged by id alone, each run read every user, or every user's preferences.
describe("query plans of the trial notices' and digests' jobs", () => {
  const planOf = async (select: (db: ReturnType<typeof database>) => Promise<unknown>) => {
    const calls: D1Call[] = [];
    await select(database(countingD1(env.DB, calls)));
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${calls[0].sql[0]}`)
      .bind(...calls[0].params[0])
      .all<{ detail: string }>();
    return results.map((r) => r.detail);
  };

  it("finds the trials ending in the window as a range of an index", async () => {
    const plan = await planOf((db) => trialUserIdsPage(db, { afterId: "", limit: 100 }, [new Date("2026-12-07T07:00:00Z"), new Date("2026-12-10T07:00:00Z")], "trial-ending"));
    expect(plan[0]).toBe("SEARCH users USING INDEX users_confirmed_trial_end_idx (trial_ends_at>? AND trial_ends_at<?)");
  });

  it("finds the users with a digest in an index of those preferences only", async () => {
    expect(await planOf((db) => digestUserIdsPage(db, { afterId: "", limit: 100 }))).toEqual(["SEARCH notification_preferences USING INDEX notification_preferences_digest_idx (user_id>?)"]);
  });
});
