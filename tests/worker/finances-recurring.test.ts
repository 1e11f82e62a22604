import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NIGHTLY, runSchedule } from "@worker/cron/registry";
import { localToday } from "@worker/modules/finances/logic";
import { recurringUserIdsPage } from "@worker/modules/finances/queries";
import { occurrence, RECURRING_ENDED } from "@worker/modules/finances/recurring";
import { database } from "@worker/db/client";
import { catchUpRecurring, recurringTransactionsJob } from "@worker/modules/finances/recurring-job";
import { addDays, addMonths } from "~/components/ui/date-grid";
import { endTrial, userIdOf } from "./billing-helpers";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, signUpAndLogIn } from "./helpers";

// "Movimentos fixos" (docs/decisions/0116): a rule written once, its transactions on their days.
const as = (cookie: string) => ({
  get: (path: string) => api(path, { headers: { cookie } }),
  post: (path: string, body: unknown) => api(path, { method: "POST", body, headers: { cookie } }),
  patch: (path: string, body: unknown) => api(path, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(path, { method: "DELETE", headers: { cookie } }),
});
type Client = ReturnType<typeof as>;

const today = localToday("Europe/Lisbon");
const rule = (overrides: Record<string, unknown> = {}) => ({ type: "expense", amountCents: 3_500, description: "Ginásio", category: "health", frequency: "monthly", startDate: today, ...overrides });

async function create(client: Client, overrides: Record<string, unknown> = {}) {
  const response = await client.post("/finances/recurring", rule(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response);
}

/** The transactions a rule wrote, oldest first. */
const writtenBy = async (ruleId: string) =>
  (
    await env.DB.prepare("select date, amount_cents as amountCents, description, category, source from transactions where import_key like ? order by date")
      .bind(`recurring:${ruleId}:%`)
      .all<{ date: string; amountCents: number; description: string; category: string; source: string }>()
  ).results;

const nextDateOf = async (ruleId: string) => (await env.DB.prepare("select next_date as d from recurring_transactions where id = ?").bind(ruleId).first<{ d: string }>())?.d;

/** The nightly run at 03:00 UTC of the day `days` after today. */
const nightAfter = (days: number) => runSchedule(NIGHTLY, env, new Date(Date.parse(`${today}T03:00:00Z`) + days * 86_400_000), { inline: true, jobs: [recurringTransactionsJob] });

let ana: Client;
let rui: Client;
beforeAll(async () => {
  ana = as(await signUpAndLogIn("ana@recorrentes.test"));
  rui = as(await signUpAndLogIn("rui@recorrentes.test"));
});

describe("creating a recurring transaction", () => {
  it("writes the occurrence of a start of today at once, as an ordinary transaction, and lists the rule with its next date", async () => {
    const { recurringTransaction: created, transactions } = await create(ana);
    expect(created).toMatchObject({ type: "expense", amountCents: 3_500, frequency: "monthly", startDate: today, nextDate: addMonths(today, 1) });
    expect(transactions).toEqual([expect.objectContaining({ date: today, amountCents: 3_500, description: "Ginásio", category: "health", source: "recurring" })]);
    expect(await writtenBy(created.id)).toHaveLength(1);
    // In the transactions list like any other.
    const list = await json(await ana.get(`/transactions?from=${today}&to=${today}`));
    expect(list.items.map((t: { id: string }) => t.id)).toContain(transactions[0].id);
    const rules = await json(await ana.get("/finances/recurring"));
    expect(rules.items).toEqual([expect.objectContaining({ id: created.id, nextDate: addMonths(today, 1) })]);
    // Another user's list does not have it.
    expect((await json(await rui.get("/finances/recurring"))).items).toEqual([]);
  });

  it("writes every occurrence already due of a start in the past, each once", async () => {
    const start = addMonths(today, -3);
    const { recurringTransaction: created, transactions } = await create(ana, { startDate: start, type: "income", amountCents: 150_000, description: "Salário", category: "salary" });
    const expected = [0, 1, 2, 3].map((n) => occurrence(start, "monthly", n)).filter((d) => d <= today);
    expect(transactions.map((t: { date: string }) => t.date).sort()).toEqual(expected);
    expect((await writtenBy(created.id)).map((t) => t.date)).toEqual(expected);
    expect(created.nextDate).toBe(occurrence(start, "monthly", expected.length));
  });

  it("writes nothing yet for a start after today", async () => {
    const { recurringTransaction: created, transactions } = await create(ana, { startDate: addMonths(today, 1), frequency: "weekly" });
    expect(transactions).toEqual([]);
    expect(created.nextDate).toBe(addMonths(today, 1));
    expect(await writtenBy(created.id)).toEqual([]);
  });

  it("is open to the free plan, as transactions are", async () => {
    const cookie = await signUpAndLogIn("livre@recorrentes.test");
    await endTrial("livre@recorrentes.test");
    expect((await as(cookie).post("/finances/recurring", rule())).status).toBe(201);
  });

  it("raises the budget alert of its category, as a manual expense does", async () => {
    const cookie = await signUpAndLogIn("orcamento@recorrentes.test");
    const client = as(cookie);
    expect((await client.post("/budgets", { category: "home", limitCents: 50_000 })).status).toBe(201);
    await create(client, { amountCents: 60_000, description: "Renda", category: "home" });
    const alerts = await env.DB.prepare("select count(*) as n from notifications where user_id = ? and type = 'budget_alert'").bind(await userIdOf("orcamento@recorrentes.test")).first<{ n: number }>();
    expect(alerts?.n).toBe(1);
  });
});

describe("refusals", () => {
  it("answers 400 with the field and a localised message for bad input, never 5xx", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: "daily" }, "frequency"],
      [{ frequency: undefined }, "frequency"],
      [{ amountCents: 0 }, "amountCents"],
      [{ amountCents: 12.5 }, "amountCents"],
      [{ type: "gift" }, "type"],
      [{ startDate: "2026-02-30" }, "startDate"],
      [{ startDate: addMonths(today, -13) }, "startDate"],
      [{ startDate: addMonths(today, 13) }, "startDate"],
      [{ category: "nope" }, "category"],
      // An unknown field (there is no count, only an end date): the whole body is refused.
      [{ count: 12 }, "body"],
      [{ endDate: "2026-02-30" }, "endDate"],
      [{ endDate: "dezembro" }, "endDate"],
      [{ endDate: addDays(today, -1) }, "endDate"],
    ];
    for (const [overrides, field] of cases) {
      const response = await ana.post("/finances/recurring", rule(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const { error } = await json(response);
      expect(Object.keys(error.fields), JSON.stringify(overrides)).toEqual([field]);
    }
    const { error } = await json(await ana.post("/finances/recurring", rule({ frequency: "daily" })));
    expect(error.fields.frequency).toBe("A frequência deve ser semanal, mensal ou anual.");
    // A user whose language is English reads it in English.
    const english = as(await signUpAndLogIn("en@recorrentes.test"));
    expect((await english.patch("/me", { language: "en" })).status).toBe(200);
    expect((await json(await english.post("/finances/recurring", rule({ startDate: addMonths(today, -13) })))).error.fields.startDate).toBe("The first date must be within a year of today (before or after).");
  });

  it("refuses a rule past the hundredth", async () => {
    const many = as(await signUpAndLogIn("muitos@recorrentes.test"));
    const userId = await userIdOf("muitos@recorrentes.test");
    const insert = env.DB.prepare("insert into recurring_transactions (id, user_id, type, amount_cents, category, frequency, start_date, next_date) values (?, ?, 'expense', 100, 'other', 'monthly', ?, ?)");
    const start = addMonths(today, 1);
    await env.DB.batch(Array.from({ length: 100 }, (_, i) => insert.bind(`rt-many-${i}`, userId, start, start)));
    const refused = await many.post("/finances/recurring", rule());
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toBe("Atingiu o máximo de 100 movimentos fixos.");
    // Out of the way of the later nightly runs, years ahead, which would write them all.
    await env.DB.prepare("delete from recurring_transactions where user_id = ?").bind(userId).run();
  });

  it("answers 404 for another user's rule, and leaves it as it was", async () => {
    const { recurringTransaction: created } = await create(ana, { description: "Seguro" });
    expect((await rui.patch(`/finances/recurring/${created.id}`, { amountCents: 1 })).status).toBe(404);
    expect((await rui.del(`/finances/recurring/${created.id}`)).status).toBe(404);
    expect((await rui.patch("/finances/recurring/no.such", { amountCents: 1 })).status).toBe(404);
    const rules = await json(await ana.get("/finances/recurring"));
    expect(rules.items.find((r: { id: string }) => r.id === created.id)).toMatchObject({ amountCents: 3_500 });
  });
});

describe("changing and stopping", () => {
  it("changes the amount, description and category of what is still to come, and refuses a new rhythm", async () => {
    const { recurringTransaction: created } = await create(ana, { description: "Netflix", category: "subscriptions", amountCents: 1_399 });
    const patched = await ana.patch(`/finances/recurring/${created.id}`, { amountCents: 1_599, description: "Netflix Premium", category: "leisure" });
    expect(patched.status).toBe(200);
    expect((await json(patched)).recurringTransaction).toMatchObject({ amountCents: 1_599, description: "Netflix Premium", category: "leisure", nextDate: created.nextDate });
    for (const body of [{ frequency: "weekly" }, { startDate: today }, { type: "income" }, { amountCents: -5 }, { category: "nope" }]) {
      expect((await ana.patch(`/finances/recurring/${created.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    // The one written already stays as it was; the next is written as the rule now says.
    await catchUpRecurring(env, await userIdOf("ana@recorrentes.test"), new Date(`${addMonths(today, 1)}T12:00:00Z`));
    expect((await writtenBy(created.id)).map((t) => [t.date, t.amountCents, t.description, t.category])).toEqual([
      [today, 1_399, "Netflix", "subscriptions"],
      [addMonths(today, 1), 1_599, "Netflix Premium", "leisure"],
    ]);
  });

  it("stops a rule: it leaves the list, its transactions stay, and nothing more is written", async () => {
    const { recurringTransaction: created, transactions } = await create(ana, { description: "Jornal", frequency: "weekly" });
    expect((await ana.del(`/finances/recurring/${created.id}`)).status).toBe(204);
    expect((await json(await ana.get("/finances/recurring"))).items.map((r: { id: string }) => r.id)).not.toContain(created.id);
    expect((await ana.get(`/transactions/${transactions[0].id}`)).status).toBe(200);
    await nightAfter(20);
    expect(await writtenBy(created.id)).toHaveLength(1);
    expect((await ana.del(`/finances/recurring/${created.id}`)).status).toBe(404);
  });
});

describe("a category of the user's own", () => {
  it("deleted, its recurring transactions write in 'other' from then on, as its transactions moved there", async () => {
    const { category } = await json(await ana.post("/finances/categories", { name: "Clube", type: "expense" }));
    const { recurringTransaction: created } = await create(ana, { description: "Quota", category: category.id, startDate: addMonths(today, 1) });
    expect((await ana.del(`/finances/categories/${category.id}`)).status).toBe(204);
    expect((await json(await ana.get("/finances/recurring"))).items.find((r: { id: string }) => r.id === created.id)).toMatchObject({ category: "other" });
  });
});

describe("the daily catch-up", () => {
  it("writes each due occurrence once, however often and however concurrently it runs", async () => {
    const cookie = await signUpAndLogIn("diario@recorrentes.test");
    const { recurringTransaction: created } = await create(as(cookie), { frequency: "weekly" });
    const userId = await userIdOf("diario@recorrentes.test");
    // A month later: the four weeks since are due. Two deliveries at once, then the job twice.
    const at = new Date(Date.parse(`${today}T03:00:00Z`) + 29 * 86_400_000);
    const [first, second] = await Promise.all([catchUpRecurring(env, userId, at), catchUpRecurring(env, userId, at)]);
    expect(first || second).toBe(true);
    await nightAfter(29);
    await nightAfter(29);
    const expected = [0, 1, 2, 3, 4].map((n) => occurrence(today, "weekly", n));
    expect((await writtenBy(created.id)).map((t) => t.date)).toEqual(expected);
    expect(await nextDateOf(created.id)).toBe(occurrence(today, "weekly", 5));
  });

  it("keeps a monthly rule on its day through short months (31 January, 28 February, 31 March)", async () => {
    await signUpAndLogIn("fim-do-mes@recorrentes.test");
    const userId = await userIdOf("fim-do-mes@recorrentes.test");
    // Made directly: a start this far from the real today is refused by the API.
    await env.DB.prepare(
      "insert into recurring_transactions (id, user_id, type, amount_cents, description, category, frequency, start_date, next_date) values ('rt-clamp', ?, 'income', 150000, 'Salário', 'salary', 'monthly', '2031-01-31', '2031-01-31')",
    )
      .bind(userId)
      .run();
    await runSchedule(NIGHTLY, env, new Date("2031-02-01T03:00:00Z"), { inline: true, jobs: [recurringTransactionsJob] });
    await runSchedule(NIGHTLY, env, new Date("2031-04-01T03:00:00Z"), { inline: true, jobs: [recurringTransactionsJob] });
    expect((await writtenBy("rt-clamp")).map((t) => [t.date, t.source])).toEqual([
      ["2031-01-31", "recurring"],
      ["2031-02-28", "recurring"],
      ["2031-03-31", "recurring"],
    ]);
    expect(await nextDateOf("rt-clamp")).toBe("2031-04-30");
  });

  it("writes all of a user's due rules once, in one batch of writes and one batch of reads", async () => {
    const cookie = await signUpAndLogIn("varios@recorrentes.test");
    const userId = await userIdOf("varios@recorrentes.test");
    // Income only: no budget to check, so the round trips are the catch-up's own. Starting tomorrow,
    // nothing is written at creation; 364 days on, 52 + 52 weekly, 12 monthly and 1 yearly are due:
    // 117 import keys, more than one statement may bind (D1: 100), so the read comes in chunks.
    const tomorrow = addDays(today, 1);
    const rules = [];
    for (const frequency of ["weekly", "weekly", "monthly", "yearly"])
      rules.push((await create(as(cookie), { type: "income", category: "salary", description: `Renda ${frequency}`, frequency, startDate: tomorrow })).recurringTransaction);
    const at = new Date(Date.parse(`${today}T12:00:00Z`) + 364 * 86_400_000);
    const calls: D1Call[] = [];
    expect(await catchUpRecurring({ ...env, DB: countingD1(env.DB, calls) }, userId, at)).toBe(true);
    // The user, the due rules, one batch of writes, one batch of reads.
    expect(calls.map((call) => call.kind), calls.map((call) => call.sql[0].slice(0, 80)).join("\n")).toEqual(["statement", "statement", "batch", "batch"]);
    expect(calls[3].sql).toHaveLength(2);
    // Again: the rules have moved on, nothing more is written.
    expect(await catchUpRecurring(env, userId, at)).toBe(false);
    const counts = await Promise.all(rules.map(async (r: { id: string }) => (await writtenBy(r.id)).length));
    expect(counts).toEqual([52, 52, 12, 1]);
    for (const r of rules) expect((await writtenBy(r.id)).every((t) => t.source === "recurring")).toBe(true);
    expect(await nextDateOf(rules[2].id)).toBe(addMonths(tomorrow, 12));
  });

  it("counts the day in the user's own zone", async () => {
    await signUpAndLogIn("tokyo@recorrentes.test");
    const userId = await userIdOf("tokyo@recorrentes.test");
    await env.DB.prepare("update users set time_zone = 'Asia/Tokyo' where id = ?").bind(userId).run();
    await env.DB.prepare(
      "insert into recurring_transactions (id, user_id, type, amount_cents, description, category, frequency, start_date, next_date) values ('rt-tokyo', ?, 'expense', 900, 'Ginásio', 'health', 'monthly', '2031-05-10', '2031-05-10')",
    )
      .bind(userId)
      .run();
    // 9 May 20:00 UTC is 10 May 05:00 in Tokyo (and still the 9th in Lisbon).
    await catchUpRecurring(env, userId, new Date("2031-05-09T20:00:00Z"));
    expect((await writtenBy("rt-tokyo")).map((t) => t.date)).toEqual(["2031-05-10"]);
  });
});

describe("an end date (Até)", () => {
  const userOf = async (email: string) => ({ client: as(await signUpAndLogIn(email)), userId: await userIdOf(email) });
  /** The user's catch-up at 12:00 UTC of the day `days` after today. */
  const catchUpAfter = (userId: string, days: number) => catchUpRecurring(env, userId, new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000));

  it("writes nothing after it at creation, and lists a rule that has ended below the running ones", async () => {
    const { client } = await userOf("fim@recorrentes.test");
    const start = addMonths(today, -3);
    const end = addDays(addMonths(today, -1), 1);
    const running = (await create(client, { description: "Renda" })).recurringTransaction;
    const { recurringTransaction: ended, transactions } = await create(client, { description: "Carro", startDate: start, endDate: end });
    const expected = [0, 1, 2].map((n) => occurrence(start, "monthly", n)).filter((d) => d <= end);
    expect(transactions.map((t: { date: string }) => t.date).sort()).toEqual(expected);
    expect(ended).toMatchObject({ endDate: end, nextDate: null, endedOn: expected[expected.length - 1] });
    expect(await nextDateOf(ended.id)).toBe(RECURRING_ENDED);
    const { items } = await json(await client.get("/finances/recurring"));
    expect(items.map((r: { id: string }) => r.id)).toEqual([running.id, ended.id]);
    expect(items[0]).toMatchObject({ endDate: null, endedOn: null, nextDate: addMonths(today, 1) });
  });

  it("stops the catch-up at the end, and the nightly job never selects the ended rule again", async () => {
    const { client, userId } = await userOf("ginasio@recorrentes.test");
    // Weekly for two more weeks: today, +7 and +14.
    const { recurringTransaction: created } = await create(client, { frequency: "weekly", endDate: addDays(today, 14) });
    const db = database(env.DB);
    const page = { afterId: "", limit: 1000 };
    expect(await recurringUserIdsPage(db, page, addDays(today, 7))).toContain(userId);
    expect(await catchUpAfter(userId, 30)).toBe(true);
    expect((await writtenBy(created.id)).map((t) => t.date)).toEqual([today, addDays(today, 7), addDays(today, 14)]);
    expect(await nextDateOf(created.id)).toBe(RECURRING_ENDED);
    // Out of the job's range of next dates, however far ahead it looks.
    expect(await recurringUserIdsPage(db, page, addMonths(today, 12 * 50))).not.toContain(userId);
    expect(await catchUpAfter(userId, 400)).toBe(false);
    expect(await writtenBy(created.id)).toHaveLength(3);
    expect((await json(await client.get("/finances/recurring"))).items[0]).toMatchObject({ nextDate: null, endedOn: addDays(today, 14) });
  });

  it("is set earlier, later or cleared by PATCH, never before what was written, and a later one brings an ended rule back", async () => {
    const { client, userId } = await userOf("mudar-fim@recorrentes.test");
    // Written: -21, -14, -7 and today; next +7.
    const { recurringTransaction: created } = await create(client, { frequency: "weekly", startDate: addDays(today, -21) });
    const patch = (body: unknown) => client.patch(`/finances/recurring/${created.id}`, body);
    const refused = await patch({ endDate: addDays(today, -1) });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toEqual({ endDate: "A data final não pode ser anterior ao último movimento já registado ou saltado." });
    const beforeStart = await json(await patch({ endDate: addDays(today, -22) }));
    expect(beforeStart.error.fields).toEqual({ endDate: "A data final não pode ser anterior à primeira data." });
    expect((await patch({ endDate: "2026-02-30" })).status).toBe(400);
    // Earlier than the next date: it has ended, on today's occurrence.
    let response = await patch({ endDate: addDays(today, 3) });
    expect(response.status).toBe(200);
    expect((await json(response)).recurringTransaction).toMatchObject({ endDate: addDays(today, 3), nextDate: null, endedOn: today });
    expect(await nextDateOf(created.id)).toBe(RECURRING_ENDED);
    // Later: it runs again from the first date after the old end, with the amount changed in the same write.
    response = await patch({ endDate: addDays(today, 14), amountCents: 4_000 });
    expect((await json(response)).recurringTransaction).toMatchObject({ endDate: addDays(today, 14), nextDate: addDays(today, 7), endedOn: null, amountCents: 4_000 });
    // Cleared: it runs until stopped.
    response = await patch({ endDate: null });
    expect((await json(response)).recurringTransaction).toMatchObject({ endDate: null, nextDate: addDays(today, 7) });
    await patch({ endDate: addDays(today, 7) });
    expect(await catchUpAfter(userId, 60)).toBe(true);
    expect((await writtenBy(created.id)).map((t) => [t.date, t.amountCents])).toEqual([
      [addDays(today, -21), 3_500],
      [addDays(today, -14), 3_500],
      [addDays(today, -7), 3_500],
      [today, 3_500],
      [addDays(today, 7), 4_000],
    ]);
    expect(await nextDateOf(created.id)).toBe(RECURRING_ENDED);
    // Another user's rule: 404, unchanged.
    expect((await rui.patch(`/finances/recurring/${created.id}`, { endDate: null })).status).toBe(404);
    expect(await nextDateOf(created.id)).toBe(RECURRING_ENDED);
  });

  it("answers the end date's refusal in English to an English account", async () => {
    const english = as(await signUpAndLogIn("en-fim@recorrentes.test"));
    expect((await english.patch("/me", { language: "en" })).status).toBe(200);
    const { error } = await json(await english.post("/finances/recurring", rule({ endDate: addDays(today, -1) })));
    expect(error.fields).toEqual({ endDate: "The end date cannot be before the first date." });
    const { error: pt } = await json(await ana.post("/finances/recurring", rule({ endDate: addDays(today, -1) })));
    expect(pt.fields).toEqual({ endDate: "A data final não pode ser anterior à primeira data." });
  });
});

describe("skipping the next one", () => {
  it("skips once under a double request, writes nothing for that date, and answers the stale one 409", async () => {
    const cookie = await signUpAndLogIn("saltar@recorrentes.test");
    const client = as(cookie);
    const userId = await userIdOf("saltar@recorrentes.test");
    const start = addDays(today, 3);
    const { recurringTransaction: created } = await create(client, { frequency: "weekly", startDate: start });
    const skip = (date: string) => client.post(`/finances/recurring/${created.id}/skip`, { date });
    const [first, second] = await Promise.all([skip(start), skip(start)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = await json(first.status === 200 ? first : second);
    expect(ok.recurringTransaction).toMatchObject({ id: created.id, nextDate: addDays(start, 7) });
    const stale = await json(first.status === 409 ? first : second);
    expect(stale.error).toMatchObject({ code: "conflict", fields: { date: "Este movimento já foi registado ou saltado. A lista mostra a próxima data." } });
    expect(await nextDateOf(created.id)).toBe(addDays(start, 7));
    // A retry with the date seen before: still once.
    expect((await skip(start)).status).toBe(409);
    expect(await nextDateOf(created.id)).toBe(addDays(start, 7));
    // The skipped date is never written; the next one is.
    await catchUpRecurring(env, userId, new Date(Date.parse(`${addDays(start, 7)}T12:00:00Z`)));
    expect((await writtenBy(created.id)).map((t) => t.date)).toEqual([addDays(start, 7)]);
  });

  it("ends a rule when the one skipped was its last", async () => {
    const client = as(await signUpAndLogIn("saltar-ultimo@recorrentes.test"));
    const start = addDays(today, 2);
    const { recurringTransaction: created } = await create(client, { startDate: start, endDate: addDays(start, 10) });
    const response = await client.post(`/finances/recurring/${created.id}/skip`, { date: start });
    expect((await json(response)).recurringTransaction).toMatchObject({ nextDate: null, endedOn: start });
    expect(await nextDateOf(created.id)).toBe(RECURRING_ENDED);
    // Nothing left to skip.
    expect((await client.post(`/finances/recurring/${created.id}/skip`, { date: RECURRING_ENDED })).status).toBe(409);
  });

  it("answers 404 for another user's rule and 400 for a date that is not one, leaving it as it was", async () => {
    const { recurringTransaction: created } = await create(ana, { description: "Água", startDate: addDays(today, 5) });
    expect((await rui.post(`/finances/recurring/${created.id}/skip`, { date: created.nextDate })).status).toBe(404);
    expect((await rui.post("/finances/recurring/no.such/skip", { date: created.nextDate })).status).toBe(404);
    for (const body of [{ date: "2026-02-30" }, {}, { date: created.nextDate, extra: 1 }]) {
      const response = await ana.post(`/finances/recurring/${created.id}/skip`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const { error } = await json(await ana.post(`/finances/recurring/${created.id}/skip`, { date: "ontem" }));
    expect(error.fields).toEqual({ date: "Data inválida (use AAAA-MM-DD)." });
    expect(await nextDateOf(created.id)).toBe(created.nextDate);
  });
});
