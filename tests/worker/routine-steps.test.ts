import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

/** A routine's steps and their ticks per day (docs/decisions/0112). */
let ana: string;
let rui: string;
const LISBON = "Europe/Lisbon";
const as = (cookie: string) => ({
  get: (path = "") => api(`/routines${path}`, { headers: { cookie } }),
  post: (body: unknown) => api("/routines", { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/routines/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(`/routines${path}`, { method: "DELETE", headers: { cookie } }),
  checkIn: (id: string, date?: string) => api(`/routines/${id}/check-ins`, { body: date ? { date } : {}, headers: { cookie } }),
  tick: (id: string, stepId: string, date?: string) => api(`/routines/${id}/steps/${stepId}/ticks`, { body: date ? { date } : {}, headers: { cookie } }),
  untick: (id: string, stepId: string, date: string) => api(`/routines/${id}/steps/${stepId}/ticks/${date}`, { method: "DELETE", headers: { cookie } }),
});
const count = async (table: string, email: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(await userIdOf(email)).first<{ n: number }>())!.n;
type Step = { id: string; text: string };

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@steps.test");
  rui = await signUpAndLogIn("rui@steps.test");
});

describe("a routine's steps", () => {
  it("are created with the routine, in order and trimmed, and an empty list is a routine as before", async () => {
    const created = await as(ana).post({ title: "Rotina da manhã", steps: [{ text: " Beber água " }, { text: "Alongar 5 min" }, { text: "Meditar" }] });
    expect(created.status).toBe(201);
    const { routine } = await json(created);
    expect(routine.steps.map((s: Step) => s.text)).toEqual(["Beber água", "Alongar 5 min", "Meditar"]);
    expect(routine.stepsTickedToday).toEqual([]);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.steps).toEqual(routine.steps);
    const plain = (await json(await as(ana).post({ title: "Ler" }))).routine;
    expect(plain).toMatchObject({ steps: [], stepsTickedToday: [] });
    expect((await json(await as(ana).get())).items.find((r: { id: string }) => r.id === routine.id).steps).toEqual(routine.steps);
    await as(ana).del(`/${routine.id}`);
    await as(ana).del(`/${plain.id}`);
    expect(await count("routine_steps", "ana@steps.test")).toBe(0);
  });

  it("are edited as a list: kept by id (with today's ticks), reordered, added, removed", async () => {
    const { routine } = await json(await as(ana).post({ title: "Noite", steps: [{ text: "Chá" }, { text: "Ler" }, { text: "Dormir" }] }));
    const [tea, read, sleep] = routine.steps as Step[];
    await as(ana).tick(routine.id, read.id);
    const patched = await as(ana).patch(routine.id, { steps: [{ id: sleep.id, text: "Deitar às 23h" }, { id: read.id, text: "Ler" }, { text: "Respirar" }] });
    expect(patched.status).toBe(200);
    const { routine: after } = await json(patched);
    expect(after.steps.map((s: Step) => s.text)).toEqual(["Deitar às 23h", "Ler", "Respirar"]);
    expect(after.steps[0].id).toBe(sleep.id);
    expect(after.steps[1].id).toBe(read.id);
    expect(after.stepsTickedToday).toEqual([read.id]);
    expect(after.steps.map((s: Step) => s.id)).not.toContain(tea.id);
    // A change of other fields leaves the steps as they are; an empty list removes them, ticks too.
    expect((await json(await as(ana).patch(routine.id, { title: "À noite" }))).routine.steps).toHaveLength(3);
    expect((await json(await as(ana).patch(routine.id, { steps: [] }))).routine).toMatchObject({ steps: [], stepsTickedToday: [] });
    expect(await count("routine_step_ticks", "ana@steps.test")).toBe(0);
    await as(ana).del(`/${routine.id}`);
  });

  it("refuses bad steps with localised field messages, saving nothing", async () => {
    const before = await count("routines", "ana@steps.test");
    const cases: [unknown, string, string][] = [
      [{ title: "Manhã", steps: [{ text: "   " }] }, "steps.0.text", "Cada passo deve ter de 1 a 80 caracteres."],
      [{ title: "Manhã", steps: [{ text: "ok" }, { text: "x".repeat(81) }] }, "steps.1.text", "Cada passo deve ter de 1 a 80 caracteres."],
      [{ title: "Manhã", steps: Array.from({ length: 13 }, (_, i) => ({ text: `Passo ${i}` })) }, "steps", "Uma rotina pode ter no máximo 12 passos."],
      [{ title: "Manhã", steps: "beber água" }, "steps", "Indique os passos como uma lista."],
      [{ title: "Manhã", steps: ["beber água"] }, "steps.0", "Cada passo deve ter de 1 a 80 caracteres."],
      [{ title: "Manhã", steps: [{ text: "ok", done: true }] }, "steps.0", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const response = await as(ana).post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field], JSON.stringify(body)).toBe(message);
    }
    // In English for an English speaker.
    const eve = await signUpAndLogIn("eve@steps.test");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: eve } })).status).toBe(200);
    const en = await as(eve).post({ title: "Morning", steps: [{ text: "" }] });
    expect((await json(en)).error.fields["steps.0.text"]).toBe("Each step must have 1 to 80 characters.");
    // Exactly 12 steps of 80 characters are fine.
    const { routine } = await json(await as(ana).post({ title: "Doze", steps: Array.from({ length: 12 }, () => ({ text: "y".repeat(80) })) }));
    expect((await as(ana).patch(routine.id, { steps: [...routine.steps, { text: "treze" }] })).status).toBe(400);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.steps).toHaveLength(12);
    expect(await count("routines", "ana@steps.test")).toBe(before + 1);
    await as(ana).del(`/${routine.id}`);
  });
});

describe("ticking steps", () => {
  it("completes the day with the last step (the same check-in as done), and un-ticking one undoes it", async () => {
    const { routine } = await json(await as(ana).post({ title: "Manhã", steps: [{ text: "Beber água" }, { text: "Alongar" }] }));
    const [water, stretch] = routine.steps as Step[];
    const today = localDate(new Date(), LISBON);
    const first = await as(ana).tick(routine.id, water.id);
    expect(first.status).toBe(201);
    expect((await json(first)).routine).toMatchObject({ checkedInToday: false, stepsTickedToday: [water.id], streakDays: 0 });
    // A replay adds nothing.
    expect((await as(ana).tick(routine.id, water.id)).status).toBe(200);
    const last = await json(await as(ana).tick(routine.id, stretch.id));
    expect(last).toMatchObject({ date: today, routine: { checkedInToday: true, streakDays: 1, recentCheckIns: [today], stepsTickedToday: [water.id, stretch.id] } });
    expect(await count("routine_check_ins", "ana@steps.test")).toBe(1);
    expect((await json(await as(ana).get(`/check-ins?from=${today}&to=${today}`))).items).toEqual([{ routineId: routine.id, date: today }]);

    const undone = await as(ana).untick(routine.id, water.id, today);
    expect(undone.status).toBe(200);
    expect((await json(undone)).routine).toMatchObject({ checkedInToday: false, streakDays: 0, recentCheckIns: [], stepsTickedToday: [stretch.id] });
    expect(await count("routine_check_ins", "ana@steps.test")).toBe(0);
    await as(ana).del(`/${routine.id}`);
  });

  it("ticks every step when the routine is done in one go, and un-ticking one then keeps the others", async () => {
    const { routine } = await json(await as(ana).post({ title: "Pausa", steps: [{ text: "Respirar" }, { text: "Olhar longe" }, { text: "Beber água" }] }));
    const ids = (routine.steps as Step[]).map((s) => s.id);
    const today = localDate(new Date(), LISBON);
    expect((await json(await as(ana).checkIn(routine.id))).routine).toMatchObject({ checkedInToday: true, stepsTickedToday: ids });
    const after = (await json(await as(ana).untick(routine.id, ids[1], today))).routine;
    expect(after).toMatchObject({ checkedInToday: false, stepsTickedToday: [ids[0], ids[2]] });
    // Ticking it again completes the day again.
    expect((await json(await as(ana).tick(routine.id, ids[1]))).routine.checkedInToday).toBe(true);
    // Undoing the check-in clears the day's ticks: an empty checklist, not a full one not done.
    expect((await json(await as(ana).del(`/${routine.id}/check-ins/${today}`))).routine).toMatchObject({ checkedInToday: false, stepsTickedToday: [] });
    expect(await count("routine_step_ticks", "ana@steps.test")).toBe(0);
    await as(ana).del(`/${routine.id}`);
  });

  it("ticks a past day within the check-in window, completing that day", async () => {
    const { routine } = await json(await as(ana).post({ title: "Diário", steps: [{ text: "Escrever" }] }));
    const today = localDate(new Date(), LISBON);
    const yesterday = addDays(today, -1);
    const answer = await json(await as(ana).tick(routine.id, routine.steps[0].id, yesterday));
    expect(answer).toMatchObject({ date: yesterday, routine: { checkedInToday: false, recentCheckIns: [yesterday], stepsTickedToday: [] } });
    expect((await as(ana).tick(routine.id, routine.steps[0].id, addDays(today, 1))).status).toBe(400);
    expect((await json(await as(ana).tick(routine.id, routine.steps[0].id, addDays(today, -8)))).error.fields.date).toBe("Só pode marcar dias até 7 dias atrás.");
    expect((await as(ana).untick(routine.id, routine.steps[0].id, "2026-02-30")).status).toBe(400);
    await as(ana).del(`/${routine.id}`);
  });

  it("carries the past days in progress in stepsTickedByDate: a past day's checklist ticks, completes and is undone as today's (decision 0112, revised)", async () => {
    const { routine } = await json(await as(ana).post({ title: "Tarde", steps: [{ text: "Chá" }, { text: "Ler" }] }));
    const [tea, read] = routine.steps as Step[];
    expect(routine.stepsTickedByDate).toEqual({});
    const today = localDate(new Date(), LISBON);
    const twoDaysAgo = addDays(today, -2);
    // One step of a past day: progress of that day, not today's.
    const first = await as(ana).tick(routine.id, read.id, twoDaysAgo);
    expect(first.status).toBe(201);
    expect((await json(first)).routine).toMatchObject({ stepsTickedToday: [], recentCheckIns: [], stepsTickedByDate: { [twoDaysAgo]: [read.id] } });
    // Today's ticks stay in stepsTickedToday; the list and the loader's answer carry the past day too.
    await as(ana).tick(routine.id, tea.id);
    const listed = (await json(await as(ana).get())).items.find((r: { id: string }) => r.id === routine.id);
    expect(listed).toMatchObject({ stepsTickedToday: [tea.id], stepsTickedByDate: { [twoDaysAgo]: [read.id] } });

    // The last step does that day: the same check-in, and the day leaves the field (a day done shows all).
    const done = (await json(await as(ana).tick(routine.id, tea.id, twoDaysAgo))).routine;
    expect(done).toMatchObject({ recentCheckIns: [twoDaysAgo], stepsTickedByDate: {} });
    // Unticking one step of that day undoes it and keeps the other ticked.
    const undone = (await json(await as(ana).untick(routine.id, tea.id, twoDaysAgo))).routine;
    expect(undone).toMatchObject({ recentCheckIns: [], stepsTickedByDate: { [twoDaysAgo]: [read.id] } });
    // A day done in one go and undone again has an empty checklist.
    await as(ana).checkIn(routine.id, twoDaysAgo);
    expect((await json(await as(ana).del(`/${routine.id}/check-ins/${twoDaysAgo}`))).routine.stepsTickedByDate).toEqual({});
    await as(ana).del(`/${routine.id}`);
  });

  it("leaves ticks older than the check-in window out of stepsTickedByDate", async () => {
    const { routine } = await json(await as(ana).post({ title: "Velho", steps: [{ text: "Um" }, { text: "Dois" }] }));
    const today = localDate(new Date(), LISBON);
    const old = addDays(today, -8);
    const uid = await userIdOf("ana@steps.test");
    await env.DB.prepare("insert into routine_step_ticks (id, user_id, routine_id, step_id, date, created_at) values (?, ?, ?, ?, ?, ?)")
      .bind("old-tick", uid, routine.id, routine.steps[0].id, old, Date.now())
      .run();
    await as(ana).tick(routine.id, routine.steps[0].id, addDays(today, -7));
    expect((await json(await as(ana).get(`/${routine.id}`))).routine.stepsTickedByDate).toEqual({ [addDays(today, -7)]: [routine.steps[0].id] });
    await as(ana).del(`/${routine.id}`);
  });

  it("uses the account's zone for the day: a tick is today's there, and another zone's day does not see it", async () => {
    const kiri = await signUpAndLogIn("kiri@steps.test");
    const KIRITIMATI = "Pacific/Kiritimati"; // UTC+14
    const PAGO_PAGO = "Pacific/Pago_Pago"; // UTC−11: always another calendar day than Kiritimati's
    expect((await api("/me", { method: "PATCH", body: { timeZone: KIRITIMATI }, headers: { cookie: kiri } })).status).toBe(200);
    const { routine } = await json(await as(kiri).post({ title: "Alongar", steps: [{ text: "Pescoço" }, { text: "Costas" }] }));
    const [neck, back] = routine.steps as Step[];
    const kiriToday = localDate(new Date(), KIRITIMATI);
    expect((await json(await as(kiri).tick(routine.id, neck.id))).date).toBe(kiriToday);
    // The user's today is theirs even when it is tomorrow in UTC.
    const done = await json(await as(kiri).tick(routine.id, back.id, kiriToday));
    expect(done.routine).toMatchObject({ checkedInToday: true, recentCheckIns: [kiriToday] });

    // Moved 25 hours west, that day is no longer today: nothing is ticked today, and it cannot be ticked as today's.
    expect((await api("/me", { method: "PATCH", body: { timeZone: PAGO_PAGO }, headers: { cookie: kiri } })).status).toBe(200);
    const there = (await json(await as(kiri).get(`/${routine.id}`))).routine;
    expect(there).toMatchObject({ checkedInToday: false, stepsTickedToday: [] });
    expect((await json(await as(kiri).tick(routine.id, neck.id))).date).toBe(localDate(new Date(), PAGO_PAGO));
    expect((await json(await as(kiri).get(`/${routine.id}`))).routine.stepsTickedToday).toEqual([neck.id]);
  });
});

describe("two users", () => {
  it("never tick, untick or see each other's steps (404), nor reuse another routine's step ids", async () => {
    const { routine } = await json(await as(ana).post({ title: "Rotina da Ana", steps: [{ text: "Um" }, { text: "Dois" }] }));
    const [one] = routine.steps as Step[];
    const today = localDate(new Date(), LISBON);
    expect((await as(rui).tick(routine.id, one.id)).status).toBe(404);
    expect((await as(rui).untick(routine.id, one.id, today)).status).toBe(404);
    expect((await as(rui).patch(routine.id, { steps: [] })).status).toBe(404);
    // Rui's routine cannot tick Ana's step through his own id either.
    const mine = (await json(await as(rui).post({ title: "Rotina do Rui", steps: [{ text: "Três" }] }))).routine;
    expect((await as(rui).tick(mine.id, one.id)).status).toBe(404);
    expect((await as(ana).tick(routine.id, "not-a-step")).status).toBe(404);
    // Naming Ana's step id in his list makes a new step of his own; hers stays.
    const patched = (await json(await as(rui).patch(mine.id, { steps: [{ id: one.id, text: "Quatro" }] }))).routine;
    expect(patched.steps[0].id).not.toBe(one.id);
    expect((await json(await as(ana).get(`/${routine.id}`))).routine).toMatchObject({ steps: routine.steps, stepsTickedToday: [] });
    expect(await count("routine_step_ticks", "ana@steps.test")).toBe(0);
    await as(ana).del(`/${routine.id}`);
    await as(rui).del(`/${mine.id}`);
  });
});
