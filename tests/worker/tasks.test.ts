import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApi, PLATFORM_BODY_RULES } from "@worker/api";
import { loadSession } from "@worker/auth/middleware";
import { EVERY_QUARTER_HOUR, runSchedule } from "@worker/cron/registry";
import { database } from "@worker/db/client";
import { handleError } from "@worker/lib/errors";
import { limitBodies } from "@worker/middleware/body";
import { requestContext } from "@worker/middleware/request-context";
import { WORKER_MODULES } from "@worker/modules";
import { bodyRulesOf } from "@worker/modules/registry";
import { createTasksApi } from "@worker/modules/tasks/api";
import { userTimeline } from "@worker/modules/timeline";
import { known } from "@worker/db/reads";
import type { TimelineItem, WorkerModule } from "@worker/modules/types";
import type { AppEnv } from "@worker/types";
import { authenticate } from "@worker/auth/middleware";
import { userIdOf } from "./billing-helpers";
import { countingD1, type D1Call } from "./counting-bindings";
import { json, ORIGIN, signUpAndLogIn } from "./helpers";

// Busy time of another module (the calendar's events arrive from another branch): a throwaway
// module whose timeline answers what each test puts here, per user id.
const otherItems = new Map<string, TimelineItem[]>();
const busyModule: WorkerModule = {
  key: "busy-sample",
  searchTypes: [],
  timeline: (_db, userId) =>
    known((range) => (otherItems.get(userId) ?? []).filter((item) => item.allDay || (Date.parse(item.start) < range.to.getTime() && Date.parse(item.end) > range.from.getTime()))),
};
const modules: WorkerModule[] = WORKER_MODULES.map((m) => (m.key === "tasks" ? { ...m, api: { mount: "/tasks", app: createTasksApi(() => modules) } } : m));
modules.push(busyModule);

const root = new Hono<AppEnv>()
  .onError(handleError)
  .use("*", requestContext)
  .use("*", limitBodies(bodyRulesOf(modules, PLATFORM_BODY_RULES)))
  .use("*", loadSession)
  .route("/api/v1", buildApi(modules));

const call = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
  root.request(
    `${ORIGIN}/api/v1${path}`,
    {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { origin: ORIGIN, cookie, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
      body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
    },
    env,
    createExecutionContext(),
  );
const create = async (cookie: string, body: Record<string, unknown>) => {
  const response = await call("/tasks", cookie, { body });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await json(response)).task;
};
const busy = (start: string, end: string, extra: Partial<TimelineItem> = {}): TimelineItem => ({
  module: "busy-sample",
  id: `${start}`,
  occurrenceStart: start,
  title: "Reunião",
  start,
  end,
  allDay: false,
  busy: true,
  url: "/app/calendario",
  ...extra,
});

// Monday 23 November 2026, 08:00 in Lisbon (UTC+0 in winter): before the default 09:00–18:00.
const MONDAY_8AM = new Date("2026-11-23T08:00:00Z");

let alice: string;
let bruno: string;
let aliceId: string;
let brunoId: string;
beforeAll(async () => {
  alice = await signUpAndLogIn("alice@tasks.test");
  bruno = await signUpAndLogIn("bruno@tasks.test");
  aliceId = await userIdOf("alice@tasks.test");
  brunoId = await userIdOf("bruno@tasks.test");
  // Only Date is faked: D1, KV and the Durable Objects keep their real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  vi.setSystemTime(MONDAY_8AM);
  otherItems.clear();
  await env.DB.prepare("delete from tasks").run();
  await env.DB.prepare("update users set time_zone = 'Europe/Lisbon', language = 'pt', preferences = '{}'").run();
});

describe("tasks CRUD", () => {
  it("creates with defaults, reads, changes and deletes a task", async () => {
    const task = await create(alice, { title: "  Preparar relatório  ", dueDate: "2026-11-25" });
    expect(task).toMatchObject({
      title: "Preparar relatório",
      description: "",
      priority: "medium",
      durationMinutes: 30,
      dueDate: "2026-11-25",
      status: "todo",
      scheduledStart: null,
      scheduledEnd: null,
      recurrence: null,
      completedAt: null,
      overdue: false,
    });
    expect(task).not.toHaveProperty("userId");
    expect((await json(await call(`/tasks/${task.id}`, alice))).task.id).toBe(task.id);

    const patched = await call(`/tasks/${task.id}`, alice, { method: "PATCH", body: { priority: "high", status: "in_progress", scheduledStart: "2026-11-24T10:00:00+01:00", durationMinutes: 45 } });
    expect(patched.status).toBe(200);
    expect((await json(patched)).task).toMatchObject({ priority: "high", status: "in_progress", scheduledStart: "2026-11-24T09:00:00.000Z", scheduledEnd: "2026-11-24T09:45:00.000Z" });

    const done = await json(await call(`/tasks/${task.id}`, alice, { method: "PATCH", body: { status: "done" } }));
    expect(done.task.completedAt).toBe(MONDAY_8AM.toISOString());
    expect(done.next).toBeNull();
    const reopened = await json(await call(`/tasks/${task.id}`, alice, { method: "PATCH", body: { status: "todo" } }));
    expect(reopened.task.completedAt).toBeNull();

    expect((await call(`/tasks/${task.id}`, alice, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/tasks/${task.id}`, alice)).status).toBe(404);
    expect((await call(`/tasks/${task.id}`, alice, { method: "DELETE" })).status).toBe(404);
  });

  it("marks tasks past their due date (in the user's zone) as overdue until done", async () => {
    const late = await create(alice, { title: "Pagar água", dueDate: "2026-11-22" });
    const today = await create(alice, { title: "Ligar ao banco", dueDate: "2026-11-23" });
    expect(late.overdue).toBe(true);
    expect(today.overdue).toBe(false);
    const done = await json(await call(`/tasks/${late.id}`, alice, { method: "PATCH", body: { status: "done" } }));
    expect(done.task.overdue).toBe(false);
  });

  it("lists pending tasks by due date then priority, with keyset pages and a status filter", async () => {
    const later = await create(alice, { title: "Depois", dueDate: "2026-11-30" });
    const none = await create(alice, { title: "Sem data" });
    const soonLow = await create(alice, { title: "Em breve, baixa", dueDate: "2026-11-24", priority: "low" });
    const soonHigh = await create(alice, { title: "Em breve, alta", dueDate: "2026-11-24", priority: "high" });
    const done = await create(alice, { title: "Feita", status: "done" });
    await create(bruno, { title: "Do Bruno" });

    const first = await json(await call("/tasks?limit=2&status=todo,in_progress", alice));
    expect(first.items.map((t: { id: string }) => t.id)).toEqual([soonHigh.id, soonLow.id]);
    const second = await json(await call(`/tasks?limit=2&status=todo,in_progress&cursor=${first.nextCursor}`, alice));
    expect(second.items.map((t: { id: string }) => t.id)).toEqual([later.id, none.id]);
    expect(second.nextCursor).toBeNull();
    expect((await json(await call("/tasks?status=done", alice))).items.map((t: { id: string }) => t.id)).toEqual([done.id]);
    expect((await json(await call("/tasks", alice))).items).toHaveLength(5);
  });

  it("answers the day timeline of a local date: tasks scheduled in it, by start, in the user's zone", async () => {
    await env.DB.prepare("update users set time_zone = 'America/New_York' where id = ?").bind(aliceId).run();
    // 23 Nov in New York is [05:00Z, 05:00Z next day).
    const early = await create(alice, { title: "Cedo", scheduledStart: "2026-11-23T05:00:00Z" });
    const late = await create(alice, { title: "Tarde", scheduledStart: "2026-11-24T04:30:00Z" });
    await create(alice, { title: "Dia anterior", scheduledStart: "2026-11-23T04:59:00Z" });
    await create(alice, { title: "Por agendar" });
    const day = await json(await call("/tasks?date=2026-11-23", alice));
    expect(day.items.map((t: { id: string }) => t.id)).toEqual([early.id, late.id]);
  });
});

describe("bad input", () => {
  it("refuses a missing, empty or over-long title with the specification's message, in pt and en", async () => {
    for (const body of [{}, { title: "" }, { title: "   " }]) {
      const response = await call("/tasks", alice, { body });
      expect(response.status).toBe(400);
      expect((await json(response)).error).toEqual({ code: "validation_failed", message: "O título da tarefa é obrigatório", fields: { title: "O título da tarefa é obrigatório" } });
    }
    const long = await json(await call("/tasks", alice, { body: { title: "x".repeat(201) } }));
    expect(long.error.fields.title).toBe("O título pode ter no máximo 200 caracteres.");
    await create(alice, { title: "x".repeat(200) });

    await env.DB.prepare("update users set language = 'en' where id = ?").bind(aliceId).run();
    const english = await json(await call("/tasks", alice, { body: { title: "" } }));
    expect(english.error.fields.title).toBe("The task title is required");
  });

  it("refuses dates that do not exist and wrong types with field messages in both languages, saving nothing", async () => {
    const response = await call("/tasks", alice, { body: { title: "Renda", dueDate: "2026-02-30" } });
    expect(response.status).toBe(400);
    expect((await json(response)).error.fields).toEqual({ dueDate: "Data inválida: use uma data que exista (AAAA-MM-DD)." });
    const types = await json(await call("/tasks", alice, { body: { title: "Renda", durationMinutes: "trinta", priority: "urgent", scheduledStart: "amanhã" } }));
    expect(Object.keys(types.error.fields).sort()).toEqual(["durationMinutes", "priority", "scheduledStart"]);
    expect(types.error.fields.durationMinutes).toBe("Indique uma duração de 5 a 1440 minutos.");
    expect((await call("/tasks", alice, { body: { title: "Renda", durationMinutes: 0 } })).status).toBe(400);
    expect((await call("/tasks", alice, { body: { title: "Renda", durationMinutes: 1441 } })).status).toBe(400);
    expect((await call("/tasks", alice, { body: { title: "Renda", userId: brunoId } })).status).toBe(400);
    expect((await call("/tasks", alice, { body: "{not json" })).status).toBe(400);
    expect((await call("/tasks?date=2026-02-30", alice)).status).toBe(400);
    expect((await call("/tasks?status=later", alice)).status).toBe(400);

    await env.DB.prepare("update users set language = 'en' where id = ?").bind(aliceId).run();
    const english = await json(await call("/tasks", alice, { body: { title: "Rent", dueDate: "2026-02-30" } }));
    expect(english.error.fields).toEqual({ dueDate: "Invalid date: use a date that exists (YYYY-MM-DD)." });
    expect((await json(await call("/tasks", alice))).items).toEqual([]);
  });

  it("refuses a recurrence without a due date, one that repeats by the hour, or one the library rejects", async () => {
    const noDate = await json(await call("/tasks", alice, { body: { title: "Ginásio", recurrence: "FREQ=DAILY" } }));
    expect(noDate.error.fields).toEqual({ dueDate: "Uma tarefa repetida precisa de data." });
    for (const recurrence of ["FREQ=HOURLY", "FREQ=SOMETIMES", "FREQ=DAILY;COUNT=3", "RRULE:FREQ=DAILY"]) {
      const response = await call("/tasks", alice, { body: { title: "Ginásio", dueDate: "2026-11-23", recurrence } });
      expect(response.status, recurrence).toBe(400);
      expect((await json(response)).error.fields, recurrence).toEqual({ recurrence: "Repetição inválida." });
    }
    const task = await create(alice, { title: "Ginásio", dueDate: "2026-11-23", recurrence: "FREQ=DAILY" });
    // Removing the due date of a recurring task would leave its rule without a start.
    expect((await call(`/tasks/${task.id}`, alice, { method: "PATCH", body: { dueDate: null } })).status).toBe(400);
    expect((await json(await call("/tasks", alice))).items).toHaveLength(1);
  });

  it("names a repeated task's missing date together with the other fields' problems, in one answer", async () => {
    // "Todos os meses" without a date and a 2-minute duration: both are said at once, not one per try.
    const response = await call("/tasks", alice, { body: { title: "Pagar a renda", durationMinutes: 2, recurrence: "FREQ=MONTHLY" } });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({ durationMinutes: "Indique uma duração de 5 a 1440 minutos.", dueDate: "Uma tarefa repetida precisa de data." });
    // A date that does not exist is that date's own problem, not a missing one.
    const badDate = await json(await call("/tasks", alice, { body: { title: "", dueDate: "2026-02-30", recurrence: "FREQ=MONTHLY" } }));
    expect(badDate.error.fields).toEqual({ title: "O título da tarefa é obrigatório", dueDate: "Data inválida: use uma data que exista (AAAA-MM-DD)." });
    expect((await json(await call("/tasks", alice))).items).toEqual([]);
  });
});

describe("two users", () => {
  it("another user's task is 404 on read, change, delete and schedule, and stays as it was", async () => {
    const task = await create(alice, { title: "Privada", dueDate: "2026-11-24" });
    for (const [method, path, body] of [
      ["GET", `/tasks/${task.id}`, undefined],
      ["PATCH", `/tasks/${task.id}`, { title: "Roubada" }],
      ["DELETE", `/tasks/${task.id}`, undefined],
      ["POST", `/tasks/${task.id}/schedule`, undefined],
    ] as const) {
      const response = await call(path, bruno, { method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await json(response)).error.code).toBe("not_found");
    }
    expect((await json(await call("/tasks", bruno))).items).toEqual([]);
    expect((await json(await call(`/tasks/${task.id}`, alice))).task).toMatchObject({ title: "Privada", scheduledStart: null });
    expect((await call("/tasks/not a valid id", alice)).status).toBe(404);
  });

  it("another user's scheduled tasks are not busy time", async () => {
    await create(bruno, { title: "Do Bruno", scheduledStart: "2026-11-23T09:00:00Z", durationMinutes: 120 });
    const task = await create(alice, { title: "Da Alice", durationMinutes: 60 });
    const placed = await json(await call(`/tasks/${task.id}/schedule`, alice, { method: "POST" }));
    expect(placed.task.scheduledStart).toBe("2026-11-23T09:00:00.000Z");
  });
});

describe("Agendar (POST /tasks/:id/schedule)", () => {
  it("places a task in the first free slot of the working hours, after the user's own scheduled tasks", async () => {
    const first = await create(alice, { title: "Primeira", durationMinutes: 60 });
    const second = await create(alice, { title: "Segunda", durationMinutes: 90 });
    const a = await json(await call(`/tasks/${first.id}/schedule`, alice, { method: "POST" }));
    expect(a.task).toMatchObject({ scheduledStart: "2026-11-23T09:00:00.000Z", scheduledEnd: "2026-11-23T10:00:00.000Z" });
    const b = await json(await call(`/tasks/${second.id}/schedule`, alice, { method: "POST" }));
    expect(b.task.scheduledStart).toBe("2026-11-23T10:00:00.000Z");
    // Scheduling a placed task again does not count its own place as busy.
    const again = await json(await call(`/tasks/${first.id}/schedule`, alice, { method: "POST" }));
    expect(again.task.scheduledStart).toBe("2026-11-23T09:00:00.000Z");
  });

  it("goes around other modules' busy items, ignoring free ones, and uses the user's working hours and zone", async () => {
    otherItems.set(aliceId, [
      busy("2026-11-23T09:00:00Z", "2026-11-23T11:30:00Z"),
      busy("2026-11-23T11:30:00Z", "2026-11-23T12:00:00Z", { busy: false }),
      busy("2026-11-23T12:15:00Z", "2026-11-23T13:00:00Z"),
    ]);
    const task = await create(alice, { title: "Escrever proposta", durationMinutes: 45 });
    const placed = await json(await call(`/tasks/${task.id}/schedule`, alice, { method: "POST" }));
    // 11:30–12:15 is free (the free item does not count) and fits 45 minutes.
    expect(placed.task.scheduledStart).toBe("2026-11-23T11:30:00.000Z");

    // Working hours from Preferências, in New York (UTC−5): 14:00 local is 19:00Z.
    await env.DB.prepare(`update users set time_zone = 'America/New_York', preferences = '{"workingHours":{"start":"14:00","end":"16:00","days":[1,2,3,4,5]}}' where id = ?`).bind(aliceId).run();
    otherItems.clear();
    const other = await create(alice, { title: "Rever contrato", durationMinutes: 60 });
    expect((await json(await call(`/tasks/${other.id}/schedule`, alice, { method: "POST" }))).task.scheduledStart).toBe("2026-11-23T19:00:00.000Z");
  });

  it("refuses working hours that end before they start or have no days (Preferências)", async () => {
    const patch = (workingHours: unknown) => call("/me", alice, { method: "PATCH", body: { preferences: { workingHours } } });
    const backwards = await patch({ start: "18:00", end: "09:00" });
    expect(backwards.status).toBe(400);
    expect(Object.keys((await json(backwards)).error.fields)).toEqual(["preferences.workingHours.end"]);
    expect((await patch({ start: "09:00", end: "18:00", days: [] })).status).toBe(400);
    expect((await patch({ start: "09:00", end: "18:00", days: [1, 1] })).status).toBe(400);
    expect((await patch({ start: "10:00", end: "12:00", days: [1] })).status).toBe(200);
    const task = await create(alice, { title: "Só às segundas", durationMinutes: 60 });
    expect((await json(await call(`/tasks/${task.id}/schedule`, alice, { method: "POST" }))).task.scheduledStart).toBe("2026-11-23T10:00:00.000Z");
  });

  it("counts a busy all-day item as the user's whole local day", async () => {
    otherItems.set(aliceId, [busy("2026-11-23", "2026-11-25", { allDay: true })]);
    const task = await create(alice, { title: "Depois das férias", durationMinutes: 30 });
    const placed = await json(await call(`/tasks/${task.id}/schedule`, alice, { method: "POST" }));
    expect(placed.task.scheduledStart).toBe("2026-11-25T09:00:00.000Z");
  });

  it("places it before its due date, or answers 400 'Erro ao agendar tarefa' and changes nothing", async () => {
    otherItems.set(aliceId, [busy("2026-11-23T09:00:00Z", "2026-11-24T17:30:00Z")]);
    const fits = await create(alice, { title: "Cabe", durationMinutes: 30, dueDate: "2026-11-24" });
    expect((await json(await call(`/tasks/${fits.id}/schedule`, alice, { method: "POST" }))).task.scheduledStart).toBe("2026-11-24T17:30:00.000Z");

    const noRoom = await create(alice, { title: "Não cabe", durationMinutes: 60, dueDate: "2026-11-24" });
    const refused = await call(`/tasks/${noRoom.id}/schedule`, alice, { method: "POST" });
    expect(refused.status).toBe(400);
    const message = "Erro ao agendar tarefa: não há espaço livre no seu horário de trabalho antes da data limite.";
    expect((await json(refused)).error).toEqual({ code: "validation_failed", message, fields: { scheduledStart: message } });
    expect((await json(await call(`/tasks/${noRoom.id}`, alice))).task.scheduledStart).toBeNull();

    const passed = await create(alice, { title: "Atrasada", dueDate: "2026-11-20" });
    expect((await json(await call(`/tasks/${passed.id}/schedule`, alice, { method: "POST" }))).error.fields).toEqual({ dueDate: "Erro ao agendar tarefa: a data limite já passou." });
    const tooLong = await create(alice, { title: "Maratona", durationMinutes: 600 });
    await env.DB.prepare("update users set language = 'en' where id = ?").bind(aliceId).run();
    expect((await json(await call(`/tasks/${tooLong.id}/schedule`, alice, { method: "POST" }))).error.fields).toEqual({
      durationMinutes: "Error scheduling task: the task is longer than a working day.",
    });
    const done = await create(alice, { title: "Feita", status: "done" });
    expect((await call(`/tasks/${done.id}/schedule`, alice, { method: "POST" })).status).toBe(409);
  });
});

describe("Planear o dia (POST /tasks/plan-day)", () => {
  it("places today's unscheduled tasks by priority then due date, and says which did not fit", async () => {
    vi.setSystemTime(new Date("2026-11-23T14:00:00Z"));
    otherItems.set(aliceId, [busy("2026-11-23T15:00:00Z", "2026-11-23T16:00:00Z")]);
    const low = await create(alice, { title: "Baixa", priority: "low", durationMinutes: 60 });
    const highLater = await create(alice, { title: "Alta sem data", priority: "high", durationMinutes: 60 });
    const highToday = await create(alice, { title: "Alta hoje", priority: "high", durationMinutes: 60, dueDate: "2026-11-23" });
    const overdue = await create(alice, { title: "Atrasada", priority: "medium", durationMinutes: 30, dueDate: "2026-11-21" });
    const future = await create(alice, { title: "Para sexta", durationMinutes: 30, dueDate: "2026-11-27" });
    const placedAlready = await create(alice, { title: "Já agendada", scheduledStart: "2026-11-23T17:30:00Z" });
    const done = await create(alice, { title: "Feita", status: "done" });

    const response = await call("/tasks/plan-day", alice, { method: "POST" });
    expect(response.status).toBe(200);
    const plan = await json(response);
    expect(plan.date).toBe("2026-11-23");
    // 14:00–15:00 free, 15:00–16:00 busy, 16:00–17:30 free, 17:30–18:00 the scheduled task.
    expect(plan.placed.map((t: { id: string; scheduledStart: string }) => [t.id, t.scheduledStart])).toEqual([
      [highToday.id, "2026-11-23T14:00:00.000Z"],
      [highLater.id, "2026-11-23T16:00:00.000Z"],
      [overdue.id, "2026-11-23T17:00:00.000Z"],
    ]);
    expect(plan.unplaced).toEqual([{ task: expect.objectContaining({ id: low.id }), reason: "no_slot" }]);
    const stored = await json(await call("/tasks?date=2026-11-23", alice));
    expect(stored.items.map((t: { id: string }) => t.id)).toEqual([highToday.id, highLater.id, overdue.id, placedAlready.id]);
    for (const untouched of [future, done, low]) expect((await json(await call(`/tasks/${untouched.id}`, alice))).task.scheduledStart).toBeNull();
  });
});

describe("Planear o dia on a day that is not a working day", () => {
  it("places nothing and says each task was left out because the day is off, not for want of a free slot", async () => {
    // Sunday 22 November 2026, 10:00 in Lisbon: the default working days are Monday to Friday.
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    otherItems.set(aliceId, []);
    await env.DB.prepare("delete from tasks where user_id = ?").bind(aliceId).run();
    const task = await create(alice, { title: "Ao domingo", durationMinutes: 30, dueDate: "2026-11-22" });
    const plan = await json(await call("/tasks/plan-day", alice, { method: "POST" }));
    expect(plan.date).toBe("2026-11-22");
    expect(plan.placed).toEqual([]);
    expect(plan.unplaced).toEqual([{ task: expect.objectContaining({ id: task.id }), reason: "not_working_day" }]);
    expect((await json(await call(`/tasks/${task.id}`, alice))).task.scheduledStart).toBeNull();
    await env.DB.prepare("delete from tasks where user_id = ?").bind(aliceId).run();
  });
});

describe("Planear o dia with a long history", () => {
  it("still places today's and the overdue tasks when hundreds of old undated ones wait (they come after)", async () => {
    vi.setSystemTime(new Date("2026-11-23T14:00:00Z"));
    otherItems.set(aliceId, []);
    await env.DB.prepare("delete from tasks where user_id = ?").bind(aliceId).run();
    // 250 undated tasks, all older than today's.
    await env.DB.prepare(
      "with recursive n(i) as (select 1 union all select i + 1 from n where i < 250) insert into tasks (id, user_id, title, created_at, updated_at) select 'old-' || i, ?, 'Antiga ' || i, 1700000000000 + i, 1700000000000 + i from n",
    )
      .bind(aliceId)
      .run();
    const today = await create(alice, { title: "Hoje sem falta", priority: "low", durationMinutes: 30, dueDate: "2026-11-23" });
    const plan = await json(await call("/tasks/plan-day", alice, { method: "POST" }));
    const considered = [...plan.placed.map((t: { id: string }) => t.id), ...plan.unplaced.map((u: { task: { id: string } }) => u.task.id)];
    expect(considered).toContain(today.id);
    await env.DB.prepare("delete from tasks where user_id = ?").bind(aliceId).run();
  });
});

describe("the pending list with a long history", () => {
  type TasksData = { pending: { id: string }[]; pendingCount: number; pendingCursor: string | null };
  /** The /app/tarefas loader as React Router runs it, with its D1 calls. */
  async function openTasks(cookie: string) {
    const module = (await import("../../app/modules/tasks/routes/tasks")) as unknown as { loader: (args: unknown) => Promise<TasksData> };
    const request = new Request(`${ORIGIN}/app/tarefas`, { headers: { cookie } });
    const auth = await authenticate(env, request);
    const calls: D1Call[] = [];
    const ctx = createExecutionContext();
    const context = { cloudflare: { env: { ...env, DB: countingD1(env.DB, calls) }, ctx }, auth, lang: "pt", cspNonce: "test", requestId: "test", fetchApi: () => Promise.reject(new Error("no API")) };
    const data = await module.loader({ request, params: {}, context });
    await waitOnExecutionContext(ctx);
    return { data, calls };
  }

  it("counts every pending task and reaches those past the first 200 with the API's cursor, from one round trip", async () => {
    // 250 undated low-priority tasks: the list's last, past its first page of 200.
    await env.DB.prepare(
      "with recursive n(i) as (select 1 union all select i + 1 from n where i < 250) insert into tasks (id, user_id, title, priority, created_at, updated_at) select 'old-' || i, ?, 'Antiga ' || i, 'low', 1700000000000 + i, 1700000000000 + i from n",
    )
      .bind(aliceId)
      .run();
    await create(alice, { title: "Feita", status: "done" });
    await create(bruno, { title: "Do Bruno" });
    const { data, calls } = await openTasks(alice);
    expect(calls).toHaveLength(1);
    expect(data.pending).toHaveLength(200);
    expect(data.pendingCount).toBe(250);
    // The count goes by the (user, status, due date) index, as the page does.
    const [batch] = calls;
    for (const [i, statement] of batch.sql.entries()) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`).bind(...batch.params[i]).all<{ detail: string }>();
      expect(results.map((r) => r.detail).filter((detail) => /^SCAN tasks\b/.test(detail)), statement).toEqual([]);
    }
    const rest = await json(await call(`/tasks?status=todo,in_progress&limit=200&cursor=${encodeURIComponent(data.pendingCursor!)}`, alice));
    expect(rest.nextCursor).toBeNull();
    const ids = new Set([...data.pending, ...rest.items].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(250);
  });
});

describe("recurring tasks", () => {
  const complete = async (id: string) => json(await call(`/tasks/${id}`, alice, { method: "PATCH", body: { status: "done" } }));

  it("completing one creates the next, due on the rule's next date, with the same fields", async () => {
    const daily = await create(alice, { title: "Regar plantas", dueDate: "2026-11-23", recurrence: "FREQ=DAILY", priority: "high", durationMinutes: 10, scheduledStart: "2026-11-23T09:00:00Z" });
    const result = await complete(daily.id);
    expect(result.task).toMatchObject({ status: "done", completedAt: MONDAY_8AM.toISOString() });
    expect(result.next).toMatchObject({ title: "Regar plantas", dueDate: "2026-11-24", recurrence: "FREQ=DAILY", priority: "high", durationMinutes: 10, status: "todo", scheduledStart: null });
    // Completing it again (already done) creates nothing more.
    expect((await complete(daily.id)).next).toBeNull();
    expect((await json(await call("/tasks", alice))).items).toHaveLength(2);

    const weekly = await create(alice, { title: "Ginásio", dueDate: "2026-11-23", recurrence: "FREQ=WEEKLY;BYDAY=MO,WE,FR" });
    expect((await complete(weekly.id)).next.dueDate).toBe("2026-11-25");
    const weekdays = await create(alice, { title: "Email", dueDate: "2026-11-27", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" });
    expect((await complete(weekdays.id)).next.dueDate).toBe("2026-11-30");
    const monthly = await create(alice, { title: "Pagar renda", dueDate: "2026-12-01", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" });
    expect((await complete(monthly.id)).next.dueDate).toBe("2027-01-01");
  });

  it("reopened and completed again, it creates no second next task while the first is there, edited or done; deleted, it is made again", async () => {
    const reopen = async (id: string) => json(await call(`/tasks/${id}`, alice, { method: "PATCH", body: { status: "todo" } }));
    const daily = await create(alice, { title: "Regar plantas", dueDate: "2026-11-23", recurrence: "FREQ=DAILY" });
    const first = (await complete(daily.id)).next;
    expect(first).toMatchObject({ dueDate: "2026-11-24", status: "todo" });

    // Ticked by mistake, unticked, ticked again: still one next task, the one made the first time.
    expect((await reopen(daily.id)).task).toMatchObject({ status: "todo", completedAt: null });
    expect((await complete(daily.id)).next).toBeNull();
    const titles = async () => (await json(await call("/tasks", alice))).items.map((task: { id: string; title: string }) => `${task.id === daily.id ? "original" : task.id === first.id ? "first next" : "other"}: ${task.title}`);
    expect(await titles()).toEqual(["original: Regar plantas", "first next: Regar plantas"]);

    // The next task edited (and even completed, which made its own next), then the original reopened
    // and completed again: the edited one stays as it is and nothing is added for the original.
    await call(`/tasks/${first.id}`, alice, { method: "PATCH", body: { title: "Regar as plantas da varanda", dueDate: "2026-11-25" } });
    await reopen(daily.id);
    expect((await complete(daily.id)).next).toBeNull();
    expect((await json(await call(`/tasks/${first.id}`, alice))).task).toMatchObject({ title: "Regar as plantas da varanda", dueDate: "2026-11-25", status: "todo" });
    expect((await complete(first.id)).next).toMatchObject({ dueDate: "2026-11-26" });
    await reopen(daily.id);
    expect((await complete(daily.id)).next).toBeNull();
    expect((await json(await call("/tasks", alice))).items).toHaveLength(3);

    // The user deleted the next task: completing the original again makes one, once.
    const plain = await create(alice, { title: "Ler", dueDate: "2026-11-23", recurrence: "FREQ=DAILY" });
    const next = (await complete(plain.id)).next;
    expect((await call(`/tasks/${next.id}`, alice, { method: "DELETE" })).status).toBe(204);
    await reopen(plain.id);
    expect((await complete(plain.id)).next).toMatchObject({ title: "Ler", dueDate: "2026-11-24" });
    await reopen(plain.id);
    expect((await complete(plain.id)).next).toBeNull();
    expect((await json(await call("/tasks?status=todo", alice))).items.filter((task: { title: string }) => task.title === "Ler")).toHaveLength(1);
  });

  it("an overdue one completed late is next due today or later, not in the past; a finished series creates nothing", async () => {
    const late = await create(alice, { title: "Meditar", dueDate: "2026-11-19", recurrence: "FREQ=DAILY" });
    expect((await complete(late.id)).next.dueDate).toBe("2026-11-23");
    const endOfMonth = await create(alice, { title: "Fechar contas", dueDate: "2026-10-31", recurrence: "FREQ=MONTHLY;BYMONTHDAY=31" });
    expect((await complete(endOfMonth.id)).next.dueDate).toBe("2026-12-31");
    const ending = await create(alice, { title: "Curso", dueDate: "2026-11-23", recurrence: "FREQ=DAILY;UNTIL=20261123" });
    expect((await complete(ending.id)).next).toBeNull();
  });
});

describe("the tasks module elsewhere", () => {
  it("puts scheduled, not-done tasks on the user's timeline as busy items that open the task", async () => {
    const task = await create(alice, { title: "Revisão", scheduledStart: "2026-11-24T10:00:00Z", durationMinutes: 30 });
    await create(alice, { title: "Feita", scheduledStart: "2026-11-24T11:00:00Z", status: "done" });
    await create(alice, { title: "Outro dia", scheduledStart: "2026-11-26T11:00:00Z" });
    await create(bruno, { title: "Do Bruno", scheduledStart: "2026-11-24T10:00:00Z" });
    const items = await userTimeline(database(env.DB), aliceId, { from: new Date("2026-11-24T10:15:00Z"), to: new Date("2026-11-25T00:00:00Z"), timeZone: "Europe/Lisbon" });
    expect(items).toEqual([
      {
        module: "tasks",
        id: task.id,
        occurrenceStart: "2026-11-24T10:00:00.000Z",
        title: "Revisão",
        start: "2026-11-24T10:00:00.000Z",
        end: "2026-11-24T10:30:00.000Z",
        allDay: false,
        busy: true,
        url: `/app/tarefas?task=${task.id}`,
      },
    ]);
  });

  it("finds the user's tasks in the global search, not another user's", async () => {
    const task = await create(alice, { title: "Comprar PRESENTE", description: "para a Ana", dueDate: "2026-12-20" });
    await create(bruno, { title: "Comprar presente do Bruno" });
    const found = await json(await call("/search?q=presente&type=task", alice));
    expect(found.items).toEqual([
      { id: task.id, title: "Comprar PRESENTE", description: "para a Ana", type: "task", module: "tasks", url: `/app/tarefas?task=${task.id}`, metadata: { date: "2026-12-20", status: "todo" } },
    ]);
    expect((await json(await call("/search?q=100%25", alice))).items).toEqual([]);
  });

  it("exports the user's tasks", async () => {
    await create(alice, { title: "Exportável" });
    const data = await json(await call("/me/export", alice));
    expect(data.tasks).toEqual([expect.objectContaining({ title: "Exportável", status: "todo" })]);
  });
});

describe("task reminders (cron, every quarter hour)", () => {
  const reminders = async (userId: string) =>
    (await env.DB.prepare("select title, message, type, action_url as actionUrl from notifications where user_id = ? and type = 'task' order by created_at, title").bind(userId).all()).results;

  it("notifies once for each task starting within the next quarter hour, in the user's language and zone", async () => {
    await env.DB.prepare("delete from notifications where type = 'task'").run();
    const soon = await create(alice, { title: "Chamada com o banco", scheduledStart: "2026-11-23T09:10:00Z", durationMinutes: 20 });
    const later = await create(alice, { title: "Revisão", scheduledStart: "2026-11-23T09:30:00Z" });
    await create(alice, { title: "Feita", scheduledStart: "2026-11-23T09:05:00Z", status: "done" });
    await create(alice, { title: "Sem hora" });
    await env.DB.prepare("update users set language = 'en', time_zone = 'America/New_York' where id = ?").bind(brunoId).run();
    await create(bruno, { title: "Call", scheduledStart: "2026-11-23T09:05:00Z" });

    const nine = new Date("2026-11-23T09:00:00Z");
    await runSchedule(EVERY_QUARTER_HOUR, env, nine, { inline: true });
    expect(await reminders(aliceId)).toEqual([
      { title: "Tarefa a começar: Chamada com o banco", message: "Agendada para as 09:10 (20 min).", type: "task", actionUrl: `/app/tarefas?task=${soon.id}` },
    ]);
    expect(await reminders(brunoId)).toEqual([expect.objectContaining({ title: "Task starting: Call", message: "Scheduled for 4:05 AM (30 min)." })]);

    // A second run of the same quarter (a retry, a late trigger) sends nothing again.
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T09:01:00Z"), { inline: true });
    expect(await reminders(aliceId)).toHaveLength(1);
    // A task starting on the next run's boundary (09:30) is reminded by the run before (09:15),
    // a quarter of an hour ahead, not at its start.
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T09:15:00Z"), { inline: true });
    expect((await reminders(aliceId)).map((r) => r.title)).toEqual(["Tarefa a começar: Chamada com o banco", "Tarefa a começar: Revisão"]);
    expect((await reminders(aliceId))[1].actionUrl).toBe(`/app/tarefas?task=${later.id}`);
    // The 09:30 run sees it again (its start is in that window too) and sends nothing: one reminder per task and start.
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T09:30:00Z"), { inline: true });
    expect(await reminders(aliceId)).toHaveLength(2);
  });

  it("reads a reminder in the language the person uses when they open it, not the one of when it was sent", async () => {
    await env.DB.prepare("delete from notifications where type = 'task'").run();
    await env.DB.prepare("update users set language = 'en', time_zone = 'America/New_York' where id = ?").bind(brunoId).run();
    await create(bruno, { title: "Dentist", scheduledStart: "2026-11-24T14:10:00Z", durationMinutes: 45 });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-24T14:00:00Z"), { inline: true });
    await env.DB.prepare("update users set language = 'pt' where id = ?").bind(brunoId).run();
    try {
      const listed = (await json(await call("/notifications", bruno))).items.filter((n: { type: string }) => n.type === "task");
      expect(listed).toEqual([expect.objectContaining({ title: "Tarefa a começar: Dentist", message: "Agendada para as 09:10 (45 min)." })]);
    } finally {
      await env.DB.prepare("update users set language = 'en' where id = ?").bind(brunoId).run();
    }
  });

  it("reminds a task on the hour at the quarter before it, once, also when it was moved to another hour", async () => {
    await env.DB.prepare("delete from notifications where type = 'task'").run();
    const task = await create(alice, { title: "Reunião de equipa", scheduledStart: "2026-11-23T10:00:00Z" });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T09:30:00Z"), { inline: true });
    expect(await reminders(aliceId)).toEqual([]);
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T09:45:00Z"), { inline: true });
    expect(await reminders(aliceId)).toEqual([expect.objectContaining({ title: "Tarefa a começar: Reunião de equipa", message: "Agendada para as 10:00 (30 min)." })]);
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T10:00:00Z"), { inline: true });
    expect(await reminders(aliceId)).toHaveLength(1);

    // Moved to 11:00: a new start, reminded again at 10:45 (and only then).
    await call(`/tasks/${task.id}`, alice, { method: "PATCH", body: { scheduledStart: "2026-11-23T11:00:00Z" } });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T10:45:00Z"), { inline: true });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-23T11:00:00Z"), { inline: true });
    expect((await reminders(aliceId)).map((r) => r.message)).toEqual(["Agendada para as 10:00 (30 min).", "Agendada para as 11:00 (30 min)."]);
  });

  // Its dedupe key was the only record that it was sent, and went with it: deleted after the 09:45
  // run, the reminder came back at 10:00, whose window holds the start too (decision 0103).
  it("does not send a reminder again once the user deleted it", async () => {
    await env.DB.prepare("delete from notifications where type = 'task'").run();
    await create(alice, { title: "Ligar à contabilista", scheduledStart: "2026-11-26T10:00:00Z" });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-26T09:45:00Z"), { inline: true });
    const [sent] = (await env.DB.prepare("select id from notifications where user_id = ? and type = 'task'").bind(aliceId).all<{ id: string }>()).results;
    expect(sent).toBeDefined();
    expect((await call(`/notifications/${sent.id}`, alice, { method: "DELETE" })).status).toBe(204);
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-11-26T10:00:00Z"), { inline: true });
    expect(await reminders(aliceId)).toEqual([]);
  });
});
