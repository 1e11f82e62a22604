import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

/** Routines done several times a day: the day's count, written as an absolute value (docs/decisions/0117). */
let ana: string;
let rui: string;
const LISBON = "Europe/Lisbon";
const as = (cookie: string) => ({
  get: (path = "") => api(`/routines${path}`, { headers: { cookie } }),
  post: (body: unknown) => api("/routines", { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/routines/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(`/routines${path}`, { method: "DELETE", headers: { cookie } }),
  checkIn: (id: string, date?: string) => api(`/routines/${id}/check-ins`, { body: date ? { date } : {}, headers: { cookie } }),
  count: (id: string, date: string, body: unknown) => api(`/routines/${id}/counts/${date}`, { method: "PUT", body, headers: { cookie } }),
});
const rows = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).all<Record<string, unknown>>()).results;
const today = () => localDate(new Date(), LISBON);

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@counts.test");
  rui = await signUpAndLogIn("rui@counts.test");
});

describe("a routine's times a day", () => {
  it("is 1 unless asked, is answered with today's count, and is changed by PATCH", async () => {
    const plain = (await json(await as(ana).post({ title: "Ler" }))).routine;
    expect(plain).toMatchObject({ timesPerDay: 1, countToday: 0 });
    const created = await as(ana).post({ title: "Beber água", timesPerDay: 8 });
    expect(created.status).toBe(201);
    const { routine } = await json(created);
    expect(routine).toMatchObject({ timesPerDay: 8, countToday: 0, checkedInToday: false });
    expect((await json(await as(ana).get())).items.find((r: { id: string }) => r.id === routine.id)).toMatchObject({ timesPerDay: 8, countToday: 0 });
    expect((await json(await as(ana).patch(routine.id, { timesPerDay: 6 }))).routine).toMatchObject({ timesPerDay: 6 });
    await as(ana).del(`/${plain.id}`);
    await as(ana).del(`/${routine.id}`);
  });

  it("refuses a bad number, and a routine with steps counted more than once a day, with localised messages", async () => {
    for (const timesPerDay of [0, 21, 2.5, "8", null]) {
      const response = await as(ana).post({ title: "Água", timesPerDay });
      expect(response.status, String(timesPerDay)).toBe(400);
      expect((await json(response)).error.fields.timesPerDay).toBe("As vezes por dia devem ser um número inteiro de 1 a 20.");
    }
    const both = await as(ana).post({ title: "Água", timesPerDay: 3, steps: [{ text: "Encher o copo" }] });
    expect(both.status).toBe(400);
    const { error } = await json(both);
    expect(error.code).toBe("validation_failed");
    expect(error.fields.timesPerDay).toBe("Uma rotina com passos faz-se uma vez por dia: remova os passos ou deixe 1 vez por dia.");
    // PATCH: steps on a counted routine, or a count on a routine with steps.
    const counted = (await json(await as(ana).post({ title: "Água", timesPerDay: 3 }))).routine;
    expect((await as(ana).patch(counted.id, { steps: [{ text: "Um" }] })).status).toBe(400);
    const stepped = (await json(await as(ana).post({ title: "Manhã", steps: [{ text: "Um" }] }))).routine;
    expect((await as(ana).patch(stepped.id, { timesPerDay: 2 })).status).toBe(400);
    // Both changed together the right way is fine.
    expect((await json(await as(ana).patch(stepped.id, { timesPerDay: 2, steps: [] }))).routine).toMatchObject({ timesPerDay: 2, steps: [] });
    await as(ana).del(`/${counted.id}`);
    await as(ana).del(`/${stepped.id}`);
  });
});

describe("the day's count", () => {
  it("checks the day in once when it reaches the target, the streak counts it, and going back under takes it away", async () => {
    const { routine } = await json(await as(ana).post({ title: "Beber água", timesPerDay: 3 }));
    const day = today();
    const uid = await userIdOf("ana@counts.test");
    const checkIns = () => rows("select date from routine_check_ins where routine_id = ? and user_id = ?", routine.id, uid);
    // Yesterday done (the streak grows from it).
    expect((await json(await as(ana).count(routine.id, addDays(day, -1), { count: 3 }))).routine).toMatchObject({ recentCheckIns: [addDays(day, -1)], streakDays: 1, countToday: 0 });

    const two = await as(ana).count(routine.id, day, { count: 2 });
    expect(two.status).toBe(200);
    expect(await json(two)).toMatchObject({ date: day, routine: { countToday: 2, checkedInToday: false, streakDays: 1 } });
    expect(await checkIns()).toEqual([{ date: addDays(day, -1) }]);

    const three = await json(await as(ana).count(routine.id, day, { count: 3 }));
    expect(three.routine).toMatchObject({ countToday: 3, checkedInToday: true, streakDays: 2, longestStreakDays: 2, recentCheckIns: [addDays(day, -1), day] });
    expect(await checkIns()).toHaveLength(2);
    // The history, the reports' source, reads the same check-in.
    expect((await json(await as(ana).get(`/check-ins?from=${day}&to=${day}`))).items).toEqual([{ routineId: routine.id, date: day }]);

    // The same PUT again: the same state, one check-in, one count row.
    const again = await as(ana).count(routine.id, day, { count: 3 });
    expect(again.status).toBe(200);
    expect((await json(again)).routine).toMatchObject({ countToday: 3, checkedInToday: true, streakDays: 2 });
    expect(await checkIns()).toHaveLength(2);
    expect(await rows("select count from routine_day_counts where routine_id = ? and date = ?", routine.id, day)).toEqual([{ count: 3 }]);

    // −1: under the target, the day is not done, and the stored runs say so.
    const back = (await json(await as(ana).count(routine.id, day, { count: 2 }))).routine;
    expect(back).toMatchObject({ countToday: 2, checkedInToday: false, streakDays: 1, recentCheckIns: [addDays(day, -1)] });
    expect(await checkIns()).toEqual([{ date: addDays(day, -1) }]);
    // 0 leaves no row.
    expect((await json(await as(ana).count(routine.id, day, { count: 0 }))).routine).toMatchObject({ countToday: 0, checkedInToday: false });
    expect(await rows("select count from routine_day_counts where routine_id = ? and date = ?", routine.id, day)).toEqual([]);
    await as(ana).del(`/${routine.id}`);
    expect(await rows("select id from routine_day_counts where routine_id = ?", routine.id)).toEqual([]);
  });

  it("does today when the target is lowered to its count, and leaves a day done as it is when it is raised", async () => {
    const { routine } = await json(await as(ana).post({ title: "Copos de água", timesPerDay: 8 }));
    const day = today();
    expect((await json(await as(ana).count(routine.id, day, { count: 5 }))).routine).toMatchObject({ countToday: 5, checkedInToday: false });
    // 8 made 5 with 5 done: the day is done at once, as the next tap would have said, and the streak counts it.
    expect((await json(await as(ana).patch(routine.id, { timesPerDay: 5 }))).routine).toMatchObject({ timesPerDay: 5, countToday: 5, checkedInToday: true, streakDays: 1 });
    expect(await rows("select date from routine_check_ins where routine_id = ?", routine.id)).toEqual([{ date: day }]);
    // Lowered again, once more: still one check-in.
    await as(ana).patch(routine.id, { timesPerDay: 4 });
    expect(await rows("select date from routine_check_ins where routine_id = ?", routine.id)).toEqual([{ date: day }]);
    // Raised above the count: the day done stays done (a target changed later does not undo a day).
    expect((await json(await as(ana).patch(routine.id, { timesPerDay: 10 }))).routine).toMatchObject({ checkedInToday: true, countToday: 10 });
    // Lowered with a count still under it: nothing done.
    const { routine: other } = await json(await as(ana).post({ title: "Caminhadas", timesPerDay: 6 }));
    await as(ana).count(other.id, day, { count: 2 });
    expect((await json(await as(ana).patch(other.id, { timesPerDay: 3 }))).routine).toMatchObject({ countToday: 2, checkedInToday: false });
    expect(await rows("select date from routine_check_ins where routine_id = ?", other.id)).toEqual([]);
    await as(ana).del(`/${routine.id}`);
    await as(ana).del(`/${other.id}`);
  });

  it("moves the routine's updatedAt with every count, so the screen can tell its answer from an older read", async () => {
    const { routine } = await json(await as(ana).post({ title: "Pausas", timesPerDay: 4 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = (await json(await as(ana).count(routine.id, today(), { count: 1 }))).routine;
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.parse(routine.updatedAt));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await json(await as(ana).count(routine.id, today(), { count: 2 }))).routine;
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    await as(ana).del(`/${routine.id}`);
  });

  it("agrees with the check-in and its undo: a day checked in shows the target, and undone its count goes", async () => {
    const { routine } = await json(await as(ana).post({ title: "Passeios curtos", timesPerDay: 3 }));
    const day = today();
    await as(ana).count(routine.id, day, { count: 1 });
    expect((await json(await as(ana).checkIn(routine.id, day))).routine).toMatchObject({ countToday: 3, checkedInToday: true });
    expect((await json(await as(ana).del(`/${routine.id}/check-ins/${day}`))).routine).toMatchObject({ countToday: 0, checkedInToday: false });
    // A target of 1 (every routine before): 1 is the check-in, 0 its undo.
    const once = (await json(await as(ana).post({ title: "Vitamina" }))).routine;
    expect((await json(await as(ana).count(once.id, day, { count: 1 }))).routine).toMatchObject({ countToday: 1, checkedInToday: true, streakDays: 1 });
    expect((await json(await as(ana).count(once.id, day, { count: 0 }))).routine).toMatchObject({ countToday: 0, checkedInToday: false, streakDays: 0 });
    await as(ana).del(`/${routine.id}`);
    await as(ana).del(`/${once.id}`);
  });

  it("refuses a count above the target, a bad count, a future day and one too old (400, localised), writing nothing", async () => {
    const { routine } = await json(await as(ana).post({ title: "Água", timesPerDay: 8 }));
    const day = today();
    const cases: [string, unknown, string, string][] = [
      [day, { count: 9 }, "count", "A contagem não pode passar das vezes por dia da rotina."],
      [day, { count: -1 }, "count", "A contagem deve ser um número inteiro de 0 a 20."],
      [day, { count: 1.5 }, "count", "A contagem deve ser um número inteiro de 0 a 20."],
      [day, { count: "3" }, "count", "A contagem deve ser um número inteiro de 0 a 20."],
      [day, {}, "count", "A contagem deve ser um número inteiro de 0 a 20."],
      [addDays(day, 1), { count: 1 }, "date", "Não pode marcar um dia que ainda não chegou."],
      [addDays(day, -8), { count: 1 }, "date", "Só pode marcar dias até 7 dias atrás."],
      ["2026-02-30", { count: 1 }, "date", "Indique uma data válida (AAAA-MM-DD)."],
    ];
    for (const [date, body, field, message] of cases) {
      const response = await as(ana).count(routine.id, date, body);
      expect(response.status, `${date} ${JSON.stringify(body)}`).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field], `${date} ${JSON.stringify(body)}`).toBe(message);
    }
    expect(await rows("select id from routine_day_counts where routine_id = ?", routine.id)).toEqual([]);
    await as(ana).del(`/${routine.id}`);
  });

  it("answers 404 for another user's routine, writing nothing", async () => {
    const { routine } = await json(await as(ana).post({ title: "Água da Ana", timesPerDay: 4 }));
    expect((await as(rui).count(routine.id, today(), { count: 2 })).status).toBe(404);
    expect((await as(rui).count("not-an-id", today(), { count: 2 })).status).toBe(404);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine).toMatchObject({ countToday: 0 });
    expect(await rows("select id from routine_day_counts where routine_id = ?", routine.id)).toEqual([]);
    await as(ana).del(`/${routine.id}`);
  });

  it("answers the past days counted part of the way (countsByDate) in the list, the routine and a count's answer: not a day done, not today, not a day before the window", async () => {
    const { routine } = await json(await as(ana).post({ title: "Copos", timesPerDay: 8 }));
    const day = today();
    const uid = await userIdOf("ana@counts.test");
    // A day 8 back (before the window; the PUT refuses it, so written here as an older count would be).
    await env.DB.prepare("insert into routine_day_counts (id, user_id, routine_id, date, count, created_at, updated_at) values (?, ?, ?, ?, 4, 0, 0)").bind("c-old", uid, routine.id, addDays(day, -8)).run();
    const two = await json(await as(ana).count(routine.id, addDays(day, -2), { count: 5 }));
    expect(two).toMatchObject({ date: addDays(day, -2), routine: { countsByDate: { [addDays(day, -2)]: 5 }, countToday: 0, recentCheckIns: [] } });
    await as(ana).count(routine.id, addDays(day, -1), { count: 8 });
    await as(ana).count(routine.id, addDays(day, -7), { count: 1 });
    await as(ana).count(routine.id, day, { count: 2 });
    // Counted 3, then checked in from the strip without a count: done, not "3 of 8".
    await as(ana).count(routine.id, addDays(day, -3), { count: 3 });
    await as(ana).checkIn(routine.id, addDays(day, -3));
    const expected = { [addDays(day, -7)]: 1, [addDays(day, -2)]: 5 };
    expect((await json(await as(ana).get(`/${routine.id}`))).routine).toMatchObject({ countToday: 2, countsByDate: expected });
    const listed = (await json(await as(ana).get())).items.find((r: { id: string }) => r.id === routine.id);
    expect(listed.countsByDate).toEqual(expected);
    // Set back to 0: no longer in progress.
    expect((await json(await as(ana).count(routine.id, addDays(day, -2), { count: 0 }))).routine.countsByDate).toEqual({ [addDays(day, -7)]: 1 });
    // A routine done once a day has none.
    expect((await json(await as(ana).post({ title: "Vitamina" }))).routine.countsByDate).toEqual({});
    await as(ana).del(`/${routine.id}`);
  });

  it("gives the history the days' counts beside the check-ins, the user's own only", async () => {
    const { routine } = await json(await as(ana).post({ title: "Água do histórico", timesPerDay: 6 }));
    const day = today();
    await as(ana).count(routine.id, addDays(day, -4), { count: 2 });
    await as(ana).count(routine.id, addDays(day, -1), { count: 6 });
    const { routine: ruis } = await json(await as(rui).post({ title: "Água do Rui", timesPerDay: 6 }));
    await as(rui).count(ruis.id, addDays(day, -4), { count: 3 });
    const range = `/check-ins?from=${addDays(day, -6)}&to=${day}`;
    const history = await json(await as(ana).get(range));
    expect(history.items).toEqual([{ routineId: routine.id, date: addDays(day, -1) }]);
    expect(history.counts).toEqual([
      { routineId: routine.id, date: addDays(day, -4), count: 2 },
      { routineId: routine.id, date: addDays(day, -1), count: 6 },
    ]);
    expect((await json(await as(rui).get(range))).counts).toEqual([{ routineId: ruis.id, date: addDays(day, -4), count: 3 }]);
    // Another user's routine: a past day's count is a 404 as today's is, and the answer says nothing of it.
    expect((await as(rui).count(routine.id, addDays(day, -2), { count: 1 })).status).toBe(404);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.countsByDate).toEqual({ [addDays(day, -4)]: 2 });
    // Done once a day since: its stored counts are no longer the history's (nor the strip's).
    expect((await json(await as(ana).patch(routine.id, { timesPerDay: 1 }))).routine.countsByDate).toEqual({});
    expect((await json(await as(ana).get(range))).counts).toEqual([]);
    await as(ana).del(`/${routine.id}`);
    await as(rui).del(`/${ruis.id}`);
  });

  it("is in the export", async () => {
    const { routine } = await json(await as(ana).post({ title: "Água", timesPerDay: 4 }));
    await as(ana).count(routine.id, today(), { count: 2 });
    const exported = await json(await api("/me/export", { headers: { cookie: ana } }));
    const text = JSON.stringify(exported);
    expect(text).toContain('"timesPerDay":4');
    expect(text).toMatch(/"routineDayCounts":\[\{[^\]]*"count":2/);
    await as(ana).del(`/${routine.id}`);
  });
});
