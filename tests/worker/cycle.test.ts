import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_QUARTER_HOUR, runSchedule } from "@worker/cron/registry";
import { localToday } from "@worker/modules/cycle/today";
import { addDays } from "@worker/modules/cycle/predictions";
import { periodExpectedJob } from "@worker/modules/cycle/reminder";
import { api, json, mailsTo, signUpAndLogIn } from "./helpers";
import { userIdOf } from "./billing-helpers";
import { countingD1, type D1Call } from "./counting-bindings";
import { upsertFlowDays } from "@worker/modules/cycle/queries";
import { database } from "@worker/db/client";

const today = () => localToday(new Date(), "Europe/Lisbon");

const as = (cookie: string) => ({
  get: (path: string) => api(path, { headers: { cookie } }),
  post: (path: string, body: unknown) => api(path, { body, headers: { cookie } }),
  patch: (path: string, body: unknown) => api(path, { method: "PATCH", body, headers: { cookie } }),
  del: (path: string) => api(path, { method: "DELETE", headers: { cookie } }),
});

let ana: ReturnType<typeof as>;
let rui: ReturnType<typeof as>;
let ruiCookie = "";
beforeAll(async () => {
  ana = as(await signUpAndLogIn("ana@cycle.test"));
  ruiCookie = await signUpAndLogIn("rui@cycle.test");
  rui = as(ruiCookie);
});

describe("/cycle/days", () => {
  it("logs a day (201), and logging it again updates the same row (200), changing only what is sent", async () => {
    const date = addDays(today(), -3);
    const first = await ana.post("/cycle/days", { date, flow: "medium", symptoms: ["cramps", "headache", "cramps"], mood: 2, notes: "  dia difícil " });
    expect(first.status).toBe(201);
    const { day } = await json(first);
    expect(day).toMatchObject({ id: expect.any(String), date, flow: "medium", symptoms: ["cramps", "headache"], mood: 2, notes: "dia difícil" });
    expect(day).not.toHaveProperty("userId");

    const again = await ana.post("/cycle/days", { date, flow: "heavy" });
    expect(again.status).toBe(200);
    expect((await json(again)).day).toMatchObject({ id: day.id, flow: "heavy", symptoms: ["cramps", "headache"], mood: 2, notes: "dia difícil" });

    const list = await json(await ana.get(`/cycle/days?from=${date}&to=${date}`));
    expect(list.items).toHaveLength(1);
    expect(list.nextCursor).toBeNull();
    const { results } = await env.DB.prepare("select count(*) as n from cycle_days where date = ? and user_id = ?").bind(date, await userIdOf("ana@cycle.test")).all<{ n: number }>();
    expect(results[0].n).toBe(1);
  });

  it("makes one row when the same day is logged twice at once", async () => {
    const date = addDays(today(), -40);
    const answers = await Promise.all([ana.post("/cycle/days", { date, flow: "light" }), ana.post("/cycle/days", { date, flow: "light" })]);
    for (const answer of answers) expect([200, 201]).toContain(answer.status);
    expect((await json(await ana.get(`/cycle/days?from=${date}&to=${date}`))).items).toHaveLength(1);
  });

  it("lists by date range, oldest first, with keyset pages", async () => {
    const base = addDays(today(), -200);
    for (let i = 0; i < 5; i++) expect((await ana.post("/cycle/days", { date: addDays(base, i), flow: "light" })).status).toBe(201);
    const first = await json(await ana.get(`/cycle/days?from=${base}&to=${addDays(base, 3)}&limit=3`));
    expect(first.items.map((d: { date: string }) => d.date)).toEqual([base, addDays(base, 1), addDays(base, 2)]);
    const second = await json(await ana.get(`/cycle/days?from=${base}&to=${addDays(base, 3)}&limit=3&cursor=${first.nextCursor}`));
    expect(second.items.map((d: { date: string }) => d.date)).toEqual([addDays(base, 3)]);
    expect(second.nextCursor).toBeNull();
  });

  it("moving two logs onto the same free date at once moves one and answers 409 to the other, never a 500", async () => {
    const date = addDays(today(), -250);
    const days = await Promise.all([0, 2].map(async (offset) => (await json(await ana.post("/cycle/days", { date: addDays(date, offset), flow: "light" }))).day));
    const target = addDays(date, 1);
    const moves = await Promise.all(days.map((d: { id: string }) => ana.patch(`/cycle/days/${d.id}`, { date: target })));
    expect(moves.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await json(moves.find((r) => r.status === 409)!)).error).toMatchObject({ code: "conflict", fields: { date: expect.any(String) } });
  });

  it("reads, changes and deletes one day by id", async () => {
    const date = addDays(today(), -300);
    const { day } = await json(await ana.post("/cycle/days", { date, flow: "spotting" }));
    expect((await json(await ana.get(`/cycle/days/${day.id}`))).day).toMatchObject({ id: day.id, date, flow: "spotting" });

    const patched = await ana.patch(`/cycle/days/${day.id}`, { flow: "none", mood: 5, notes: "melhor" });
    expect(patched.status).toBe(200);
    expect((await json(patched)).day).toMatchObject({ id: day.id, date, flow: "none", mood: 5, notes: "melhor" });

    // Moving it onto a day that has its own log would make two rows for one day.
    const other = (await json(await ana.post("/cycle/days", { date: addDays(date, 1), flow: "light" }))).day;
    const taken = await ana.patch(`/cycle/days/${day.id}`, { date: other.date });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toEqual({ code: "conflict", message: "Esse dia já tem um registo: edite-o em vez disso.", fields: { date: "Esse dia já tem um registo: edite-o em vez disso." } });
    const moved = await ana.patch(`/cycle/days/${day.id}`, { date: addDays(date, -1) });
    expect((await json(moved)).day.date).toBe(addDays(date, -1));

    expect((await ana.del(`/cycle/days/${day.id}`)).status).toBe(204);
    expect((await ana.get(`/cycle/days/${day.id}`)).status).toBe(404);
    expect((await ana.del(`/cycle/days/${day.id}`)).status).toBe(404);
  });

  it("refuses bad input with field messages in the user's language, and saves nothing", async () => {
    const date = addDays(today(), -500);
    const bad = await ana.post("/cycle/days", { date, flow: "torrential", symptoms: ["cramps", "hiccups"], mood: 6, notes: "x".repeat(2001) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toEqual({
      code: "validation_failed",
      message: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso.",
      fields: {
        flow: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso.",
        symptoms: "Escolha sintomas da lista.",
        mood: "O humor é um número de 1 a 5.",
        notes: "As notas têm no máximo 2000 caracteres.",
      },
    });
    const future = await ana.post("/cycle/days", { date: addDays(today(), 2), flow: "light" });
    expect(future.status).toBe(400);
    expect((await json(future)).error.fields).toEqual({ date: "Não pode registar um dia no futuro." });
    for (const body of [{ flow: "light" }, { date: "2026-02-30" }, { date: "30/01/2026" }, { date: "0226-11-01" }, { date: "1899-12-31" }, { date, mood: 2.5 }, { date, mood: "3" }, { date, symptoms: "cramps" }, { date, extra: 1 }]) {
      const response = await ana.post("/cycle/days", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await ana.post("/cycle/days", "{not json")).status).toBe(400);
    expect((await json(await ana.get(`/cycle/days?from=${date}&to=${date}`))).items).toEqual([]);
    expect((await ana.get("/cycle/days?from=2026-13-01")).status).toBe(400);
    expect((await ana.get("/cycle/days?limit=0")).status).toBe(400);

    const { day } = await json(await ana.post("/cycle/days", { date, flow: "light" }));
    expect((await ana.patch(`/cycle/days/${day.id}`, { date: addDays(today(), 3) })).status).toBe(400);
    // A year typed wrong makes a cycle of centuries on a month the calendar does not reach.
    expect((await ana.patch(`/cycle/days/${day.id}`, { date: "0226-11-01" })).status).toBe(400);
    expect((await ana.get("/cycle/days?from=1800-01-01&limit=1")).status).toBe(200);
    expect((await ana.patch(`/cycle/days/${day.id}`, {})).status).toBe(400);
    expect((await json(await ana.get(`/cycle/days/${day.id}`))).day.date).toBe(date);

    // English for an English speaker.
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: ruiCookie } });
    const english = await rui.post("/cycle/days", { date, mood: 0 });
    expect((await json(english)).error.fields).toEqual({ mood: "Mood is a number from 1 to 5." });
    await api("/me", { method: "PATCH", body: { language: "pt" }, headers: { cookie: ruiCookie } });
  });

  it("keeps each user's days to themselves: another user's ids answer 404", async () => {
    const date = addDays(today(), -600);
    const { day } = await json(await ana.post("/cycle/days", { date, flow: "heavy", notes: "privado" }));
    expect((await rui.get(`/cycle/days/${day.id}`)).status).toBe(404);
    expect((await rui.patch(`/cycle/days/${day.id}`, { flow: "none" })).status).toBe(404);
    expect((await rui.del(`/cycle/days/${day.id}`)).status).toBe(404);
    expect((await rui.get("/cycle/days/not%20an%20id")).status).toBe(404);
    expect((await json(await rui.get(`/cycle/days?from=${date}&to=${date}`))).items).toEqual([]);
    // Rui logging the same date makes his own row; Ana's is unchanged.
    expect((await rui.post("/cycle/days", { date, flow: "light" })).status).toBe(201);
    expect((await json(await ana.get(`/cycle/days/${day.id}`))).day).toMatchObject({ flow: "heavy", notes: "privado" });
  });

  it("needs a session", async () => {
    expect((await api("/cycle/days")).status).toBe(401);
    expect((await api("/cycle/predictions")).status).toBe(401);
  });
});

describe("POST /cycle/days/range", () => {
  const count = async (who: string, from: string, to: string) =>
    (await env.DB.prepare("select count(*) as n from cycle_days where user_id = ? and date between ? and ?").bind(await userIdOf(who), from, to).all<{ n: number }>()).results[0].n;

  it("logs a five-day period in one request: new days created, a logged one keeps its symptoms and notes, the days before answered for undo", async () => {
    const start = addDays(today(), -120);
    const end = addDays(start, 4);
    const { day: logged } = await json(await ana.post("/cycle/days", { date: addDays(start, 2), flow: "light", symptoms: ["cramps"], notes: "já estava" }));
    const response = await ana.post("/cycle/days/range", { start, end, flow: "medium" });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([0, 1, 2, 3, 4].map((i) => addDays(start, i)));
    expect(body.days.every((d: { flow: string }) => d.flow === "medium")).toBe(true);
    expect(body.days[2]).toMatchObject({ id: logged.id, symptoms: ["cramps"], notes: "já estava" });
    expect(body.days[0]).not.toHaveProperty("userId");
    expect(body.created).toHaveLength(4);
    expect(body.created).not.toContain(logged.id);
    expect(body.previous).toEqual([{ id: logged.id, date: addDays(start, 2), flow: "light" }]);
    expect(await count("ana@cycle.test", start, end)).toBe(5);

    // Logged again: the same rows (200), none doubled.
    const again = await ana.post("/cycle/days/range", { start, end, flow: "heavy" });
    expect(again.status).toBe(200);
    expect((await json(again)).created).toEqual([]);
    expect(await count("ana@cycle.test", start, end)).toBe(5);
  });

  it("reads the days before, writes and reads the days after in one D1 round trip", async () => {
    const calls: D1Call[] = [];
    const id = await userIdOf("rui@cycle.test");
    const start = addDays(today(), -3000);
    await env.DB.prepare("insert into cycle_days (id, user_id, date, flow, created_at, updated_at) values ('cd-rt', ?, ?, 'light', 1, 1)").bind(id, addDays(start, 1)).run();
    const result = await upsertFlowDays(database(countingD1(env.DB, calls)), id, [start, addDays(start, 1), addDays(start, 2)], "heavy", new Date());
    // Before: a read, the batch, and a read again (three trips on a phone's connection).
    expect(calls.map((c) => c.kind)).toEqual(["batch"]);
    expect(result.rows.map((r) => [r.date, r.flow])).toEqual([0, 1, 2].map((i) => [addDays(start, i), "heavy"]));
    expect(result.previous).toEqual([{ id: "cd-rt", date: addDays(start, 1), flow: "light" }]);
    expect(result.created).toHaveLength(2);
    expect(result.created).not.toContain("cd-rt");
  });

  it("without an end, logs an ongoing period up to today", async () => {
    const start = addDays(today(), -2);
    const response = await ana.post("/cycle/days/range", { start, flow: "heavy" });
    expect(response.status).toBe(201);
    expect((await json(response)).days.map((d: { date: string }) => d.date)).toEqual([start, addDays(start, 1), today()]);
  });

  it("refuses a bad range with the contract's 400 and writes nothing", async () => {
    const start = addDays(today(), -1500);
    const all = () => count("ana@cycle.test", "1800-01-01", "2999-12-31");
    const before = await all();
    const cases: [unknown, Record<string, string>][] = [
      [{ start, end: addDays(start, -1), flow: "light" }, { end: "O último dia não pode ser antes do primeiro." }],
      [{ start, end: addDays(start, 14), flow: "light" }, { end: "Um período tem no máximo 14 dias: verifique as datas." }],
      [{ start: addDays(today(), -20), flow: "light" }, { start: "Um período tem no máximo 14 dias: verifique as datas." }],
      [{ start: addDays(today(), -1), end: addDays(today(), 1), flow: "light" }, { end: "Não pode registar um dia no futuro." }],
      [{ start: addDays(today(), 1), flow: "light" }, { start: "Não pode registar um dia no futuro." }],
      [{ start: "1899-12-30", end: "1900-01-02", flow: "light" }, { start: "Indique uma data válida (AAAA-MM-DD)." }],
      [{ start, end: "2026-02-30", flow: "light" }, { end: "Indique uma data válida (AAAA-MM-DD)." }],
      [{ start, end: addDays(start, 2), flow: "none" }, { flow: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso." }],
      [{ start, end: addDays(start, 2), flow: "torrential" }, { flow: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso." }],
      [{ start, end: addDays(start, 2) }, { flow: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso." }],
      [{ start, end: addDays(start, 2), flow: "light", notes: "x" }, {}],
    ];
    for (const [body, fields] of cases) {
      const response = await ana.post("/cycle/days/range", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(typeof error.message).toBe("string");
      if (Object.keys(fields).length) expect(error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await ana.post("/cycle/days/range", "{not json")).status).toBe(400);
    // Not one day of any refused range: all or nothing.
    expect(await all()).toBe(before);
  });

  it("answers a retry with the same Idempotency-Key from the first answer, writing once", async () => {
    const start = addDays(today(), -700);
    const key = `cycle-range-${crypto.randomUUID()}`;
    const send = () => api("/cycle/days/range", { body: { start, end: addDays(start, 3), flow: "light" }, headers: { cookie: ruiCookie, "Idempotency-Key": key } });
    const first = await send();
    expect(first.status).toBe(201);
    const firstBody = await json(first);
    // Changed meanwhile: a replay must not write the range's flow over it again.
    await rui.patch(`/cycle/days/${firstBody.days[0].id}`, { flow: "heavy" });
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json(replay)).toEqual(firstBody);
    expect(await count("rui@cycle.test", start, addDays(start, 3))).toBe(4);
    expect((await json(await rui.get(`/cycle/days/${firstBody.days[0].id}`))).day.flow).toBe("heavy");
    // A single day's log and edit take a key too (the offline queue replays them).
    const dayKey = `cycle-day-${crypto.randomUUID()}`;
    const log = () => api("/cycle/days", { body: { date: addDays(start, 10), flow: "spotting" }, headers: { cookie: ruiCookie, "Idempotency-Key": dayKey } });
    expect((await log()).status).toBe(201);
    expect((await log()).headers.get("Idempotent-Replayed")).toBe("true");
    // And a delete: its replay answers the first 204, not a 404 the offline queue would show as refused.
    const deleteKey = `cycle-delete-${crypto.randomUUID()}`;
    const remove = () => api(`/cycle/days/${firstBody.days[1].id}`, { method: "DELETE", headers: { cookie: ruiCookie, "Idempotency-Key": deleteKey } });
    expect((await remove()).status).toBe(204);
    const replayed = await remove();
    expect(replayed.status).toBe(204);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("leaves another user's days as they were", async () => {
    const start = addDays(today(), -800);
    const { day } = await json(await ana.post("/cycle/days", { date: addDays(start, 1), flow: "spotting", notes: "da Ana" }));
    expect((await rui.post("/cycle/days/range", { start, end: addDays(start, 2), flow: "heavy" })).status).toBe(201);
    expect((await json(await ana.get(`/cycle/days/${day.id}`))).day).toMatchObject({ flow: "spotting", notes: "da Ana" });
    expect(await count("ana@cycle.test", start, addDays(start, 2))).toBe(1);
    expect(await count("rui@cycle.test", start, addDays(start, 2))).toBe(3);
    expect((await api("/cycle/days/range", { body: { start, flow: "light" } })).status).toBe(401);
  });
});

describe("GET /cycle/predictions", () => {
  it("answers the contract's shape, 28 days while fewer than two cycles exist", async () => {
    const cookie = await signUpAndLogIn("bia@cycle.test");
    const bia = as(cookie);
    const empty = await json(await bia.get("/cycle/predictions"));
    expect(empty).toMatchObject({ nextPeriodStart: null, range: null, ovulation: null, fertileWindow: null, averageCycleLength: 28, cycleLengths: [] });

    const start = addDays(today(), -10);
    for (let i = 0; i < 3; i++) await bia.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const one = await json(await bia.get("/cycle/predictions"));
    expect(one).toEqual({
      nextPeriodStart: addDays(start, 28),
      range: { start: addDays(start, 25), end: addDays(start, 31) },
      ovulation: addDays(start, 14),
      fertileWindow: { start: addDays(start, 9), end: addDays(start, 15) },
      averageCycleLength: 28,
      cycleLengths: [],
      periodStarts: [start],
    });
  });

  it("predicts from four logged periods, leaving out an outlier, and ignores days without flow", async () => {
    const cookie = await signUpAndLogIn("carla@cycle.test");
    const carla = as(cookie);
    // Starts 30, 10 (a mid-cycle bleed) + 21, 29 days apart; the last start 5 days ago.
    const last = addDays(today(), -5);
    const starts = [addDays(last, -90), addDays(last, -60), addDays(last, -50), addDays(last, -29), last];
    for (const start of starts) for (let i = 0; i < 2; i++) await carla.post("/cycle/days", { date: addDays(start, i), flow: "light" });
    await carla.post("/cycle/days", { date: addDays(last, -3), flow: "none", symptoms: ["cramps"] });
    const p = await json(await carla.get("/cycle/predictions"));
    // The bleed is left out and not counted from: the cycle after it runs from the start before it (10 + 21 days).
    expect(p.cycleLengths.map((c: { length: number; excluded: string | null }) => [c.length, c.excluded])).toEqual([
      [30, null],
      [10, "tooShort"],
      [31, null],
      [29, null],
    ]);
    // (30 + 31 + 29) / 3 = 30
    expect(p.averageCycleLength).toBe(30);
    expect(p.nextPeriodStart).toBe(addDays(last, 30));
    // Three cycles of 29–31 days: the range is at least two days either side of the prediction.
    expect(p.range).toEqual({ start: addDays(last, 28), end: addDays(last, 32) });
    expect(p.ovulation).toBe(addDays(last, 16));
  });

  it("leaves out a cycle about twice the usual one, a period probably not logged, and says when it was; logging it mends the cycles", async () => {
    const fia = as(await signUpAndLogIn("fia@cycle.test"));
    // 28, 27, 56 (the period about 28 days in not logged), 28 days apart; the last start 5 days ago.
    const last = addDays(today(), -5);
    const starts = [addDays(last, -139), addDays(last, -111), addDays(last, -84), addDays(last, -28), last];
    expect((await fia.post("/cycle/days/range", { start: starts[0], end: addDays(starts[0], 3), flow: "medium" })).status).toBe(201);
    for (const start of starts.slice(1)) expect((await fia.post("/cycle/days/range", { start, end: addDays(start, 3), flow: "medium" })).status).toBe(201);
    const p = await json(await fia.get("/cycle/predictions"));
    expect(p.cycleLengths).toEqual([
      { start: starts[0], end: starts[1], length: 28, excluded: null },
      { start: starts[1], end: starts[2], length: 27, excluded: null },
      { start: starts[2], end: starts[3], length: 56, excluded: "likelyMissed", missedStart: addDays(starts[2], 28) },
      { start: starts[3], end: starts[4], length: 28, excluded: null },
    ]);
    // (28 + 27 + 28) / 3 = 27.7 → 28 (counted, the 56 made it 35).
    expect(p.averageCycleLength).toBe(28);
    expect(p.nextPeriodStart).toBe(addDays(last, 28));

    // The period the screen offers to log, on the day it names: two cycles of 28 now.
    expect((await fia.post("/cycle/days/range", { start: p.cycleLengths[2].missedStart, end: addDays(p.cycleLengths[2].missedStart, 3), flow: "medium" })).status).toBe(201);
    const mended = await json(await fia.get("/cycle/predictions"));
    expect(mended.cycleLengths.map((c: { length: number; excluded: string | null }) => [c.length, c.excluded])).toEqual([
      [28, null],
      [27, null],
      [28, null],
      [28, null],
      [28, null],
    ]);
  });
});

describe("/cycle/long-cycles: the person's word that a long cycle was real (0113 \"Revised\")", () => {
  /** 28, 27, 56 and 28 days apart, the last start 5 days ago: the 56-day cycle is taken for a missed log. */
  async function withDoubleCycle(email: string) {
    const who = as(await signUpAndLogIn(email));
    const last = addDays(today(), -5);
    const starts = [addDays(last, -139), addDays(last, -111), addDays(last, -84), addDays(last, -28), last];
    for (const start of starts) expect((await who.post("/cycle/days/range", { start, end: addDays(start, 3), flow: "medium" })).status).toBe(201);
    return { who, starts, last };
  }

  it("counts the cycle once marked (201, then 200 for the same mark), and takes it back with DELETE", async () => {
    const { who, starts, last } = await withDoubleCycle("long-gil@cycle.test");
    const first = await who.post("/cycle/long-cycles", { start: starts[2] });
    expect(first.status).toBe(201);
    expect(await json(first)).toEqual({ longCycle: { start: starts[2] } });
    expect((await who.post("/cycle/long-cycles", { start: starts[2] })).status).toBe(200);
    const p = await json(await who.get("/cycle/predictions"));
    expect(p.cycleLengths[2]).toEqual({ start: starts[2], end: starts[3], length: 56, excluded: null, confirmedLong: true });
    // (28 + 27 + 56 + 28) / 4 = 34.75 → 35.
    expect(p.averageCycleLength).toBe(35);
    expect(p.nextPeriodStart).toBe(addDays(last, 35));
    // In the export, with the days.
    const exported = await json(await who.get("/me/export"));
    expect(JSON.stringify(exported)).toContain(starts[2]);

    expect((await who.del(`/cycle/long-cycles/${starts[2]}`)).status).toBe(204);
    expect((await json(await who.get("/cycle/predictions"))).cycleLengths[2].excluded).toBe("likelyMissed");
    const again = await who.del(`/cycle/long-cycles/${starts[2]}`);
    expect(again.status).toBe(404);
    expect((await json(again)).error).toMatchObject({ code: "not_found", message: "Esse ciclo não estava marcado como longo." });
  });

  it("ignores the mark once a period is logged inside that cycle", async () => {
    const { who, starts } = await withDoubleCycle("long-lia@cycle.test");
    expect((await who.post("/cycle/long-cycles", { start: starts[2] })).status).toBe(201);
    const missed = addDays(starts[2], 28);
    expect((await who.post("/cycle/days/range", { start: missed, end: addDays(missed, 3), flow: "medium" })).status).toBe(201);
    const p = await json(await who.get("/cycle/predictions"));
    expect(p.cycleLengths.map((c: { length: number; excluded: string | null; confirmedLong?: true }) => [c.length, c.excluded, c.confirmedLong ?? null])).toEqual([
      [28, null, null],
      [27, null, null],
      [28, null, null],
      [28, null, null],
      [28, null, null],
    ]);
    expect(p.averageCycleLength).toBe(28);
  });

  it("refuses bad input with the contract's 400 in the user's language, a start that begins none of the user's cycles with 404, and writes nothing", async () => {
    const { who, starts } = await withDoubleCycle("long-noa@cycle.test");
    for (const body of [{}, { start: "2026-02-30" }, { start: "30/01/2026" }, { start: "1899-12-31" }, { start: 20260101 }, { start: starts[2], extra: 1 }]) {
      const answer = await who.post("/cycle/long-cycles", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await json(answer)).error.code).toBe("validation_failed");
    }
    expect((await json(await who.post("/cycle/long-cycles", { start: "2026-02-30" }))).error.fields).toEqual({ start: "Indique uma data válida (AAAA-MM-DD)." });
    expect((await who.post("/cycle/long-cycles", "{not json")).status).toBe(400);
    expect((await who.del("/cycle/long-cycles/not-a-date")).status).toBe(400);
    // A day that begins no cycle (inside one; the last start, whose cycle has not ended).
    for (const start of [addDays(starts[2], 1), starts[4]]) {
      const answer = await who.post("/cycle/long-cycles", { start });
      expect(answer.status).toBe(404);
      expect((await json(answer)).error).toMatchObject({ code: "not_found", message: "Nenhum dos seus ciclos começa nesse dia." });
    }
    const { results } = await env.DB.prepare("select count(*) as n from cycle_long_cycles where user_id = ?").bind(await userIdOf("long-noa@cycle.test")).all<{ n: number }>();
    expect(results[0].n).toBe(0);
    // English for an English speaker.
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: ruiCookie } });
    expect((await json(await rui.post("/cycle/long-cycles", { start: starts[2] }))).error.message).toBe("None of your cycles starts on that day.");
    await api("/me", { method: "PATCH", body: { language: "pt" }, headers: { cookie: ruiCookie } });
  });

  it("keeps each user's marks to themselves: another user's cycle answers 404 and her mark stays", async () => {
    const { who, starts } = await withDoubleCycle("long-ivo@cycle.test");
    expect((await who.post("/cycle/long-cycles", { start: starts[2] })).status).toBe(201);
    // Rui has no cycle starting there, and no mark to take back.
    expect((await rui.post("/cycle/long-cycles", { start: starts[2] })).status).toBe(404);
    expect((await rui.del(`/cycle/long-cycles/${starts[2]}`)).status).toBe(404);
    expect((await json(await who.get("/cycle/predictions"))).cycleLengths[2].confirmedLong).toBe(true);
    expect((await api("/cycle/long-cycles", { body: { start: starts[2] } })).status).toBe(401);
  });

  it("answers a replay of the same Idempotency-Key from the first answer (the offline queue's), the mark and its undo alike", async () => {
    const cookie = await signUpAndLogIn("long-ema@cycle.test");
    const last = addDays(today(), -5);
    const starts = [addDays(last, -139), addDays(last, -111), addDays(last, -84), addDays(last, -28), last];
    for (const start of starts) await api("/cycle/days/range", { body: { start, end: addDays(start, 3), flow: "medium" }, headers: { cookie } });
    const mark = () => api("/cycle/long-cycles", { body: { start: starts[2] }, headers: { cookie, "Idempotency-Key": "long-cycle-mark-1" } });
    expect((await mark()).status).toBe(201);
    const replay = await mark();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const unmark = () => api(`/cycle/long-cycles/${starts[2]}`, { method: "DELETE", headers: { cookie, "Idempotency-Key": "long-cycle-unmark-1" } });
    expect((await unmark()).status).toBe(204);
    expect((await unmark()).status).toBe(204);
  });

});

describe("the period-expected reminder", () => {
  it("is sent once, two days before the predicted start from 09:00 local time, to the user only", async () => {
    const cookie = await signUpAndLogIn("dora@cycle.test");
    const dora = as(cookie);
    // The full text is what she chose (discreet is the default: see the tests below).
    expect((await dora.patch("/me", { preferences: { discreetCycleReminder: false } })).status).toBe(200);
    const last = addDays(today(), -20);
    for (const start of [addDays(last, -56), addDays(last, -28), last]) for (let i = 0; i < 3; i++) await dora.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const next = (await json(await dora.get("/cycle/predictions"))).nextPeriodStart;
    expect(next).toBe(addDays(last, 28));
    const doraId = await userIdOf("dora@cycle.test");
    const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`); // Lisbon is UTC+0 in winter, UTC+1 in summer
    const run = (now: Date) => runSchedule(EVERY_QUARTER_HOUR, env, now, { inline: true, jobs: [periodExpectedJob] });
    const reminders = async () =>
      (await env.DB.prepare("select title, message, type, action_url from notifications where user_id = ? and dedupe_key like 'cycle-period-expected:%'").bind(doraId).all()).results;

    // Three days before, and two days before at 06:00 UTC (before 09:00 in Lisbon all year): nothing.
    await run(at(addDays(next, -3), "12:00"));
    await run(at(addDays(next, -2), "06:00"));
    expect(await reminders()).toEqual([]);

    await run(at(addDays(next, -2), "10:30"));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: "Período previsto em breve", type: "reminder", action_url: "/app/ciclo-menstrual" });
    expect(sent[0].message).toContain("não um método contracetivo");

    // Later runs (the same day, the day before) raise nothing new.
    await run(at(addDays(next, -2), "10:45"));
    const again = await run(at(addDays(next, -1), "11:00"));
    expect(again["cycle-period-expected"]).not.toHaveProperty("error");
    expect(await reminders()).toHaveLength(1);
    // The others (Ana has a period logged long ago; Bia's next start is weeks away) got none.
    const { results } = await env.DB.prepare("select count(*) as n from notifications where dedupe_key like 'cycle-period-expected:%'").all<{ n: number }>();
    expect(results[0].n).toBe(1);
  });

  it("writes the date as the rest of the English app does (en-US: \"December 9\", not \"9 December\")", async () => {
    const cookie = await signUpAndLogIn("eva@cycle.test");
    const eva = as(cookie);
    expect((await eva.patch("/me", { language: "en", preferences: { discreetCycleReminder: false } })).status).toBe(200);
    const last = addDays(today(), -20);
    for (const start of [addDays(last, -56), addDays(last, -28), last]) for (let i = 0; i < 3; i++) await eva.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const next: string = (await json(await eva.get("/cycle/predictions"))).nextPeriodStart;
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${addDays(next, -2)}T10:30:00Z`), { inline: true, jobs: [periodExpectedJob] });
    const { results } = await env.DB.prepare("select message from notifications where user_id = ? and dedupe_key like 'cycle-period-expected:%'").bind(await userIdOf("eva@cycle.test")).all<{ message: string }>();
    const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    const [, month, day] = next.split("-").map(Number);
    expect(results).toHaveLength(1);
    expect(results[0].message).toContain(`${months[month - 1]} ${day}`);
  });

  // It used to expire at midnight UTC: 09:00 in Tokyo, the afternoon before in Los Angeles.
  it("expires at the end of the user's own day, two days after the predicted start, not at midnight UTC", async () => {
    const cookie = await signUpAndLogIn("yuki@cycle.test");
    const yuki = as(cookie);
    expect((await yuki.patch("/me", { timeZone: "Asia/Tokyo" })).status).toBe(200);
    const last = addDays(today(), -20);
    for (const start of [addDays(last, -56), addDays(last, -28), last]) for (let i = 0; i < 3; i++) await yuki.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const next: string = (await json(await yuki.get("/cycle/predictions"))).nextPeriodStart;
    // 12:00 in Tokyo, two days before.
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${addDays(next, -2)}T03:00:00Z`), { inline: true, jobs: [periodExpectedJob] });
    const { results } = await env.DB.prepare("select expires_at from notifications where user_id = ? and dedupe_key like 'cycle-period-expected:%'")
      .bind(await userIdOf("yuki@cycle.test"))
      .all<{ expires_at: number }>();
    expect(results).toHaveLength(1);
    expect(new Date(results[0].expires_at).toISOString()).toBe(new Date(`${addDays(next, 3)}T00:00:00+09:00`).toISOString());
  });

  // Deleting it removed its dedupe key: the next quarter-hour sent it again, and again, for two days.
  it("stays gone once the user deletes it: later runs do not send it again", async () => {
    const cookie = await signUpAndLogIn("gina@cycle.test");
    const gina = as(cookie);
    const last = addDays(today(), -20);
    for (const start of [addDays(last, -56), addDays(last, -28), last]) for (let i = 0; i < 3; i++) await gina.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const next: string = (await json(await gina.get("/cycle/predictions"))).nextPeriodStart;
    const ginaId = await userIdOf("gina@cycle.test");
    const run = (hhmm: string, day = addDays(next, -2)) => runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T${hhmm}:00Z`), { inline: true, jobs: [periodExpectedJob] });
    const sent = async () => (await env.DB.prepare("select id from notifications where user_id = ? and dedupe_key like 'cycle-period-expected:%'").bind(ginaId).all<{ id: string }>()).results;

    await run("10:30");
    const [reminder] = await sent();
    expect(reminder).toBeDefined();
    expect((await gina.del(`/notifications/${reminder.id}`)).status).toBe(204);
    await run("10:45");
    await run("15:00");
    await run("10:30", addDays(next, -1));
    expect(await sent()).toEqual([]);
  });

  // Its text said "Período previsto em breve … previsto para 9 de dezembro" on lock screens, in the
  // bell of a shared screen and in e-mail, and the e-mail printed a link to /app/ciclo-menstrual.
  const CYCLE_WORDS = /per[ií]od|menstrua|ciclo|cycle|contracet|contracep|f[ée]rtil|ovula/i;
  it("is discreet by default: its notification and e-mail say nothing of periods, in either language", async () => {
    const cookie = await signUpAndLogIn("lia@cycle.test");
    const lia = as(cookie);
    // E-mailed at once, as the reminder preference allows.
    const preference = { inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "instant", quietHoursStart: null, quietHoursEnd: null };
    expect((await api("/notification-preferences", { method: "PUT", body: { items: [{ notificationType: "reminder", ...preference }] }, headers: { cookie } })).status).toBe(200);
    const last = addDays(today(), -20);
    for (const start of [addDays(last, -56), addDays(last, -28), last]) for (let i = 0; i < 3; i++) await lia.post("/cycle/days", { date: addDays(start, i), flow: "medium" });
    const next: string = (await json(await lia.get("/cycle/predictions"))).nextPeriodStart;
    const before = (await mailsTo("lia@cycle.test")).length;
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${addDays(next, -2)}T10:30:00Z`), { inline: true, jobs: [periodExpectedJob] });

    const { results } = await env.DB.prepare("select title, message, action_url, metadata from notifications where user_id = ? and dedupe_key like 'cycle-period-expected:%'")
      .bind(await userIdOf("lia@cycle.test"))
      .all<{ title: string; message: string; action_url: string; metadata: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ title: "Tem um lembrete no Rumo", action_url: "/app/lembrete" });
    // The stored texts of every language (the bell shows the reader's), the link, the e-mail.
    for (const text of [results[0].title, results[0].message, results[0].action_url, results[0].metadata]) expect(text).not.toMatch(CYCLE_WORDS);
    expect(results[0].metadata).toContain("You have a reminder in Rumo");
    const listed = (await json(await lia.get("/notifications"))).items as { title: string; message: string }[];
    expect(listed.map((n) => `${n.title} ${n.message}`).join(" ")).not.toMatch(CYCLE_WORDS);
    const mails = await mailsTo("lia@cycle.test");
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toBe("Tem um lembrete no Rumo");
    for (const part of [mails[0].subject, mails[0].text, mails[0].html]) expect(part).not.toMatch(CYCLE_WORDS);
    // Its link (/app/lembrete) leads to the cycle screen: tests/e2e/cycle.spec.ts follows it.
  });

  it("takes discreetCycleReminder as a boolean preference only", async () => {
    const cookie = await signUpAndLogIn("mia@cycle.test");
    const mia = as(cookie);
    expect((await mia.patch("/me", { preferences: { discreetCycleReminder: "sim" } })).status).toBe(400);
    expect((await mia.patch("/me", { preferences: { discreetCycleReminder: false } })).status).toBe(200);
    const { results } = await env.DB.prepare("select preferences from users where id = ?").bind(await userIdOf("mia@cycle.test")).all<{ preferences: string }>();
    expect(JSON.parse(results[0].preferences)).toMatchObject({ discreetCycleReminder: false });
    // null removes it: discreet again, the default.
    expect((await mia.patch("/me", { preferences: { discreetCycleReminder: null } })).status).toBe(200);
  });

  it("is declared on a schedule of wrangler.toml's triggers", () => {
    expect(periodExpectedJob.schedule).toBe(EVERY_QUARTER_HOUR);
  });
});
