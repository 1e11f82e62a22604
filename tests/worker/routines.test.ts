import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, isoWeekday, localDate } from "@worker/modules/selfCare/streaks";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

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
