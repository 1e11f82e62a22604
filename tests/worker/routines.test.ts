import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { run } from "@worker/db/reads";
import { answerFor, listRoutinesRead, storeCheckInRuns } from "@worker/modules/selfCare/queries";
import { addDays, isoWeekday, localDate, longestStreak, streakDays, type Schedule } from "@worker/modules/selfCare/streaks";
import { endTrial, userIdOf } from "./billing-helpers";
import { app } from "../../worker/app";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

let ana: string;
let rui: string;
const LISBON = "Europe/Lisbon";
const as = (cookie: string) => ({
  get: (path = "") => api(`/routines${path}`, { headers: { cookie } }),
  post: (body: unknown, path = "") => api(`/routines${path}`, { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/routines/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(`/routines${path}`, { method: "DELETE", headers: { cookie } }),
  checkIn: (id: string, date?: string) => api(`/routines/${id}/check-ins`, { body: date ? { date } : {}, headers: { cookie } }),
});
const count = async (table: string, email: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(await userIdOf(email)).first<{ n: number }>())!.n;

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@routines.test");
  rui = await signUpAndLogIn("rui@routines.test");
});

describe("/routines CRUD", () => {
  it("creates, reads, lists, updates and deletes a routine with its check-ins", async () => {
    const created = await as(ana).post({ title: "Meditar", category: "mind", description: "Dez minutos", frequency: "daily", durationMinutes: 10 });
    expect(created.status).toBe(201);
    const { routine } = await json(created);
    expect(routine).toMatchObject({ title: "Meditar", category: "mind", frequency: "daily", weekdays: [], durationMinutes: 10, streakDays: 0, scheduledToday: true, checkedInToday: false });
    expect(routine).not.toHaveProperty("userId");
    const list = await json(await as(ana).get());
    expect(list.items.map((r: { title: string }) => r.title)).toEqual(["Meditar"]);
    expect(list.nextCursor).toBeNull();
    const patched = await json(await as(ana).patch(routine.id, { frequency: "weekdays", weekdays: [5, 1, 1], title: "Meditar à noite" }));
    expect(patched.routine).toMatchObject({ title: "Meditar à noite", frequency: "weekdays", weekdays: [1, 5] });
    // Back to daily: the chosen weekdays are cleared.
    expect((await json(await as(ana).patch(routine.id, { frequency: "daily" }))).routine.weekdays).toEqual([]);
    await as(ana).checkIn(routine.id);
    expect((await as(ana).del(`/${routine.id}`)).status).toBe(204);
    expect((await as(ana).get(`/${routine.id}`)).status).toBe(404);
    expect(await count("routine_check_ins", "ana@routines.test")).toBe(0);
  });
});

describe("check-ins and streaks", () => {
  it("checks in today once (a second time adds no row), undoes it, and counts the streak", async () => {
    const { routine } = await json(await as(ana).post({ title: "Beber água" }));
    const today = localDate(new Date(), LISBON);
    const first = await as(ana).checkIn(routine.id);
    expect(first.status).toBe(201);
    expect((await json(first)).routine).toMatchObject({ streakDays: 1, checkedInToday: true, recentCheckIns: [today] });
    const again = await as(ana).checkIn(routine.id, today);
    expect(again.status).toBe(200);
    expect(await count("routine_check_ins", "ana@routines.test")).toBe(1);

    // Two late check-ins (yesterday and the day before) make three days in a row.
    await as(ana).checkIn(routine.id, addDays(today, -1));
    const third = await json(await as(ana).checkIn(routine.id, addDays(today, -2)));
    expect(third.routine.streakDays).toBe(3);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.streakDays).toBe(3);

    // Undo yesterday: the scheduled day is now missed, only today counts.
    const undone = await as(ana).del(`/${routine.id}/check-ins/${addDays(today, -1)}`);
    expect(undone.status).toBe(200);
    expect((await json(undone)).routine.streakDays).toBe(1);

    const history = await json(await as(ana).get(`/check-ins?from=${addDays(today, -7)}&to=${today}`));
    expect(history.items).toEqual([
      { routineId: routine.id, date: addDays(today, -2) },
      { routineId: routine.id, date: today },
    ]);
    await as(ana).del(`/${routine.id}`);
  });

  it("does not break a weekday routine's streak on unscheduled days", async () => {
    const today = localDate(new Date(), LISBON);
    // Scheduled only on today's weekday and the weekday two days ago: yesterday is free.
    const weekdays = [isoWeekday(today), isoWeekday(addDays(today, -2))];
    const { routine } = await json(await as(ana).post({ title: "Ginásio", category: "movement", frequency: "weekdays", weekdays }));
    await as(ana).checkIn(routine.id, addDays(today, -2));
    const answer = await json(await as(ana).checkIn(routine.id, today));
    expect(answer.routine.streakDays).toBe(2);
    await as(ana).del(`/${routine.id}`);
  });

  it("counts again under a changed schedule: a day no longer due no longer breaks the streak", async () => {
    const today = localDate(new Date(), LISBON);
    const { routine } = await json(await as(ana).post({ title: "Correr", category: "movement" }));
    for (const back of [4, 2, 0]) await as(ana).checkIn(routine.id, addDays(today, -back));
    expect((await json(await as(ana).get(`/${routine.id}`))).routine).toMatchObject({ streakDays: 1, longestStreakDays: 1 });
    // Only the days done are due now: three in a row.
    const weekdays = [0, 2, 4].map((back) => isoWeekday(addDays(today, -back)));
    expect((await json(await as(ana).patch(routine.id, { frequency: "weekdays", weekdays }))).routine).toMatchObject({ streakDays: 3, longestStreakDays: 3 });
    expect((await json(await as(ana).get())).items.find((r: { id: string }) => r.id === routine.id)).toMatchObject({ streakDays: 3, longestStreakDays: 3 });
    // Undoing the middle one breaks it again (that day is due).
    expect((await json(await as(ana).del(`/${routine.id}/check-ins/${addDays(today, -2)}`))).routine).toMatchObject({ streakDays: 1, longestStreakDays: 1 });
    expect((await json(await as(ana).patch(routine.id, { frequency: "daily" }))).routine).toMatchObject({ streakDays: 1, longestStreakDays: 1 });
    await as(ana).del(`/${routine.id}`);
  });

  it("uses the user's time zone for today", async () => {
    const kiri = await signUpAndLogIn("kiri@routines.test");
    // UTC+14: most of the time a different calendar day from Lisbon's (and from UTC's).
    expect((await api("/me", { method: "PATCH", body: { timeZone: "Pacific/Kiritimati" }, headers: { cookie: kiri } })).status).toBe(200);
    const { routine } = await json(await as(kiri).post({ title: "Alongar" }));
    const answer = await json(await as(kiri).checkIn(routine.id));
    expect(answer.date).toBe(localDate(new Date(), "Pacific/Kiritimati"));
    // The user's today is allowed even when it is "tomorrow" in UTC.
    expect((await as(kiri).checkIn(routine.id, localDate(new Date(), "Pacific/Kiritimati"))).status).toBe(200);
  });

  it("refuses check-ins in the future or more than 7 days back, saving nothing", async () => {
    const { routine } = await json(await as(ana).post({ title: "Ler" }));
    const today = localDate(new Date(), LISBON);
    const before = await count("routine_check_ins", "ana@routines.test");
    expect((await as(ana).checkIn(routine.id, addDays(today, -7))).status).toBe(201);
    const cases: [string, string][] = [
      [addDays(today, 1), "Não pode marcar um dia que ainda não chegou."],
      [addDays(today, -8), "Só pode marcar dias até 7 dias atrás."],
      ["2026-02-30", "Indique uma data válida (AAAA-MM-DD)."],
    ];
    for (const [date, message] of cases) {
      const response = await as(ana).checkIn(routine.id, date);
      expect(response.status, date).toBe(400);
      expect((await json(response)).error.fields.date).toBe(message);
    }
    expect(await count("routine_check_ins", "ana@routines.test")).toBe(before + 1);
    await as(ana).del(`/${routine.id}`);
  });
});

describe("bad input", () => {
  it("answers 400 with field messages and saves nothing", async () => {
    const before = await count("routines", "ana@routines.test");
    const cases: [unknown, string, string][] = [
      [{ title: "" }, "title", "O título da rotina é obrigatório"],
      [{}, "title", "Campo obrigatório."],
      [{ title: "Yoga", frequency: "weekdays" }, "weekdays", "Escolha pelo menos um dia da semana (de segunda a domingo)."],
      [{ title: "Yoga", frequency: "weekdays", weekdays: [] }, "weekdays", "Escolha pelo menos um dia da semana (de segunda a domingo)."],
      [{ title: "Yoga", frequency: "weekdays", weekdays: [0, 8] }, "weekdays", "Escolha pelo menos um dia da semana (de segunda a domingo)."],
      [{ title: "Yoga", frequency: "monthly" }, "frequency", "Escolha todos os dias ou dias da semana."],
      [{ title: "Yoga", category: "sleeping" }, "category", "Escolha uma categoria da lista."],
      [{ title: "Yoga", durationMinutes: 0 }, "durationMinutes", "A duração deve ser um número inteiro de minutos, de 1 a 600."],
      [{ title: "Yoga", durationMinutes: 12.5 }, "durationMinutes", "A duração deve ser um número inteiro de minutos, de 1 a 600."],
    ];
    for (const [body, field, message] of cases) {
      const response = await as(ana).post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.fields[field], JSON.stringify(body)).toBe(message);
    }
    // A change that leaves a weekday routine without weekdays is refused too.
    const { routine } = await json(await as(ana).post({ title: "Yoga", frequency: "weekdays", weekdays: [2] }));
    expect((await as(ana).patch(routine.id, { weekdays: [] })).status).toBe(400);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.weekdays).toEqual([2]);
    expect(await count("routines", "ana@routines.test")).toBe(before + 1);
    expect((await as(ana).get("/check-ins?from=2026-11-10&to=2026-11-01")).status).toBe(400);
    await as(ana).del(`/${routine.id}`);
  });
});

describe("two users", () => {
  it("never see, change, check in or delete each other's routines (404)", async () => {
    const { routine } = await json(await as(ana).post({ title: "Rotina da Ana" }));
    await as(ana).checkIn(routine.id);
    expect((await as(rui).get(`/${routine.id}`)).status).toBe(404);
    expect((await as(rui).patch(routine.id, { title: "x" })).status).toBe(404);
    expect((await as(rui).checkIn(routine.id)).status).toBe(404);
    expect((await as(rui).del(`/${routine.id}/check-ins/${localDate(new Date(), LISBON)}`)).status).toBe(404);
    expect((await as(rui).del(`/${routine.id}`)).status).toBe(404);
    expect((await json(await as(rui).get())).items).toEqual([]);
    expect((await json(await as(rui).get("/check-ins"))).items).toEqual([]);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.checkedInToday).toBe(true);
    await as(ana).del(`/${routine.id}`);
  });
});

describe("a Free user after the trial", () => {
  it("reads and exports routines but cannot create, change or check in (402)", async () => {
    const free = await signUpAndLogIn("free@routines.test");
    const { routine } = await json(await as(free).post({ title: "Caminhar" }));
    await as(free).checkIn(routine.id);
    await endTrial(await userIdOf("free@routines.test"));
    expect((await json(await as(free).get())).items[0]).toMatchObject({ title: "Caminhar", streakDays: 1 });
    expect((await as(free).get("/check-ins")).status).toBe(200);
    const exported = await json(await api("/me/export", { headers: { cookie: free } }));
    expect(exported.routines).toEqual([expect.objectContaining({ title: "Caminhar" })]);
    expect(exported.routineCheckIns).toHaveLength(1);
    const refused = [
      await as(free).post({ title: "Nova" }),
      await as(free).patch(routine.id, { title: "Mudada" }),
      await as(free).checkIn(routine.id, addDays(localDate(new Date(), LISBON), -1)),
      await as(free).del(`/${routine.id}/check-ins/${localDate(new Date(), LISBON)}`),
    ];
    for (const response of refused) expect(response.status).toBe(402);
    expect(await count("routines", "free@routines.test")).toBe(1);
    expect(await count("routine_check_ins", "free@routines.test")).toBe(1);
    expect((await as(free).del(`/${routine.id}`)).status).toBe(204);
  });
});

// A routine keeps its runs of check-ins (the longest, the latest and its end) in its row, rewritten
// by every write of its check-ins or schedule (and filled in for existing ones by the migration), so
// that the list reads recent check-ins only, never years of them (docs/decisions/0090). The answers
// must be exactly those of the rules in streaks.ts (and its tests) for any history, schedule and today.
describe("streaks over long histories", () => {
  let userId: string;
  let cookie: string;
  const db = () => database(env.DB);
  beforeAll(async () => {
    cookie = await signUpAndLogIn("long@routines.test");
    userId = await userIdOf("long@routines.test");
  });
  beforeEach(async () => {
    await env.DB.prepare("delete from routines where user_id = ?").bind(userId).run();
  });

  /** The migration's statement that fills in the runs of the routines that existed before it. */
  const backfill = () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_self_care_check_in_runs.sql"))!;
    return migration.queries.find((q) => q.includes("UPDATE `routines` SET `check_in_runs`"))!;
  };

  /** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /**
   * Stores routines with these schedules and check-in dates straight into the tables, then their
   * runs as the module's writes store them, or as the migration filled them in.
   */
  async function store(routines: { id: string; schedule: Schedule; checkIns: string[] }[], runsBy: "writes" | "migration" = "writes") {
    const statements = routines.flatMap((r, i) => [
      env.DB.prepare("insert into routines (id, user_id, title, frequency, weekdays, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").bind(
        r.id,
        userId,
        r.id,
        r.schedule.frequency,
        JSON.stringify(r.schedule.frequency === "weekdays" ? r.schedule.weekdays : []),
        1700000000000 + i,
        1700000000000 + i,
      ),
      ...r.checkIns.map((date) => env.DB.prepare("insert into routine_check_ins (id, user_id, routine_id, date) values (?, ?, ?, ?)").bind(`${r.id}-${date}`, userId, r.id, date)),
    ]);
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
    if (runsBy === "writes") for (const r of routines) await storeCheckInRuns(db(), userId, r.id);
    else await env.DB.prepare(backfill()).run();
  }

  /** What the rules give (streaks.ts) next to what the list answers, for `today`. */
  async function compare(routines: { id: string; schedule: Schedule; checkIns: string[] }[], today: string) {
    const { items } = await run(db(), listRoutinesRead(db(), userId, { limit: 200 }, today));
    const recentFrom = addDays(today, -7);
    const expected = routines.map((r) => ({
      id: r.id,
      streakDays: streakDays(r.schedule, r.checkIns, today),
      longestStreakDays: longestStreak(r.schedule, r.checkIns, today),
      checkedInToday: r.checkIns.includes(today),
      recentCheckIns: [...new Set(r.checkIns)].filter((d) => d >= recentFrom && d <= today).sort(),
    }));
    const answered = items.map(({ id, streakDays, longestStreakDays, checkedInToday, recentCheckIns }) => ({ id, streakDays, longestStreakDays, checkedInToday, recentCheckIns }));
    expect(answered).toEqual(expected);
    return items;
  }

  const daily: Schedule = { frequency: "daily" };
  const mwf: Schedule = { frequency: "weekdays", weekdays: [1, 3, 5] };

  it("gives the rules' streaks for the cases of streaks.test.ts", async () => {
    const cases: [Schedule, string[], string][] = [
      [daily, ["2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22"],
      [daily, ["2026-11-20", "2026-11-21"], "2026-11-22"],
      [daily, ["2026-11-18", "2026-11-19", "2026-11-21", "2026-11-22"], "2026-11-22"],
      [daily, ["2026-11-19", "2026-11-20"], "2026-11-22"],
      [mwf, ["2026-11-16", "2026-11-18", "2026-11-20"], "2026-11-22"],
      [mwf, ["2026-11-16", "2026-11-20"], "2026-11-22"],
      [mwf, ["2026-11-18", "2026-11-19", "2026-11-20"], "2026-11-21"],
      [daily, ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22"],
      [daily, ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"], "2026-03-31"],
      [daily, ["2026-11-22", "2026-11-23"], "2026-11-22"],
      [daily, [], "2026-11-22"],
      [daily, ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-10", "2026-11-11"], "2026-11-22"],
      [mwf, ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09"], "2026-11-22"],
      // Mondays only: done Monday 2, then not until Tuesday 10, the Monday between missed (a gap of a whole week).
      [{ frequency: "weekdays", weekdays: [1] }, ["2026-11-02", "2026-11-10"], "2026-11-22"],
      [{ frequency: "weekdays", weekdays: [1] }, ["2026-11-02", "2026-11-09", "2026-11-16"], "2026-11-22"],
      [{ frequency: "weekdays", weekdays: [7] }, ["2026-11-15", "2026-11-22"], "2026-11-22"],
    ];
    for (const runsBy of ["writes", "migration"] as const) {
      for (const [i, [schedule, checkIns, today]] of cases.entries()) {
        await env.DB.prepare("delete from routines where user_id = ?").bind(userId).run();
        const routines = [{ id: `case-${i}`, schedule, checkIns }];
        await store(routines, runsBy);
        await compare(routines, today);
      }
    }
  });

  it("gives the rules' streaks for random histories, schedules and days", async () => {
    const next = random(20261122);
    const routines = Array.from({ length: 120 }, (_, i) => {
      // Daily, or 0 to 7 weekdays (none: never due, so nothing ever breaks; few: gaps of weeks), some chosen twice.
      const schedule: Schedule = next() < 0.25 ? daily : { frequency: "weekdays", weekdays: Array.from({ length: Math.floor(next() * next() * 8) }, () => 1 + Math.floor(next() * 7)) };
      // From a check-in every week or two to nearly every day.
      const density = 0.05 + 0.95 * next() * next();
      const span = 30 + Math.floor(next() * 500);
      // Some days after 2026-11-22 too (a check-in made in a zone already a day ahead).
      const checkIns = Array.from({ length: span }, (_, n) => addDays("2026-11-24", -n)).filter(() => next() < density);
      return { id: `random-${String(i).padStart(2, "0")}`, schedule, checkIns };
    });
    await store(routines);
    // Some days are before the latest check-ins (then those are computed up to today, as the rules count).
    for (const today of ["2026-11-22", "2026-11-23", "2026-11-30", "2027-01-15", "2026-10-01"]) await compare(routines, today);
    // The migration's statement fills in the same runs.
    await env.DB.prepare("update routines set check_in_runs = null where user_id = ?").bind(userId).run();
    await env.DB.prepare(backfill()).run();
    for (const today of ["2026-11-24", "2026-11-30"]) await compare(routines, today);
  });

  it("reads only the recent check-ins, however long the history: three years of a daily routine", async () => {
    const today = "2026-11-22";
    // Every day for three years except one missed day a year ago and today, not done yet.
    const checkIns = Array.from({ length: 3 * 365 }, (_, n) => addDays(today, -n - 1)).filter((d) => d !== addDays(today, -365));
    const routines = [
      { id: "long-daily", schedule: daily, checkIns },
      { id: "long-mwf", schedule: mwf, checkIns: checkIns.filter((d) => [1, 3, 5].includes(isoWeekday(d))) },
    ];
    await store(routines);
    const [longDaily, longMwf] = await compare(routines, today);
    expect(longDaily).toMatchObject({ streakDays: 364, longestStreakDays: 730 });
    expect(longMwf.longestStreakDays).toBeGreaterThan(200);
    // The batch returns a row or two per routine, not its 1,000-odd check-ins.
    const read = listRoutinesRead(db(), userId, { limit: 200 }, today);
    const results = (await db().batch(read.statements as never)) as unknown[][];
    expect(results.reduce((rows, r) => rows + r.length, 0)).toBeLessThan(25);
    // One routine's answer (after a check-in, a change) agrees with the list's.
    expect(await answerFor(db(), userId, "long-daily", today)).toEqual(longDaily);
  });

  // The rows D1 reads (what the planner chose; what D1 bills): a check-in rewrites one routine's
  // runs from its own history, and the list reads no history at all when no check-in is dated after
  // today, however many years the user's other routines hold. Both used to walk every check-in of
  // the user (user_id = ? and date <= ? on the user's date index): 53,000 rows at 50 routines × 3
  // years, 140 ms a check-in (npm run bench:self-care).
  it("reads the same rows to check a routine in and to list them, whatever the history of the user's other routines", async () => {
    const today = localDate(new Date(), LISBON);
    const years = Array.from({ length: 3 * 365 }, (_, n) => addDays(today, -n - 1));
    const rowsRead = async (method: string, path: string, body?: unknown) => {
      const calls: D1Call[] = [];
      const ctx = createExecutionContext();
      const init = { method, headers: { cookie, origin: ORIGIN, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) };
      const response = await app.fetch(new Request(`${ORIGIN}/api/v1/routines${path}`, init), { ...env, DB: countingD1(env.DB, calls) }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBeLessThan(300);
      return calls.reduce((sum, call) => sum + (call.rowsRead ?? 0), 0);
    };
    const measure = async () => ({
      checkIn: await rowsRead("POST", "/years-0/check-ins", {}),
      undo: await rowsRead("DELETE", `/years-0/check-ins/${today}`),
      list: await rowsRead("GET", ""),
    });
    // One routine with three years, seven without any check-in …
    await store(Array.from({ length: 8 }, (_, i) => ({ id: `years-${i}`, schedule: daily, checkIns: i === 0 ? years : [] })));
    const alone = await measure();
    // … then the seven with three years each too (7,665 more check-ins of the same user).
    await env.DB.prepare("delete from routines where user_id = ?").bind(userId).run();
    await store(Array.from({ length: 8 }, (_, i) => ({ id: `years-${i}`, schedule: daily, checkIns: years })));
    const among = await measure();
    expect(among.checkIn).toBeLessThan(alone.checkIn + 100);
    expect(among.undo).toBeLessThan(alone.undo + 100);
    expect(among.list).toBeLessThan(alone.list + 100);
  });
});
