import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cronJobs, NIGHTLY, runSchedule } from "@worker/cron/registry";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

let ana: string;
let rui: string;
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;
const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;
const send = (cookie: string, path: string, body: unknown, key?: string, method = "POST") =>
  api(path, { method, body, headers: { cookie, ...(key ? { "Idempotency-Key": key } : {}) } });

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@idempotency.test");
  rui = await signUpAndLogIn("rui@idempotency.test");
});

/**
 * Every write the offline queue replays: sent twice with one key it writes once and answers the
 * first answer again. `rows` counts what the write leaves in the database.
 */
const covered: { name: string; setup?: (cookie: string) => Promise<string>; path: (id: string) => string; method: string; body: unknown; rows: (userId: string, id: string) => Promise<number> }[] = [
  {
    name: "POST /tasks",
    path: () => "/tasks",
    method: "POST",
    body: { title: "Comprar pão" },
    rows: (userId) => count("select count(*) as n from tasks where user_id = ? and title = 'Comprar pão'", userId),
  },
  {
    name: "PATCH /tasks/:id (complete a recurring task: the next one is created once)",
    setup: async (cookie) => (await json(await send(cookie, "/tasks", { title: "Regar plantas", dueDate: "2026-11-20", recurrence: "FREQ=DAILY" }))).task.id,
    path: (id) => `/tasks/${id}`,
    method: "PATCH",
    body: { status: "done" },
    rows: (userId) => count("select count(*) as n from tasks where user_id = ? and title = 'Regar plantas'", userId),
  },
  {
    name: "POST /transactions",
    path: () => "/transactions",
    method: "POST",
    body: { type: "expense", amountCents: 1234, description: "Café offline", date: "2026-11-20", category: "groceries" },
    rows: (userId) => count("select count(*) as n from transactions where user_id = ? and description = 'Café offline'", userId),
  },
  {
    name: "PATCH /transactions/:id",
    setup: async (cookie) => (await json(await send(cookie, "/transactions", { type: "expense", amountCents: 500, description: "Pão", date: "2026-11-20", category: "groceries" }))).transaction.id,
    path: (id) => `/transactions/${id}`,
    method: "PATCH",
    body: { description: "Pão editado sem rede", amountCents: 650 },
    rows: (userId) => count("select count(*) as n from transactions where user_id = ? and description = 'Pão editado sem rede'", userId),
  },
  {
    name: "POST /diary",
    path: () => "/diary",
    method: "POST",
    body: { title: "Dia calmo", content: "Escrito sem rede", date: "2026-11-20" },
    rows: (userId) => count("select count(*) as n from diary_entries where user_id = ? and title = 'Dia calmo'", userId),
  },
  {
    name: "PATCH /diary/:id",
    setup: async (cookie) => (await json(await send(cookie, "/diary", { title: "Rascunho", content: "a", date: "2026-11-19" }))).entry.id,
    path: (id) => `/diary/${id}`,
    method: "PATCH",
    body: { content: "Editado sem rede" },
    rows: (userId) => count("select count(*) as n from diary_entries where user_id = ? and content = 'Editado sem rede'", userId),
  },
  {
    name: "POST /routines/:id/check-ins",
    setup: async (cookie) => (await json(await send(cookie, "/routines", { title: "Alongar", category: "body", frequency: "daily", durationMinutes: 5 }))).routine.id,
    path: (id) => `/routines/${id}/check-ins`,
    method: "POST",
    body: {},
    rows: (userId, id) => count("select count(*) as n from routine_check_ins where user_id = ? and routine_id = ?", userId, id),
  },
  {
    name: "POST /routines/:id/steps/:stepId/ticks (the last step ticked checks the day in once, 0112)",
    setup: async (cookie) => {
      const { routine } = await json(await send(cookie, "/routines", { title: "Manhã", steps: [{ text: "Beber água" }] }));
      return `${routine.id}/steps/${routine.steps[0].id}`;
    },
    path: (id) => `/routines/${id}/ticks`,
    method: "POST",
    body: {},
    rows: (userId, id) =>
      count("select (select count(*) from routine_step_ticks where user_id = ?1 and routine_id = ?2) + (select count(*) from routine_check_ins where user_id = ?1 and routine_id = ?2) as n", userId, id.split("/")[0]),
  },
  {
    name: "POST /events",
    path: () => "/events",
    method: "POST",
    body: { title: "Dentista offline", start: "2026-11-20T10:00:00Z", end: "2026-11-20T11:00:00Z", timeZone: "Europe/Lisbon" },
    rows: (userId) => count("select count(*) as n from events where user_id = ? and title = 'Dentista offline'", userId),
  },
  {
    name: "PATCH /events/:id",
    setup: async (cookie) => (await json(await send(cookie, "/events", { title: "Reunião", start: "2026-11-21T10:00:00Z", end: "2026-11-21T11:00:00Z" }))).event.id,
    path: (id) => `/events/${id}`,
    method: "PATCH",
    body: { title: "Reunião editada sem rede" },
    rows: (userId) => count("select count(*) as n from events where user_id = ? and title = 'Reunião editada sem rede'", userId),
  },
  {
    name: "PATCH /events/:id?occurrence=&scope=one (one occurrence of a series: one override)",
    setup: async (cookie) =>
      (await json(await send(cookie, "/events", { title: "Ginásio", start: "2026-11-23T18:00:00Z", end: "2026-11-23T19:00:00Z", timeZone: "UTC", rrule: "FREQ=WEEKLY" }))).event.id,
    path: (id) => `/events/${id}?occurrence=${encodeURIComponent("2026-11-30T18:00:00Z")}&scope=one`,
    method: "PATCH",
    body: { title: "Ginásio (só esta)" },
    rows: (userId, id) => count("select count(*) as n from events where user_id = ? and series_id = ?", userId, id),
  },
  {
    name: "PATCH /goals/:id (progress to 100: completed, and its notification raised, once)",
    setup: async (cookie) => (await json(await send(cookie, "/goals", { title: "Correr 10 km" }))).id,
    path: (id) => `/goals/${id}`,
    method: "PATCH",
    body: { progress: 100 },
    rows: (userId, id) => count("select count(*) as n from notifications where user_id = ? and type = 'goal_progress' and metadata like ?", userId, `%${id}%`),
  },
  {
    name: "PATCH /goals/:id/milestones/:mid (the last milestone ticked completes the goal once)",
    setup: async (cookie) => {
      const goal = await json(await send(cookie, "/goals", { title: "Ler 3 livros", milestones: ["Primeiro"] }));
      return `${goal.id}/milestones/${goal.milestones[0].id}`;
    },
    path: (id) => `/goals/${id}`,
    method: "PATCH",
    body: { done: true },
    rows: (userId, id) => count("select count(*) as n from notifications where user_id = ? and type = 'goal_progress' and metadata like ?", userId, `%${id.split("/")[0]}%`),
  },
];

describe("Idempotency-Key on the writes the offline queue replays", () => {
  for (const write of covered) {
    it(`${write.name}: a replay answers the stored answer and writes nothing more`, async () => {
      const userId = await userIdOf("ana@idempotency.test");
      const id = write.setup ? await write.setup(ana) : "";
      const before = await write.rows(userId, id);
      const key = newKey();
      const first = await send(ana, write.path(id), write.body, key, write.method);
      expect(first.status).toBeLessThan(300);
      const firstBody = await first.text();
      const after = await write.rows(userId, id);
      expect(after).toBeGreaterThan(before - (write.method === "PATCH" ? 1 : 0));

      const replay = await send(ana, write.path(id), write.body, key, write.method);
      expect(replay.status).toBe(first.status);
      expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await replay.text()).toBe(firstBody);
      expect(await write.rows(userId, id)).toBe(after);
    });
  }

  it("without a key the same write is done twice (the header is what makes a replay safe)", async () => {
    const userId = await userIdOf("ana@idempotency.test");
    const body = { title: "Sem chave" };
    await send(ana, "/tasks", body);
    await send(ana, "/tasks", body);
    expect(await count("select count(*) as n from tasks where user_id = ? and title = 'Sem chave'", userId)).toBe(2);
  });

  it("refuses the same key with another body or path with 409 in the contract's shape", async () => {
    const key = newKey();
    expect((await send(ana, "/tasks", { title: "Primeira" }, key)).status).toBe(201);
    const other = await send(ana, "/tasks", { title: "Outra" }, key);
    expect(other.status).toBe(409);
    const { error } = await json(other);
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/chave de idempotência já foi usada/);
    const elsewhere = await send(ana, "/transactions", { type: "income", amountCents: 100, date: "2026-11-20", category: "salary" }, key);
    expect(elsewhere.status).toBe(409);
  });

  it("an event edit's key names its occurrence: the same key and body for another occurrence is refused, not replayed", async () => {
    const series = (await json(await send(ana, "/events", { title: "Aula", start: "2026-11-24T09:00:00Z", end: "2026-11-24T10:00:00Z", timeZone: "UTC", rrule: "FREQ=WEEKLY" }))).event;
    const key = newKey();
    const one = (occurrence: string) => `/events/${series.id}?occurrence=${encodeURIComponent(occurrence)}&scope=one`;
    expect((await send(ana, one("2026-12-01T09:00:00Z"), { title: "Aula mudada" }, key, "PATCH")).status).toBe(200);
    const other = await send(ana, one("2026-12-08T09:00:00Z"), { title: "Aula mudada" }, key, "PATCH");
    expect(other.status).toBe(409);
    expect((await json(other)).error.code).toBe("conflict");
    const wholeSeries = await send(ana, `/events/${series.id}`, { title: "Aula mudada" }, key, "PATCH");
    expect(wholeSeries.status).toBe(409);
  });

  it("answers 409 (retry later) while the first request with the key has no answer yet", async () => {
    const userId = await userIdOf("ana@idempotency.test");
    const key = newKey();
    const body = JSON.stringify({ title: "Em curso" });
    const { encodeHexLowerCase } = await import("@oslojs/encoding");
    const hash = encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`POST /api/v1/tasks\n${body}`))));
    await env.DB.prepare("insert into idempotency_keys (user_id, key, request_hash, method, path) values (?, ?, ?, 'POST', '/api/v1/tasks')").bind(userId, key, hash).run();
    const response = await api("/tasks", { body, headers: { cookie: ana, "Idempotency-Key": key } });
    expect(response.status).toBe(409);
    expect(response.headers.get("Retry-After")).toBe("2");
    expect((await json(response)).error.message).toMatch(/ainda está a ser processado/);
  });

  it("keeps keys per user: another user's identical key is a new write", async () => {
    const key = newKey();
    expect((await send(ana, "/tasks", { title: "Partilhada" }, key)).status).toBe(201);
    const second = await send(rui, "/tasks", { title: "Partilhada" }, key);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await count("select count(*) as n from tasks where user_id = ? and title = 'Partilhada'", await userIdOf("rui@idempotency.test"))).toBe(1);
  });

  it("does not keep failed answers: a rejected write (validation, 404, 402) can be retried with its key", async () => {
    const key = newKey();
    const invalid = await send(ana, "/transactions", { type: "expense", amountCents: -5, date: "2026-11-20", category: "X" }, key);
    expect(invalid.status).toBe(400);
    const fixed = await send(ana, "/transactions", { type: "expense", amountCents: -5, date: "2026-11-20", category: "X" }, key);
    expect(fixed.status).toBe(400);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();

    const missing = await send(ana, "/tasks/does-not-exist", { status: "done" }, newKey(), "PATCH");
    expect(missing.status).toBe(404);

    const cookie = await signUpAndLogIn("lapsed@idempotency.test");
    const routine = (await json(await send(cookie, "/routines", { title: "Ler", category: "mind", frequency: "daily", durationMinutes: 10 }))).routine;
    await endTrial(await userIdOf("lapsed@idempotency.test"));
    const paidKey = newKey();
    expect((await send(cookie, `/routines/${routine.id}/check-ins`, {}, paidKey)).status).toBe(402);
    expect(await count("select count(*) as n from idempotency_keys where key = ?", paidKey)).toBe(0);
  });

  it("refuses a malformed key with a localised field error", async () => {
    const response = await send(ana, "/tasks", { title: "x" }, "curta");
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe("validation_failed");
    expect(error.fields["Idempotency-Key"]).toMatch(/Chave inválida/);
  });

  it("forgets keys after a day in the nightly job; a key older than a day counts as new", async () => {
    expect(cronJobs.some((job) => job.name === "cleanup-idempotency-keys" && job.schedule === NIGHTLY)).toBe(true);
    const userId = await userIdOf("ana@idempotency.test");
    const key = newKey();
    expect((await send(ana, "/tasks", { title: "Antiga" }, key)).status).toBe(201);
    await env.DB.prepare("update idempotency_keys set created_at = ? where key = ?").bind(Date.now() - 25 * 3_600_000, key).run();
    // Past the day the key is new again (the client never replays that late: it makes a new key).
    expect((await send(ana, "/tasks", { title: "Antiga" }, key)).headers.get("Idempotent-Replayed")).toBeNull();
    await env.DB.prepare("update idempotency_keys set created_at = ? where key = ?").bind(Date.now() - 25 * 3_600_000, key).run();
    const fresh = newKey();
    await send(ana, "/tasks", { title: "Recente" }, fresh);
    await runSchedule(NIGHTLY, env, new Date(), { inline: true });
    expect(await count("select count(*) as n from idempotency_keys where key = ?", key)).toBe(0);
    expect(await count("select count(*) as n from idempotency_keys where key = ? and user_id = ?", fresh, userId)).toBe(1);
  });
});
