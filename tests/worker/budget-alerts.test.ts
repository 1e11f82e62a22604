import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database, type Db } from "@worker/db/client";
import { checkBudgets, type BudgetCheck } from "@worker/modules/finances/budget-alerts";
import { budgetsWithProgress } from "@worker/modules/finances/reports";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

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
