import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_MINUTE, EVERY_QUARTER_HOUR, NIGHTLY, runSchedule } from "@worker/cron/registry";
import { seedDemoAccount } from "@worker/db/seed";
import { countingD1, type D1Call } from "./counting-bindings";
import { userTables } from "./user-tables";

// Issue 20's database gate for the scheduled jobs: each runs over every account (the quarter-hour
// ones about a hundred times a day), so a statement that scans a user table reads every account's
// rows in every run. Every statement of every schedule, run for a seeded account with the cron's
// own times (Monday 07:00 in Lisbon makes the weekly reports run too), goes through EXPLAIN QUERY
// PLAN; a SCAN of a user table, even of a covering index, is a finding.
const RUNS = [
  [NIGHTLY, "2026-12-07T03:00:00Z"],
  [EVERY_QUARTER_HOUR, "2026-12-07T07:00:00Z"],
  [EVERY_QUARTER_HOUR, "2026-12-07T20:00:00Z"],
  [EVERY_MINUTE, "2026-12-07T07:01:00Z"],
] as const;

/**
 * The one scan allowed: the weekly reports' job reads the confirmed accounts' distinct zones (SQLite
 * knows no zones, so the ones at Monday 07:00 are found in code), from a partial covering index,
 * once per quarter-hour of Monday's window only (docs/decisions/0039).
 */
const ALLOWED = ["SCAN users USING COVERING INDEX users_confirmed_time_zone_idx"];

describe("query plans of the scheduled jobs", () => {
  const statements = new Map<string, unknown[]>();

  beforeAll(async () => {
    const { userId } = await seedDemoAccount(env);
    // The demo routines remind at 07:00 Lisbon, due at the minute run: the routine reminders' job
    // reads, claims and sends (a reminder planned from the real clock would not be due then).
    await env.DB.prepare("update routines set reminder_time = '07:00', next_reminder_at = ? where user_id = ?").bind(Date.parse("2026-12-07T07:00:00Z"), userId).run();
    // The demo's check-ins are dated from the real today, and from 8 December on they include the 7th:
    // a routine done that day sends no reminder, and the reminder's statements would not run at all.
    await env.DB.batch([
      env.DB.prepare("delete from routine_check_ins where user_id = ? and date = '2026-12-07'").bind(userId),
      env.DB.prepare("delete from routine_day_counts where user_id = ? and date = '2026-12-07'").bind(userId),
    ]);
    // A recurring transaction due at the nightly run: its catch-up reads and writes run too.
    await env.DB.prepare(
      "insert into recurring_transactions (id, user_id, type, amount_cents, description, category, frequency, start_date, next_date) values ('rt-plans', ?, 'expense', 3500, 'Ginásio', 'health', 'monthly', '2026-11-07', '2026-12-07')",
    )
      .bind(userId)
      .run();
    const calls: D1Call[] = [];
    const counting = { ...env, DB: countingD1(env.DB, calls) } as Env;
    for (const [schedule, at] of RUNS) {
      const results = await runSchedule(schedule, counting, new Date(at), { inline: true });
      for (const [job, result] of Object.entries(results)) expect("error" in result ? `${job}: ${result.error}` : "", job).toBe("");
    }
    for (const call of calls) call.sql.forEach((sql, i) => /^\s*(select|with|delete|update)\b/i.test(sql) && statements.set(sql, call.params[i] ?? []));
  });

  it("ran the jobs' statements", () => {
    expect(statements.size).toBeGreaterThan(20);
    // The routine reminders' page of users, their due routines, the check-ins of those days and the claim.
    const routineReminders = [...statements.keys()].filter((sql) => /"routines"|"routine_check_ins"/.test(sql) && /next_reminder_at|"date" in/.test(sql));
    expect(routineReminders.length).toBeGreaterThanOrEqual(4);
  });

  it("pages the users with a routine reminder due by the due range, not by a walk of the user index", async () => {
    // A range from the first user id on is a SEARCH in the plan but reads every routine there is.
    const [page] = [...statements.keys()].filter((sql) => /^select distinct "user_id" from "routines"/.test(sql));
    expect(page).toBeDefined();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${page}`)
      .bind(...statements.get(page)!)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail)).toContain("SEARCH routines USING COVERING INDEX routines_next_reminder_idx (next_reminder_at<?)");
  });

  // The same shape as the routines' page: a range from the first user id on is a SEARCH in the plan,
  // but it walked events_user_range_idx (every event there is, every minute) and
  // tasks_user_scheduled_idx (every task, every quarter-hour) for the page's order.
  it("pages the users with an event reminder due, or a task starting, by those ranges, not by a walk of the user index", async () => {
    const planOf = async (pattern: RegExp) => {
      const [page] = [...statements.keys()].filter((sql) => pattern.test(sql));
      expect(page, String(pattern)).toBeDefined();
      return (await env.DB.prepare(`EXPLAIN QUERY PLAN ${page}`).bind(...statements.get(page)!).all<{ detail: string }>()).results.map((r) => r.detail);
    };
    const events = await planOf(/^select distinct "user_id" from "events"/);
    expect(events).toContain("SEARCH events USING INDEX events_next_reminder_idx (next_reminder_at<?)");
    expect(events.join("\n")).not.toContain("events_user_range_idx");
    const tasks = await planOf(/^select distinct "user_id" from "tasks"/);
    expect(tasks).toContain("SEARCH tasks USING COVERING INDEX tasks_scheduled_start_idx (scheduled_start>? AND scheduled_start<?)");
    expect(tasks.join("\n")).not.toContain("tasks_user_scheduled_idx");
  });

  it("pages the users with a recurring transaction due by the next dates' range, and catches up by the user's own index", async () => {
    const planOf = async (pattern: RegExp) => {
      const [found] = [...statements.keys()].filter((sql) => pattern.test(sql));
      expect(found, String(pattern)).toBeDefined();
      return (await env.DB.prepare(`EXPLAIN QUERY PLAN ${found}`).bind(...statements.get(found)!).all<{ detail: string }>()).results.map((r) => r.detail);
    };
    expect(await planOf(/^select distinct "user_id" from "recurring_transactions"/)).toContain("SEARCH recurring_transactions USING COVERING INDEX recurring_transactions_next_user_idx (next_date<?)");
    expect((await planOf(/^select .* from "recurring_transactions" where \("recurring_transactions"."user_id" = \? and/)).join("\n")).toContain("recurring_transactions_user_next_idx (user_id=? AND next_date<?)");
    // It ran: the occurrence was written, and the rule moved on.
    const written = await env.DB.prepare("select count(*) as n from transactions where import_key = 'recurring:rt-plans:2026-12-07'").first<{ n: number }>();
    expect(written?.n).toBe(1);
  });

  it("reads and forgets the keys notify() has sent (decision 0103) by their indexes", async () => {
    const plans = async (pattern: RegExp) => {
      const found = [...statements.keys()].filter((sql) => pattern.test(sql));
      expect(found.length, String(pattern)).toBeGreaterThan(0);
      return Promise.all(found.map(async (sql) => (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...statements.get(sql)!).all<{ detail: string }>()).results.map((r) => r.detail)));
    };
    // Sent already? (the routine reminder of the minute run): the primary key, one row.
    for (const plan of await plans(/^select 1 from "notification_keys"/)) expect(plan).toEqual([expect.stringMatching(/^SEARCH notification_keys USING COVERING INDEX sqlite_autoindex_notification_keys_1 \(user_id=\? AND dedupe_key=\?\)$/)]);
    // The quarter-hour cleanup: the passed range of the partial index.
    for (const plan of await plans(/^delete from "notification_keys"/)) expect(plan).toEqual(["SEARCH notification_keys USING COVERING INDEX notification_keys_forget_idx (forget_at>? AND forget_at<?)"]);
  });

  it("never scans a user table", async () => {
    const tables = new Set((await userTables(env.DB)).map((t) => t.table));
    const scans: string[] = [];
    for (const [sql, params] of statements) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      for (const { detail } of results) {
        const table = detail.match(/^SCAN (\S+)/)?.[1];
        if (table && tables.has(table) && !ALLOWED.includes(detail)) scans.push(`${detail}  ←  ${sql}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
