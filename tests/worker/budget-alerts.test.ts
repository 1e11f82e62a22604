import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database, type Db } from "@worker/db/client";
import { checkBudgets, type BudgetCheck } from "@worker/modules/finances/budget-alerts";
import { budgetsWithProgress } from "@worker/modules/finances/reports";
import { budgetCheckJob } from "@worker/modules/finances/budget-job";
import { NIGHTLY, runSchedule } from "@worker/cron/registry";
import { userIdOf } from "./billing-helpers";
import { deleteExpiredNotificationsJob } from "@worker/cron/delete-expired-notifications";
import { api, json, mailsTo, signUpAndLogIn } from "./helpers";

afterEach(() => vi.restoreAllMocks());

describe("budget alerts after an expense is written", () => {
  it("never turn the expense's write into an error when the check fails (a retry would write it twice)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // D1 gone after the expense was written: every read of the check throws.
    const db = new Proxy({}, { get: () => () => { throw new Error("D1_ERROR: storage unavailable"); } }) as unknown as Db;
    const today = new Date().toISOString().slice(0, 10);
    await expect(checkBudgets({ env: {} as Env, db, user: { id: "u1", timeZone: "UTC", language: "pt" }, entitlements: ["finances.advanced"] }, ["groceries"], [today])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("budget alerts not checked"));
  });
});

describe("what a budget counts as spent (0024, revised 2026-12-07)", () => {
  const email = "adiantado@alerts.test";
  const spend = (userId: string, id: string, amountCents: number, date: string, category = "home") =>
    env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', ?, '', ?, ?)").bind(id, userId, amountCents, date, category).run();
  const alerts = async (userId: string) =>
    (await env.DB.prepare("select metadata from notifications where user_id = ? and type = 'budget_alert'").bind(userId).all<{ metadata: string }>()).results.map((r) => JSON.parse(r.metadata));

  it("leaves out an expense dated later this month: no alert, and not in the budgets tab's spent, until its day", async () => {
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(email);
    const { budget } = await json(await api("/budgets", { body: { category: "home", limitCents: 50_000 }, headers: { cookie } }));
    const db = database(env.DB);
    const check = (now: string): BudgetCheck => ({ env, db, user: { id: userId, timeZone: "Europe/Lisbon", language: "pt" }, entitlements: ["finances.advanced"], now: new Date(now) });
    // On 7 December: 100 € spent so far, the rent of the 25th entered ahead.
    await spend(userId, "today-1", 10_000, "2026-12-03");
    await spend(userId, "rent-25", 60_000, "2026-12-25");
    await checkBudgets(check("2026-12-07T10:00:00Z"), ["home"], ["2026-12-25"]);
    await checkBudgets(check("2026-12-07T10:00:00Z"), ["home"], ["2026-12-03"]);
    expect(await alerts(userId)).toEqual([]);
    const tab = await budgetsWithProgress(db, userId, "2026-12", "2026-12-07", { limit: 200 });
    expect(tab.items).toEqual([expect.objectContaining({ id: budget.id, spentCents: 10_000, status: "ok" })]);
    // The same budget seen after the month: the rent counts.
    const after = await budgetsWithProgress(db, userId, "2026-12", "2027-01-02", { limit: 200 });
    expect(after.items[0]).toMatchObject({ spentCents: 70_000, status: "exceeded" });
    // On the 25th, the next write in the category checks with the rent in.
    await checkBudgets(check("2026-12-25T10:00:00Z"), ["home"], ["2026-12-25"]);
    expect(await alerts(userId)).toEqual([expect.objectContaining({ budgetId: budget.id, month: "2026-12", threshold: 100, spentCents: 70_000 })]);
  });
});

// DECISIONS.md lists budget alerts among the notifications cron raises: an expense entered ahead is
// spent on its day, when nothing is written, and only the nightly check (03:00 UTC, inside every
// zone's local day) sees it then (0025, revised 2026-12-07).
describe("the nightly budget check", () => {
  const spend = (userId: string, id: string, amountCents: number, date: string) =>
    env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', ?, '', ?, 'home')").bind(id, userId, amountCents, date).run();
  const alerts = async (userId: string) =>
    (await env.DB.prepare("select metadata from notifications where user_id = ? and type = 'budget_alert'").bind(userId).all<{ metadata: string }>()).results.map((r) => JSON.parse(r.metadata));
  const night = (at: string) => runSchedule(NIGHTLY, env, new Date(at), { inline: true, jobs: [budgetCheckJob] });

  async function withRentAhead(email: string, timeZone: string) {
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(email);
    await env.DB.prepare("update users set time_zone = ? where id = ?").bind(timeZone, userId).run();
    // Light, paid to 2030: the checks below are weeks after the trial of a sign-up today.
    await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status, current_period_end) values (?, ?, 'light', 'active', ?)").bind(userId, `cus_${userId}`, Date.parse("2030-01-01")).run();
    const { budget } = await json(await api("/budgets", { body: { category: "home", limitCents: 50_000 }, headers: { cookie } }));
    await spend(userId, `${userId}-early`, 10_000, "2026-12-03");
    await spend(userId, `${userId}-rent`, 60_000, "2026-12-25");
    return { userId, budgetId: budget.id as string, cookie };
  }

  it("alerts on the day an expense entered ahead falls due, once, on the user's own day", async () => {
    const lisbon = await withRentAhead("nightly-lisbon@alerts.test", "Europe/Lisbon");
    const newYork = await withRentAhead("nightly-ny@alerts.test", "America/New_York");
    await night("2026-12-07T03:00:00Z");
    expect(await alerts(lisbon.userId)).toEqual([]);
    // 03:00 UTC on the 25th: the 25th in Lisbon, still the 24th (22:00) in New York.
    await night("2026-12-25T03:00:00Z");
    expect(await alerts(lisbon.userId)).toEqual([expect.objectContaining({ budgetId: lisbon.budgetId, month: "2026-12", threshold: 100, spentCents: 70_000 })]);
    expect(await alerts(newYork.userId)).toEqual([]);
    await night("2026-12-26T03:00:00Z");
    expect(await alerts(newYork.userId)).toEqual([expect.objectContaining({ budgetId: newYork.budgetId, threshold: 100, spentCents: 70_000 })]);
    // The next nights say nothing again.
    await night("2026-12-27T03:00:00Z");
    expect(await alerts(lisbon.userId)).toHaveLength(1);
    expect(await alerts(newYork.userId)).toHaveLength(1);
  });

  // The alert's dedupe key was the only record that it was sent, and went with it: deleted, the
  // alert came back the next night, and every night of the month (decision 0103).
  it("does not send an alert again once the user deleted it, neither at night nor on the next expense", async () => {
    const email = "nightly-deleted@alerts.test";
    const { userId, budgetId, cookie } = await withRentAhead(email, "Europe/Lisbon");
    await night("2026-12-25T03:00:00Z");
    const [sent] = (await env.DB.prepare("select id from notifications where user_id = ? and type = 'budget_alert'").bind(userId).all<{ id: string }>()).results;
    expect(sent).toBeDefined();
    expect((await api(`/notifications/${sent.id}`, { method: "DELETE", headers: { cookie } })).status).toBe(204);
    await night("2026-12-26T03:00:00Z");
    await night("2026-12-27T03:00:00Z");
    // A write in the category checks the same budget at once (the same code as the API's writes).
    await spend(userId, `${userId}-more`, 1_000, "2026-12-27");
    await checkBudgets({ env, db: database(env.DB), user: { id: userId, timeZone: "Europe/Lisbon", language: "pt" }, entitlements: ["finances.advanced"], now: new Date("2026-12-27T10:00:00Z") }, ["home"], ["2026-12-27"]);
    expect(await alerts(userId)).toEqual([]);
    // A new month is a new alert.
    await spend(userId, `${userId}-january`, 60_000, "2027-01-02");
    await night("2027-01-02T03:00:00Z");
    expect(await alerts(userId)).toEqual([expect.objectContaining({ budgetId, month: "2027-01", threshold: 100 })]);
  });

  // With in-app off for budget alerts (e-mail only), the row is kept 8 days for the digests and then
  // deleted by the quarter-hour cleanup: the next night e-mailed the same alert again (decision 0103).
  it("does not send an alert again after its notification expired and was deleted", async () => {
    const email = "nightly-expired@alerts.test";
    const { userId } = await withRentAhead(email, "Europe/Lisbon");
    // 90 € of 500 € by the 3rd is under 80 %; 410 € on the 4th makes 100 € short of the limit.
    await spend(userId, `${userId}-fourth`, 31_000, "2026-12-04");
    await env.DB.prepare("insert into notification_preferences (id, user_id, notification_type, in_app_enabled, email_enabled) values (?, ?, 'budget_alert', 0, 1)").bind(`${userId}-pref`, userId).run();
    await night("2026-12-04T03:00:00Z");
    expect(await alerts(userId)).toEqual([expect.objectContaining({ month: "2026-12", threshold: 80 })]);
    const mails = async () => (await mailsTo(email)).filter((m) => m.subject.includes("80"));
    expect(await mails()).toHaveLength(1);
    await deleteExpiredNotificationsJob(env, new Date("2026-12-12T04:00:00Z"));
    expect(await alerts(userId)).toEqual([]);
    await night("2026-12-13T03:00:00Z");
    expect(await alerts(userId)).toEqual([]);
    expect(await mails()).toHaveLength(1);
  });
});
