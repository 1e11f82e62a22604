import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { EVERY_QUARTER_HOUR } from "@worker/cron/schedules";
import { fanOutJob, runSchedule } from "@worker/cron/registry";
import { processUserBatch, type UserBatch } from "@worker/cron/fan-out";
import { seedDemoAccount } from "@worker/db/seed";
import { catchUpAfterZoneMove, generateWeeklyReport, weeklyReportJobs } from "@worker/modules/reports/job";
import { authenticate } from "@worker/auth/middleware";
import { buildWeeklyReport } from "@worker/modules/reports/builder";
import { gatherWeekFacts } from "@worker/modules/reports/gather";
import { insertReport } from "@worker/modules/reports/queries";
import { database } from "@worker/db/client";
import { findUserById } from "@worker/db/accounts";
import { phraseWith } from "@worker/modules/reports/phrase";
import { addDays } from "@worker/modules/selfCare/streaks";
import { nextTaskId } from "@worker/modules/tasks/recurrence";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";
import { userIdOf } from "./billing-helpers";

const db = env.DB;
const run = (sql: string, ...values: unknown[]) => db.prepare(sql).bind(...values).run();
const all = async <T>(sql: string, ...values: unknown[]) => (await db.prepare(sql).bind(...values).all<T>()).results;
const get = (cookie: string, path: string) => api(path, { headers: { cookie } });

/**
 * A confirmed user who may have reports at the simulated dates: account from January, trial until
 * 2027 at least and a year from now, so that the paid routes answer at the real date too.
 */
async function member(email: string, options: { timeZone?: string } = {}) {
  const cookie = await signUpAndLogIn(email);
  const id = await userIdOf(email);
  await run("update users set created_at = ?, trial_ends_at = ?, time_zone = ? where id = ?", Date.parse("2026-01-01T00:00:00Z"), Math.max(Date.parse("2027-06-01T00:00:00Z"), Date.now() + 365 * 86_400_000), options.timeZone ?? "Europe/Lisbon", id);
  return { cookie, id };
}

let counter = 0;
const task = (userId: string, createdAt: string, completedAt: string | null) =>
  run(
    "insert into tasks (id, user_id, title, status, created_at, updated_at, completed_at) values (?, ?, 'Tarefa', ?, ?, ?, ?)",
    `t-${++counter}`,
    userId,
    completedAt ? "done" : "todo",
    Date.parse(createdAt),
    Date.parse(createdAt),
    completedAt ? Date.parse(completedAt) : null,
  );
const entry = (userId: string, date: string, mood: number, emotions: string[]) =>
  run("insert into diary_entries (id, user_id, title, content, mood, emotions, date) values (?, ?, 'Dia', 'texto', ?, ?, ?)", `d-${++counter}`, userId, mood, JSON.stringify(emotions), date);
const expense = (userId: string, date: string, cents: number, category: string) =>
  run("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', ?, 'Compra', ?, ?)", `x-${++counter}`, userId, cents, date, category);
const reportsOf = (userId: string) => all<{ week_start: string; data: string }>("select week_start, data from weekly_reports where user_id = ? order by week_start", userId);
/** The quarter-hour run of the weekly-reports job (alone: the schedule's other jobs are not under test) at `now`. */
const runReports = async (now: Date) => (await runSchedule(EVERY_QUARTER_HOUR, env, now, { inline: true, jobs: weeklyReportJobs }))["weekly-reports"];
const readyNotices = (userId: string) => all<{ dedupe_key: string; message: string }>("select dedupe_key, message from notifications where user_id = ? and type = 'weekly_report'", userId);

describe("the weekly-reports cron", () => {
  // Monday 30 November 2026, 07:00 in Lisbon (winter time: 07:00 UTC); the week is 23–29 November.
  const winterMonday = new Date("2026-11-30T07:00:00Z");
  let ana: { cookie: string; id: string };
  let rui: { cookie: string; id: string };

  beforeAll(async () => {
    ana = await member("ana@reports.test");
    rui = await member("rui@reports.test");
    // Ana's week: tasks, events, diary, spending this week and the week before, a routine.
    await task(ana.id, "2026-11-23T09:00:00Z", "2026-11-24T10:00:00Z");
    await task(ana.id, "2026-11-25T09:00:00Z", "2026-11-29T23:30:00Z"); // Sunday 23:30 in Lisbon: in the week
    await task(ana.id, "2026-11-26T09:00:00Z", null);
    await task(ana.id, "2026-11-20T09:00:00Z", "2026-11-30T00:30:00Z"); // done Monday: next week's
    for (const [day, hour] of [["24", 9], ["24", 11], ["24", 15], ["26", 10]] as const) {
      const start = `2026-11-${day}T${String(hour).padStart(2, "0")}:00:00Z`;
      const r = await api("/events", { body: { title: "Reunião", start, end: start.replace(/T(\d\d)/, (_, h) => `T${String(Number(h) + 1).padStart(2, "0")}`), timeZone: "Europe/Lisbon" }, headers: { cookie: ana.cookie } });
      expect(r.status).toBe(201);
    }
    await entry(ana.id, "2026-11-24", 2, ["tired", "anxious"]);
    await entry(ana.id, "2026-11-25", 4, ["happy"]);
    await entry(ana.id, "2026-11-28", 5, ["happy", "grateful"]);
    await expense(ana.id, "2026-11-23", 4550, "groceries");
    await expense(ana.id, "2026-11-29", 1240, "restaurants");
    await expense(ana.id, "2026-11-30", 9999, "restaurants"); // next week
    await expense(ana.id, "2026-11-18", 3000, "groceries"); // the week before
    // Made before the week, so all seven days were due.
    await run("insert into routines (id, user_id, title, created_at) values ('rt-ana', ?, 'Meditar', ?)", ana.id, Date.parse("2026-11-01T09:00:00Z"));
    for (const date of ["2026-11-27", "2026-11-28", "2026-11-29"]) await run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, 'rt-ana', ?)", `ci-${date}`, ana.id, date);
    // Rui has one expense: his report must not show Ana's figures, nor Ana's his.
    await expense(rui.id, "2026-11-24", 700, "transport");
  });

  it("stores one report per user and week however often it runs, with one notification", async () => {
    expect(await runReports(winterMonday)).toMatchObject({ affected: 2 });
    // A second run of the cron that Monday stores nothing new, nor does a late queue delivery
    // of the same user (the per-user step alone).
    expect(await runReports(winterMonday)).toMatchObject({ affected: 0 });
    expect(await generateWeeklyReport(env, ana.id, winterMonday)).toBe(false);
    expect((await reportsOf(ana.id)).map((r) => r.week_start)).toEqual(["2026-11-23"]);
    const notices = await readyNotices(ana.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].dedupe_key).toBe("weekly-report:2026-11-23");
    expect(notices[0].message).toMatch(/2 tarefas concluídas \(3 criadas\), 4 eventos, 57,90\s€ em despesas/);
  });

  it("counts each noun in the notification in the recipient's language: '1 task done (1 created), 1 event'", async () => {
    const eve = await member("eve@reports.test");
    await run("update users set language = 'en' where id = ?", eve.id);
    await task(eve.id, "2026-11-24T09:00:00Z", "2026-11-24T10:00:00Z");
    const start = "2026-11-25T09:00:00Z";
    expect((await api("/events", { body: { title: "Dentist", start, end: "2026-11-25T10:00:00Z", timeZone: "Europe/Lisbon" }, headers: { cookie: eve.cookie } })).status).toBe(201);
    await expense(eve.id, "2026-11-26", 450, "groceries");
    expect(await generateWeeklyReport(env, eve.id, winterMonday)).toBe(true);
    const [notice] = await readyNotices(eve.id);
    expect(notice.message).toBe("Week of November 23 to November 29: 1 task done (1 created), 1 event, €4.50 spent.");
  });

  it("keeps the language the provider's summary was written in, for a screen in the other one to say so", async () => {
    const ivo = await member("ivo@reports.test");
    expect((await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: true } }, headers: { cookie: ivo.cookie } })).status).toBe(200);
    await expense(ivo.id, "2026-11-25", 990, "groceries");
    const asked: string[] = [];
    const phrase = async ({ language }: { language: "pt" | "en" }) => (asked.push(language), "Uma semana calma.");
    expect(await generateWeeklyReport(env, ivo.id, winterMonday, { phrase })).toBe(true);
    expect(asked).toEqual(["pt"]);
    const [stored] = await reportsOf(ivo.id);
    expect(JSON.parse(stored.data).summary).toEqual({ text: "Uma semana calma.", by: "provider", language: "pt" });
  });

  // A routine on chosen weekdays skips its other days: its streak is times in a row, not days.
  it("tells the provider a weekday routine's streak in times and a daily one's in days, in the user's language", async () => {
    for (const [email, language, expected] of [
      ["routines-pt@reports.test", "pt", "Rotinas de autocuidado: 3 de 7 dias, sequência de 3 dias; 2 de 3 dias, sequência de 2 vezes."],
      ["routines-en@reports.test", "en", "Self-care routines: 3 of 7 days, 3-day streak; 2 of 3 days, 2 times in a row."],
    ] as const) {
      const user = await member(email);
      await run("update users set language = ? where id = ?", language, user.id);
      expect((await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: true } }, headers: { cookie: user.cookie } })).status).toBe(200);
      await run("insert into routines (id, user_id, title, created_at) values (?, ?, 'Ler', ?)", `rt-d-${user.id}`, user.id, Date.parse("2026-11-01T09:00:00Z"));
      // Monday, Wednesday and Friday; Wednesday and Friday done, Monday missed.
      await run("insert into routines (id, user_id, title, frequency, weekdays, created_at) values (?, ?, 'Ginásio', 'weekdays', '[1,3,5]', ?)", `rt-w-${user.id}`, user.id, Date.parse("2026-11-01T10:00:00Z"));
      for (const date of ["2026-11-27", "2026-11-28", "2026-11-29"]) await run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, ?)", `ci-d-${user.id}-${date}`, user.id, `rt-d-${user.id}`, date);
      for (const date of ["2026-11-25", "2026-11-27"]) await run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, ?)", `ci-w-${user.id}-${date}`, user.id, `rt-w-${user.id}`, date);
      const facts: string[] = [];
      expect(await generateWeeklyReport(env, user.id, winterMonday, { phrase: phraseWith(async (text) => (facts.push(text), null)) })).toBe(true);
      expect(facts[0]).toContain(expected);
      // The screen picks its wording by the routine's frequency, kept in the stored report.
      const [stored] = await reportsOf(user.id);
      expect(JSON.parse(stored.data).routines.map((r: { frequency: string }) => r.frequency)).toEqual(["daily", "weekdays"]);
    }
  });

  // The report screen says "1 234,56 €"; its notification said "1234,56 €" (Intl's pt-PT default).
  it("writes the week's spending in the notification as the screens do, thousands grouped", async () => {
    const zoe = await member("zoe@reports.test");
    await expense(zoe.id, "2026-11-26", 123456, "groceries");
    expect(await generateWeeklyReport(env, zoe.id, winterMonday)).toBe(true);
    const [notice] = await readyNotices(zoe.id);
    expect(notice.message).toMatch(/, 1\s234,56\s€ em despesas/);
  });

  // An account opened on Thursday: its report read Monday to Wednesday, and the week before, as idle.
  it("says from which day the week of an account opened during it counts", async () => {
    const leo = await member("leo@reports.test");
    await run("update users set created_at = ? where id = ?", Date.parse("2026-11-26T10:00:00Z"), leo.id);
    expect(await generateWeeklyReport(env, leo.id, winterMonday)).toBe(true);
    const [stored] = await reportsOf(leo.id);
    expect(JSON.parse(stored.data).since).toBe("2026-11-26");
  });

  it("has the numbers a direct computation over the user's rows gives", async () => {
    const { data } = (await json(await get(ana.cookie, "/reports/weekly/2026-11-23"))).report;
    const [from, to] = [Date.parse("2026-11-23T00:00:00Z"), Date.parse("2026-11-30T00:00:00Z")]; // Lisbon is UTC in November
    const [done] = await all<{ n: number }>("select count(*) as n from tasks where user_id = ? and completed_at >= ? and completed_at < ?", ana.id, from, to);
    const [created] = await all<{ n: number }>("select count(*) as n from tasks where user_id = ? and created_at >= ? and created_at < ?", ana.id, from, to);
    const [mood] = await all<{ m: number; n: number }>("select round(avg(mood), 1) as m, count(*) as n from diary_entries where user_id = ? and date between '2026-11-23' and '2026-11-29'", ana.id);
    const spent = await all<{ category: string; cents: number }>(
      "select category, sum(amount_cents) as cents from transactions where user_id = ? and type = 'expense' and date between '2026-11-23' and '2026-11-29' group by category order by cents desc",
      ana.id,
    );
    const [before] = await all<{ cents: number }>("select sum(amount_cents) as cents from transactions where user_id = ? and type = 'expense' and date between '2026-11-16' and '2026-11-22'", ana.id);
    expect(data.tasks).toMatchObject({ completed: done.n, created: created.n });
    expect(data.tasks.completed).toBe(2);
    expect(data.events.count).toBe(4);
    expect(data.events.byDay).toEqual([0, 3, 0, 1, 0, 0, 0]);
    expect(data.mood).toMatchObject({ average: mood.m, entries: mood.n });
    expect(data.mood.topEmotions[0]).toEqual({ emotion: "happy", count: 2 });
    expect(data.spending.categories.filter((c: { cents: number }) => c.cents > 0).map((c: { category: string; cents: number }) => ({ category: c.category, cents: c.cents }))).toEqual(spent);
    expect(data.spending.categories[0].labels).toEqual({ pt: "Alimentação/Supermercado", en: "Groceries" });
    expect(data.spending.previousTotalCents).toBe(before.cents);
    expect(data.routines).toEqual([{ id: "rt-ana", title: "Meditar", frequency: "daily", streakDays: 3, checkIns: 3, scheduled: 7 }]);
    // No opt-in: no cycle. Only one busy day: no finding. An account from January: a whole week.
    expect(data.since).toBeNull();
    expect(data.cycle).toBeNull();
    expect(data.finding).toBeNull();
  });

  // A counted routine (0117) said "3 de 7 dias" only, not how far its days got.
  it("gives a counted routine's times of the week from the user's counts, and no other user's", async () => {
    const bia = await member("bia.counts@reports.test");
    const gil = await member("gil.counts@reports.test");
    const routine = (id: string, userId: string) => run("insert into routines (id, user_id, title, times_per_day, created_at) values (?, ?, 'Beber água', 8, ?)", id, userId, Date.parse("2026-11-01T09:00:00Z"));
    const count = (userId: string, routineId: string, date: string, n: number) => run("insert into routine_day_counts (id, user_id, routine_id, date, count) values (?, ?, ?, ?, ?)", `rdc-${++counter}`, userId, routineId, date, n);
    const checkIn = (userId: string, routineId: string, date: string) => run("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, ?)", `ci-${++counter}`, userId, routineId, date);
    await routine("rt-bia", bia.id);
    await routine("rt-gil", gil.id);
    // Bia: Monday done by count, Tuesday checked in without one, Wednesday 5 of 8; a count the week
    // before and one the Monday after are not the week's.
    await count(bia.id, "rt-bia", "2026-11-23", 8);
    await checkIn(bia.id, "rt-bia", "2026-11-23");
    await checkIn(bia.id, "rt-bia", "2026-11-24");
    await count(bia.id, "rt-bia", "2026-11-25", 5);
    await count(bia.id, "rt-bia", "2026-11-22", 7);
    await count(bia.id, "rt-bia", "2026-11-30", 7);
    // Gil's counts, one of them (a row no write makes) naming Bia's routine: neither is hers.
    await count(gil.id, "rt-gil", "2026-11-26", 6);
    await count(gil.id, "rt-bia", "2026-11-27", 6);
    for (const user of [bia, gil]) expect(await generateWeeklyReport(env, user.id, winterMonday)).toBe(true);
    const routinesOf = async (cookie: string) => (await json(await get(cookie, "/reports/weekly/2026-11-23"))).report.data.routines;
    expect(await routinesOf(bia.cookie)).toEqual([{ id: "rt-bia", title: "Beber água", frequency: "daily", streakDays: 0, checkIns: 2, scheduled: 7, times: { done: 8 + 8 + 5, planned: 56 } }]);
    expect((await routinesOf(gil.cookie))[0]).toMatchObject({ id: "rt-gil", checkIns: 0, times: { done: 6, planned: 56 } });
  });

  it("counts as created only the tasks the user made, not the next task of a repeating one", async () => {
    const leo = await member("tomas.recurring@reports.test");
    // A daily task made before the week and done every day of it: each completion made the next
    // one, with the id derived from the done one's (0072), in the same batch.
    let id = "t-daily";
    await run("insert into tasks (id, user_id, title, status, recurrence, due_date, created_at, updated_at, completed_at) values (?, ?, 'Regar', 'done', 'FREQ=DAILY', '2026-11-23', ?, ?, ?)", id, leo.id, Date.parse("2026-11-20T09:00:00Z"), Date.parse("2026-11-20T09:00:00Z"), Date.parse("2026-11-23T09:00:00Z"));
    for (let day = 24; day <= 30; day++) {
      const next = await nextTaskId(id);
      const made = Date.parse(`2026-11-${day - 1}T09:00:00Z`);
      const done = day <= 29 ? Date.parse(`2026-11-${day}T09:00:00Z`) : null;
      await run("insert into tasks (id, user_id, title, status, recurrence, due_date, created_at, updated_at, completed_at) values (?, ?, 'Regar', ?, 'FREQ=DAILY', ?, ?, ?, ?)", next, leo.id, done ? "done" : "todo", `2026-11-${day}`, made, made, done);
      id = next;
    }
    // And one task the user made in the week.
    await task(leo.id, "2026-11-25T09:00:00Z", null);
    expect(await generateWeeklyReport(env, leo.id, winterMonday)).toBe(true);
    const { data } = (await json(await get(leo.cookie, "/reports/weekly/2026-11-23"))).report;
    expect(data.tasks).toMatchObject({ completed: 7, created: 1 });
    const [notice] = await readyNotices(leo.id);
    expect(notice.message).toMatch(/7 tarefas concluídas \(1 criada\)/);
  });

  it("reads each event's end and busy time, and each goal's creation, from the user's rows", async () => {
    const mia = await member("mia.span@reports.test");
    const create = async (body: Record<string, unknown>) => expect((await api("/events", { body: { title: "Evento", timeZone: "Europe/Lisbon", ...body }, headers: { cookie: mia.cookie } })).status).toBe(201);
    // All day Wednesday to Friday, and 23:00 Monday to 01:00 Tuesday (Lisbon is UTC in November).
    await create({ start: "2026-11-25", end: "2026-11-28", allDay: true });
    await create({ start: "2026-11-23T23:00:00Z", end: "2026-11-24T01:00:00Z" });
    // Three meetings marked free on each of three low days, none on three good ones: no finding.
    for (const day of ["23", "24", "25"]) for (const hour of ["09", "11", "14"]) await create({ start: `2026-11-${day}T${hour}:00:00Z`, end: `2026-11-${day}T${hour}:30:00Z`, busy: false });
    for (const [day, mood] of [["23", 1], ["24", 1], ["25", 1], ["26", 5], ["27", 5], ["28", 5]] as const) await entry(mia.id, `2026-11-${day}`, mood, []);
    // A goal made on Monday at 06:00, after the week and before the report.
    await run("insert into goals (id, user_id, title, created_at, updated_at) values ('g-mia', ?, 'Novo', ?, ?)", mia.id, Date.parse("2026-11-30T06:00:00Z"), Date.parse("2026-11-30T06:00:00Z"));
    expect(await generateWeeklyReport(env, mia.id, winterMonday)).toBe(true);
    const { data } = (await json(await get(mia.cookie, "/reports/weekly/2026-11-23"))).report;
    expect(data.events.byDay).toEqual([4, 4, 4, 1, 1, 0, 0]);
    expect(data.events.count).toBe(11);
    expect(data.finding).toBeNull();
    expect(data.goals.open).toEqual([]);
  });

  it("stores the report of a week with nothing in it, but announces none", async () => {
    const idle = await member("idle.week@reports.test");
    // An open goal is standing state, not something done in the week.
    await run("insert into goals (id, user_id, title, progress, status, created_at, updated_at) values ('g-idle', ?, 'Ler', 30, 'in_progress', ?, ?)", idle.id, Date.parse("2026-11-01T09:00:00Z"), Date.parse("2026-11-01T09:00:00Z"));
    expect(await generateWeeklyReport(env, idle.id, winterMonday)).toBe(true);
    expect((await reportsOf(idle.id)).map((r) => r.week_start)).toEqual(["2026-11-23"]);
    expect(await readyNotices(idle.id)).toHaveLength(0);
    // One diary entry is activity: that week's report is announced.
    await entry(idle.id, "2026-12-02", 3, []);
    expect(await generateWeeklyReport(env, idle.id, new Date("2026-12-07T07:00:00Z"))).toBe(true);
    expect((await readyNotices(idle.id)).map((n) => n.dedupe_key)).toEqual(["weekly-report:2026-11-30"]);
  });

  it("keeps each user's report to their own data, and another user's week answers 404", async () => {
    const { data } = (await json(await get(rui.cookie, "/reports/weekly/2026-11-23"))).report;
    expect(data.spending.totalCents).toBe(700);
    expect(data.tasks.created).toBe(0);
    expect(data.events.count).toBe(0);
    const list = await json(await get(rui.cookie, "/reports/weekly"));
    expect(list.items.map((r: { weekStart: string }) => r.weekStart)).toEqual(["2026-11-23"]);
    expect(JSON.stringify(list)).not.toContain("groceries");
    // Rui's own week only: a week Ana has and he has not is a 404 for him.
    await run("insert into weekly_reports (id, user_id, week_start, data) values ('wr-ana-old', ?, '2026-11-02', '{}')", ana.id);
    expect((await get(rui.cookie, "/reports/weekly/2026-11-02")).status).toBe(404);
    expect((await get(ana.cookie, "/reports/weekly/2026-11-02")).status).toBe(200);
  });

  it("answers 400 for a week that is not a Monday date, 401 signed out", async () => {
    for (const bad of ["2026-11-24", "2026-13-02", "amanha"]) {
      const r = await get(ana.cookie, `/reports/weekly/${bad}`);
      expect(r.status).toBe(400);
      const { error } = await json(r);
      expect(error.code).toBe("validation_failed");
      // The reports catalogue's own message, not the generic "Valor inválido."
      expect(error.fields.weekStart).toBe("Semana inválida: indique a data da segunda-feira em que começa (AAAA-MM-DD).");
    }
    expect((await api("/reports/weekly")).status).toBe(401);
    expect((await get(ana.cookie, "/reports/weekly?limit=0")).status).toBe(400);
  });
});

describe("plan gating", () => {
  const monday = new Date("2026-12-07T07:00:00Z");
  it("reports for Light and Pro (trial) users only; an earlier report stays readable after a downgrade", async () => {
    const free = await member("free@reports.test");
    const light = await member("light@reports.test");
    const pro = await member("pro@reports.test");
    await run("update users set trial_ends_at = ? where id in (?, ?)", Date.parse("2026-11-01T00:00:00Z"), free.id, light.id);
    await run("insert into subscriptions (user_id, stripe_customer_id, tier, status) values (?, 'cus_light_reports', 'light', 'active')", light.id);
    await run("insert into weekly_reports (id, user_id, week_start, data) values ('wr-free-old', ?, '2026-10-26', '{\"version\":1}')", free.id);

    await runReports(monday);
    expect(await reportsOf(free.id)).toHaveLength(1); // only the old one
    expect((await reportsOf(light.id)).map((r) => r.week_start)).toEqual(["2026-11-30"]);
    expect((await reportsOf(pro.id)).map((r) => r.week_start)).toEqual(["2026-11-30"]);
    expect(await readyNotices(free.id)).toHaveLength(0);
    // Reading stays open on Free.
    expect((await get(free.cookie, "/reports/weekly/2026-10-26")).status).toBe(200);
    expect((await json(await get(free.cookie, "/reports/weekly"))).items).toHaveLength(1);
  });
});

describe("daylight-saving weeks", () => {
  it("after the last Sunday of March a Lisbon user's report is made at 06:00 UTC (07:00 there), not at 07:00 UTC, and buckets the week in summer time", async () => {
    const eva = await member("eva@reports.test");
    // Week 23–29 March 2026; summer time starts Sunday 29 at 01:00 UTC.
    await task(eva.id, "2026-03-23T00:30:00Z", "2026-03-29T22:30:00Z"); // Sunday 23:30 WEST: in the week
    await task(eva.id, "2026-03-22T23:30:00Z", "2026-03-29T23:30:00Z"); // created Sunday 22 23:30 WET, done Monday 30 00:30 WEST: neither in the week
    expect(await runReports(new Date("2026-03-30T07:00:00Z"))).toMatchObject({ enqueued: 0 });
    expect(await reportsOf(eva.id)).toHaveLength(0);
    await runReports(new Date("2026-03-30T06:00:00Z"));
    const [report] = await reportsOf(eva.id);
    expect(report.week_start).toBe("2026-03-23");
    const data = JSON.parse(report.data);
    expect(data.tasks).toMatchObject({ created: 1, completed: 1, completedByDay: [0, 0, 0, 0, 0, 0, 1] });
  });

  it("after the last Sunday of October a Lisbon user's report is made at 07:00 UTC (07:00 there), not at 06:00 UTC", async () => {
    const ines = await member("ines@reports.test");
    // Week 19–25 October 2026; winter time starts Sunday 25 at 01:00 UTC.
    await task(ines.id, "2026-10-19T00:30:00Z", "2026-10-25T23:30:00Z"); // created Monday 01:30 WEST; done Sunday 23:30 WET
    await task(ines.id, "2026-10-18T23:30:00Z", null); // Monday 00:30 WEST: in the week
    await task(ines.id, "2026-10-18T22:30:00Z", null); // Sunday 23:30 WEST: the week before
    expect(await runReports(new Date("2026-10-26T06:00:00Z"))).toMatchObject({ enqueued: 0 });
    expect(await reportsOf(ines.id)).toHaveLength(0);
    await runReports(new Date("2026-10-26T07:00:00Z"));
    const [report] = await reportsOf(ines.id);
    expect(report.week_start).toBe("2026-10-19");
    expect(JSON.parse(report.data).tasks).toMatchObject({ created: 2, completed: 1, completedByDay: [0, 0, 0, 0, 0, 0, 1] });
  });
});

describe("cycle phase and the cross-module finding", () => {
  it("shows the cycle only with the aiOnPersonalData opt-in, and a finding when the days support it", async () => {
    const sara = await member("sara@reports.test");
    const patch = await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: true } }, headers: { cookie: sara.cookie } });
    expect(patch.status).toBe(200);
    await run("insert into cycle_days (id, user_id, date, flow) values ('cy1', ?, '2026-11-03', 'medium'), ('cy2', ?, '2026-12-01', 'heavy')", sara.id, sara.id);
    // Three busy days (3 meetings) with low mood, three calm days with good mood, inside the 28 days.
    for (const day of ["2026-11-16", "2026-11-23", "2026-12-01"]) {
      for (const hour of [9, 11, 14]) {
        const start = `${day}T${String(hour).padStart(2, "0")}:00:00Z`;
        expect((await api("/events", { body: { title: "Reunião", start, end: start.replace(`T${String(hour).padStart(2, "0")}`, `T${String(hour + 1).padStart(2, "0")}`) }, headers: { cookie: sara.cookie } })).status).toBe(201);
      }
      await entry(sara.id, day, 2, []);
    }
    for (const day of ["2026-11-18", "2026-11-25", "2026-12-03"]) await entry(sara.id, day, 4, []);
    await runReports(new Date("2026-12-07T07:00:00Z"));
    const [report] = await reportsOf(sara.id);
    const data = JSON.parse(report.data);
    expect(data.cycle.days[1]).toEqual({ phase: "menstrual", cycleDay: 1 });
    expect(data.finding).toMatchObject({ kind: "busyDaysMood", busy: { days: 3, mood: 2 }, other: { days: 3, mood: 4 }, minDays: 3, threshold: 3 });
  });
});

describe("export and erasure", () => {
  it("exports the user's reports and removes them with the account", async () => {
    const rita = await member("rita@reports.test");
    await runReports(new Date("2026-12-14T07:00:00Z"));
    const exported = await json(await get(rita.cookie, "/me/export"));
    expect(JSON.stringify(exported)).toContain("2026-12-07");
    await run("delete from users where id = ?", rita.id);
    expect(await reportsOf(rita.id)).toHaveLength(0);
  });
});

describe("/diary/insights across modules", () => {
  it("adds the mood outlier and spending against mood, and mood against cycle phase only with the opt-in", async () => {
    const lia = await member("lia@reports.test");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
    const day = (back: number) => new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    // A period from 20 days ago (three flow days, mood 1, 30 € a day), then six good follicular days.
    for (const back of [20, 19, 18]) {
      await run("insert into cycle_days (id, user_id, date, flow) values (?, ?, ?, 'medium')", `cy-lia-${back}`, lia.id, day(back));
      await entry(lia.id, day(back), 1, []);
      await expense(lia.id, day(back), 3000, "restaurants");
    }
    for (const back of [17, 16, 15, 14, 13, 12, 11]) await entry(lia.id, day(back), 4, []);
    await entry(lia.id, day(1), 1, []);

    const kinds = async () => (await json(await get(lia.cookie, "/diary/insights"))).items as { kind: string; text: string; values: Record<string, unknown> }[];
    const without = await kinds();
    expect(without.map((i) => i.kind)).toEqual(expect.arrayContaining(["moodOutlier", "spendingMood"]));
    expect(without.map((i) => i.kind)).not.toContain("cyclePhaseMood");
    expect(without.find((i) => i.kind === "moodOutlier")!.values).toMatchObject({ date: day(1), mood: 1, median: 4, days: 11 });
    expect(without.find((i) => i.kind === "spendingMood")!.values).toMatchObject({ lowDays: 4, lowCents: 2250, goodDays: 7, goodCents: 0 });
    expect(without.find((i) => i.kind === "spendingMood")!.text).toMatch(/22,50\s€/);

    await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: true } }, headers: { cookie: lia.cookie } });
    const phase = (await kinds()).find((i) => i.kind === "cyclePhaseMood");
    expect(phase?.values).toEqual({ phase: "menstrual", mood: 1, days: 3, otherMood: 4, otherDays: 6 });
    expect(phase?.text).toContain("fase menstrual");
  });
});

describe("/diary/insights spending against mood", () => {
  // The finances screens say "1 234,50 €"; this insight said "1234,50 €" (Intl's pt-PT default does not group four digits).
  it("writes the average spending as the screens do, thousands grouped, in both languages", async () => {
    const sam = await member("spending-mood@reports.test");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
    const day = (back: number) => new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    // Three low-mood days with 1 234,50 € spent each, three good-mood days with nothing.
    for (const back of [10, 9, 8]) {
      await entry(sam.id, day(back), 1, []);
      await expense(sam.id, day(back), 123450, "shopping");
    }
    for (const back of [7, 6, 5]) await entry(sam.id, day(back), 5, []);
    const spending = async () => ((await json(await get(sam.cookie, "/diary/insights"))).items as { kind: string; text: string }[]).find((i) => i.kind === "spendingMood")!;
    expect((await spending()).text).toMatch(/gastou em média 1\s234,50\s€ \(3 dias\), contra 0,00\s€/);
    await run("update users set language = 'en' where id = ?", sam.id);
    expect((await spending()).text).toContain("you spent €1,234.50 on average (3 days), against €0.00");
  });
});

describe("the demo account", () => {
  it("gets last week's report from the other modules' demo data", async () => {
    const { userId } = await seedDemoAccount(env);
    const [report] = await reportsOf(userId);
    expect(report).toBeDefined();
    const data = JSON.parse(report.data);
    expect(data.version).toBe(1);
    expect(data.days).toHaveLength(7);
  });
});

// Two years of Mondays: the screen lists a year at first, and a notification for any week opens it.
describe("the screen over a long history of reports", () => {
  type ScreenData = { weeks: { weekStart: string }[]; nextCursor: string | null; report: { weekStart: string } | null; missing: boolean };
  /** The /app/relatorios-semanais loader as React Router runs it, with its D1 calls. */
  async function openReports(cookie: string, search = "") {
    const module = (await import("../../app/modules/reports/routes/reports")) as unknown as { loader: (args: unknown) => Promise<ScreenData> };
    const request = new Request(`${ORIGIN}/app/relatorios-semanais${search}`, { headers: { cookie } });
    const auth = await authenticate(env, request);
    const calls: D1Call[] = [];
    const ctx = createExecutionContext();
    const context = { cloudflare: { env: { ...env, DB: countingD1(env.DB, calls) }, ctx }, auth, lang: "pt", cspNonce: "test", requestId: "test", fetchApi: () => Promise.reject(new Error("no API")) };
    const data = await module.loader({ request, params: {}, context });
    await waitOnExecutionContext(ctx);
    return { data, calls };
  }
  const empty = { tasks: { createdAt: [], completedAt: [] }, goals: [], events: [], diary: [], spending: { week: {}, previous: {}, labels: {} }, routines: [], cycle: null };
  const mondays = Array.from({ length: 104 }, (_, i) => addDays("2026-11-23", -7 * i));
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    owner = await member("long@reports.test");
    const insert = env.DB.prepare("insert into weekly_reports (id, user_id, week_start, data, created_at) values (?, ?, ?, ?, ?)");
    await env.DB.batch(mondays.map((monday) => insert.bind(`wr-long-${monday}`, owner.id, monday, JSON.stringify(buildWeeklyReport({ ...empty, weekStart: monday, timeZone: "Europe/Lisbon" })), Date.parse(monday))));
  });

  it("opens a week older than the first year's list (the 'report ready' link), from one round trip", async () => {
    const oldest = mondays[mondays.length - 1];
    const { data, calls } = await openReports(owner.cookie, `?semana=${oldest}`);
    expect(calls).toHaveLength(1);
    expect(data.missing).toBe(false);
    expect(data.report?.weekStart).toBe(oldest);
    // The list is the year, and the week opened at its end, where it falls in the order.
    expect(data.weeks.map((w) => w.weekStart)).toEqual([...mondays.slice(0, 52), oldest]);
    // A week without a report is still 'not found'; another user's is as one that does not exist.
    expect((await openReports(owner.cookie, "?semana=2020-01-06")).data).toMatchObject({ missing: true, report: null });
    const other = await member("other-long@reports.test");
    expect((await openReports(other.cookie, `?semana=${oldest}`)).data).toMatchObject({ missing: true, report: null, weeks: [] });
  });

  it("pages further back with the API's cursor", async () => {
    const { data } = await openReports(owner.cookie);
    expect(data.weeks).toHaveLength(52);
    const rest = await json(await get(owner.cookie, `/reports/weekly?limit=52&cursor=${encodeURIComponent(data.nextCursor!)}`));
    expect([...data.weeks, ...rest.items].map((w: { weekStart: string }) => w.weekStart)).toEqual(mondays);
  });
});

// Last in the file: its runs at Lisbon's Monday 07:00 would reach the Lisbon users of the tests above.
describe("each user's own Monday 07:00", () => {
  it("makes a Los Angeles user's report of the week that just ended there, once, at 07:00 in Los Angeles and not at Lisbon's", async () => {
    const la = await member("la@reports.test", { timeZone: "America/Los_Angeles" });
    await task(la.id, "2026-11-25T18:00:00Z", "2026-11-30T04:00:00Z"); // done Sunday 29, 20:00 in LA: the week just ended there
    await task(la.id, "2026-11-18T18:00:00Z", "2026-11-23T04:00:00Z"); // done Sunday 22, 20:00 in LA: the week before
    await expense(la.id, "2026-11-29", 2500, "restaurants");

    // Monday 07:00 in Lisbon is Sunday 23:00 in Los Angeles: its week has not ended (it used to
    // get the report of 16–22 November here, a week behind).
    await runReports(new Date("2026-11-30T07:00:00Z"));
    expect(await reportsOf(la.id)).toHaveLength(0);
    // 06:45 in Los Angeles: not yet.
    expect(await runReports(new Date("2026-11-30T14:45:00Z"))).toMatchObject({ enqueued: 0 });

    // 07:00 in Los Angeles (PST, 15:00 UTC): the week of 23–29 November on its clock.
    expect(await runReports(new Date("2026-11-30T15:00:00Z"))).toMatchObject({ enqueued: 1, affected: 1 });
    const [report] = await reportsOf(la.id);
    expect(report.week_start).toBe("2026-11-23");
    const data = JSON.parse(report.data);
    expect(data.tasks).toMatchObject({ completed: 1, completedByDay: [0, 0, 0, 0, 0, 0, 1] });
    expect(data.spending.totalCents).toBe(2500);
    const notices = await readyNotices(la.id);
    expect(notices.map((n) => n.dedupe_key)).toEqual(["weekly-report:2026-11-23"]);
    expect(notices[0].message).toMatch(/^Semana de 23 de novembro a 29 de novembro: 1 tarefa concluída/);

    // The run again (a retried cron), and the next quarter-hour: nothing new.
    expect(await runReports(new Date("2026-11-30T15:00:00Z"))).toMatchObject({ enqueued: 1, affected: 0 });
    expect(await runReports(new Date("2026-11-30T15:15:00Z"))).toMatchObject({ enqueued: 0 });
    expect((await reportsOf(la.id)).map((r) => r.week_start)).toEqual(["2026-11-23"]);
    expect(await readyNotices(la.id)).toHaveLength(1);
  });

  it("makes a Tokyo user's report at 07:00 in Tokyo, while it is still Sunday in UTC, and not again at Lisbon's", async () => {
    const yuki = await member("yuki@reports.test", { timeZone: "Asia/Tokyo" });
    await task(yuki.id, "2026-11-22T16:00:00Z", "2026-11-29T14:00:00Z"); // Monday 23 01:00 and Sunday 29 23:00 in Tokyo
    expect(await runReports(new Date("2026-11-29T22:00:00Z"))).toMatchObject({ enqueued: 1, affected: 1 });
    const [report] = await reportsOf(yuki.id);
    expect(report.week_start).toBe("2026-11-23");
    expect(JSON.parse(report.data).tasks).toMatchObject({ created: 1, completed: 1 });
    await runReports(new Date("2026-11-30T07:00:00Z"));
    expect(await reportsOf(yuki.id)).toHaveLength(1);
    expect(await readyNotices(yuki.id)).toHaveLength(1);
  });
});

describe("a report stored but not announced", () => {
  it("is announced by the retried message, once", async () => {
    const noa = await member("noa@reports.test");
    await task(noa.id, "2026-11-24T09:00:00Z", "2026-11-25T10:00:00Z");
    const monday = new Date("2026-11-30T07:00:00Z");
    // A run stored the report, then its notify() threw (the queue retries the whole message).
    const facts = await gatherWeekFacts(database(env.DB), (await findUserById(database(env.DB), noa.id))!, "2026-11-23");
    expect(await insertReport(database(env.DB), noa.id, buildWeeklyReport(facts), monday)).toBeDefined();
    expect(await readyNotices(noa.id)).toHaveLength(0);

    // Before: the retry found the report and stopped, and the notice was never raised.
    expect(await generateWeeklyReport(env, noa.id, monday)).toBe(true);
    expect((await readyNotices(noa.id)).map((n) => n.dedupe_key)).toEqual(["weekly-report:2026-11-23"]);
    expect(await generateWeeklyReport(env, noa.id, monday)).toBe(false);
    expect(await readyNotices(noa.id)).toHaveLength(1);
    expect(await reportsOf(noa.id)).toHaveLength(1);
  });
});

describe("a zone change past Monday 07:00", () => {
  // Monday 30 November 2026, 05:00 UTC: 05:00 in Lisbon (its run still to come), 14:00 in Tokyo
  // (its run, at 22:00 UTC on Sunday, gone by).
  const mondayMorning = new Date("2026-11-30T05:00:00Z");
  const recorder = () => {
    const sent: UserBatch[] = [];
    return { sent, dispatch: async (messages: UserBatch[]) => void sent.push(...messages) };
  };

  it("sends a user who moved east past their new Monday 07:00 through the job, which makes the week's report", async () => {
    const kai = await member("kai@reports.test");
    await task(kai.id, "2026-11-24T09:00:00Z", "2026-11-25T10:00:00Z");
    // Before: Tokyo's run had gone by and Lisbon's no longer took the user: no report that week.
    const { sent, dispatch } = recorder();
    expect(await catchUpAfterZoneMove(kai.id, "Europe/Lisbon", "Asia/Tokyo", mondayMorning, dispatch)).toBe(true);
    expect(sent).toEqual([{ job: "weekly-reports", at: mondayMorning.getTime(), userIds: [kai.id], payload: "Asia/Tokyo" }]);

    await run("update users set time_zone = 'Asia/Tokyo' where id = ?", kai.id);
    expect(await processUserBatch(env, fanOutJob("weekly-reports", weeklyReportJobs)!, sent[0])).toMatchObject({ affected: 1, failed: [] });
    const [report] = await reportsOf(kai.id);
    expect(report.week_start).toBe("2026-11-23");
    expect(JSON.parse(report.data).tasks).toMatchObject({ completed: 1 });
    // Lisbon's run at 07:00 UTC no longer takes the user, and a rerun of the message makes nothing new.
    await runReports(new Date("2026-11-30T07:00:00Z"));
    expect(await processUserBatch(env, fanOutJob("weekly-reports", weeklyReportJobs)!, sent[0])).toMatchObject({ affected: 0, failed: [] });
    expect(await reportsOf(kai.id)).toHaveLength(1);
    expect(await readyNotices(kai.id)).toHaveLength(1);
  });

  it("sends no one whose new zone's run is still to come or whose old zone's run has been", async () => {
    const { sent, dispatch } = recorder();
    // West: Tokyo's run made it, Lisbon's (later) finds it made.
    expect(await catchUpAfterZoneMove("u", "Asia/Tokyo", "Europe/Lisbon", mondayMorning, dispatch)).toBe(false);
    // East, but before the new zone's 07:00 (Lisbon to Berlin at 05:00 UTC is 06:00 there): its run comes.
    expect(await catchUpAfterZoneMove("u", "Europe/Lisbon", "Europe/Berlin", mondayMorning, dispatch)).toBe(false);
    // East later in the week: both zones' runs were this Monday.
    expect(await catchUpAfterZoneMove("u", "Europe/Lisbon", "Asia/Tokyo", new Date("2026-12-02T12:00:00Z"), dispatch)).toBe(false);
    // Across the date line on Sunday evening in Honolulu (Monday 18:00 in Tokyo): Honolulu's week is
    // not over, Tokyo's report of 23–29 November is due.
    expect(await catchUpAfterZoneMove("u", "Pacific/Honolulu", "Asia/Tokyo", new Date("2026-11-30T09:00:00Z"), dispatch)).toBe(true);
    expect(sent.map((m) => m.payload)).toEqual(["Asia/Tokyo"]);
  });

  it("follows PATCH /me: the zone change sends the user through the queue, whose consumer makes the report", async () => {
    const lea = await member("lea@reports.test");
    await task(lea.id, "2026-11-24T09:00:00Z", "2026-11-25T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(mondayMorning);
    try {
      const response = await api("/me", { method: "PATCH", body: { timeZone: "Asia/Tokyo" }, headers: { cookie: lea.cookie } });
      expect(response.status).toBe(200);
      await expect.poll(async () => (await reportsOf(lea.id)).map((r) => r.week_start), { timeout: 20_000 }).toEqual(["2026-11-23"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
