import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { nextTaskId } from "@worker/modules/tasks/recurrence";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

/** A task's steps (docs/decisions/0114). */
let ana: string;
let rui: string;
const as = (cookie: string) => ({
  get: (path = "") => api(`/tasks${path}`, { headers: { cookie } }),
  post: (body: unknown) => api("/tasks", { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/tasks/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (id: string) => api(`/tasks/${id}`, { method: "DELETE", headers: { cookie } }),
  tick: (id: string, stepId: string, body: unknown = { done: true }) => api(`/tasks/${id}/steps/${stepId}`, { method: "PATCH", body, headers: { cookie } }),
});
const count = async (table: string, email: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(await userIdOf(email)).first<{ n: number }>())!.n;
type Step = { id: string; text: string; done: boolean };
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@task-steps.test");
  rui = await signUpAndLogIn("rui@task-steps.test");
});

describe("a task's steps", () => {
  it("are created with the task, in order, trimmed and open; every answer carries them", async () => {
    const created = await as(ana).post({ title: "Preparar viagem", steps: [{ text: " Reservar hotel " }, { text: "Comprar bilhetes" }, { text: "Fazer mala" }] });
    expect(created.status).toBe(201);
    const { task } = await json(created);
    expect(task.steps.map((s: Step) => [s.text, s.done])).toEqual([
      ["Reservar hotel", false],
      ["Comprar bilhetes", false],
      ["Fazer mala", false],
    ]);
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps).toEqual(task.steps);
    expect((await json(await as(ana).get("?status=todo"))).items.find((t: { id: string }) => t.id === task.id).steps).toEqual(task.steps);
    // Without steps: an empty list, in every answer.
    const plain = (await json(await as(ana).post({ title: "Ligar ao banco" }))).task;
    expect(plain.steps).toEqual([]);
    expect((await json(await as(ana).get("?status=todo"))).items.every((t: { steps: unknown }) => Array.isArray(t.steps))).toBe(true);
    // The day timeline's list carries them too.
    const day = isoDay(2);
    const placed = (await json(await as(ana).post({ title: "Reunião", scheduledStart: `${day}T10:00:00Z`, steps: [{ text: "Agenda" }] }))).task;
    expect((await json(await as(ana).get(`?date=${day}`))).items.find((t: { id: string }) => t.id === placed.id).steps).toMatchObject([{ text: "Agenda", done: false }]);
    // Schedule's answer.
    expect((await json(await api(`/tasks/${task.id}/schedule`, { method: "POST", headers: { cookie: ana } }))).task.steps).toEqual(task.steps);
    for (const id of [task.id, plain.id, placed.id]) await as(ana).del(id);
    expect(await count("task_steps", "ana@task-steps.test")).toBe(0);
  });

  it("are edited as a list: kept by id (with their tick), reordered, added, removed; other changes leave them", async () => {
    const { task } = await json(await as(ana).post({ title: "Mudar de casa", steps: [{ text: "Caixas" }, { text: "Carrinha" }, { text: "Limpar" }] }));
    const [boxes, van, clean] = task.steps as Step[];
    await as(ana).tick(task.id, van.id);
    const patched = await as(ana).patch(task.id, { steps: [{ id: clean.id, text: "Limpar tudo" }, { id: van.id, text: "Carrinha" }, { text: "Chaves" }] });
    expect(patched.status).toBe(200);
    const after = (await json(patched)).task.steps as Step[];
    expect(after.map((s) => [s.text, s.done])).toEqual([
      ["Limpar tudo", false],
      ["Carrinha", true],
      ["Chaves", false],
    ]);
    expect(after[0].id).toBe(clean.id);
    expect(after[1].id).toBe(van.id);
    expect(after.map((s) => s.id)).not.toContain(boxes.id);
    // An id from elsewhere (another task's step) is a new step, not that one.
    const other = (await json(await as(ana).post({ title: "Outra", steps: [{ text: "Dela" }] }))).task;
    const borrowed = (await json(await as(ana).patch(task.id, { steps: [...after.map(({ id, text }) => ({ id, text })), { id: other.steps[0].id, text: "Emprestado" }] }))).task.steps as Step[];
    expect(borrowed[3].id).not.toBe(other.steps[0].id);
    expect((await json(await as(ana).get(`/${other.id}`))).task.steps).toEqual(other.steps);
    expect((await json(await as(ana).patch(task.id, { title: "Mudança" }))).task.steps).toHaveLength(4);
    expect((await json(await as(ana).patch(task.id, { steps: [] }))).task.steps).toEqual([]);
    await as(ana).del(task.id);
    await as(ana).del(other.id);
  });

  it("refuses bad steps with localised field messages, saving nothing", async () => {
    const before = await count("tasks", "ana@task-steps.test");
    const text = "Cada passo deve ter de 1 a 120 caracteres.";
    const cases: [unknown, string, string][] = [
      [{ title: "Viagem", steps: [{ text: "   " }] }, "steps.0.text", text],
      [{ title: "Viagem", steps: [{ text: "" }] }, "steps.0.text", text],
      [{ title: "Viagem", steps: [{}] }, "steps.0.text", text],
      [{ title: "Viagem", steps: [{ text: 42 }] }, "steps.0.text", text],
      [{ title: "Viagem", steps: [{ text: "ok" }, { text: "x".repeat(121) }] }, "steps.1.text", text],
      [{ title: "Viagem", steps: Array.from({ length: 21 }, (_, i) => ({ text: `Passo ${i}` })) }, "steps", "Uma tarefa pode ter no máximo 20 passos."],
      [{ title: "Viagem", steps: "reservar hotel" }, "steps", "Indique os passos como uma lista."],
      [{ title: "Viagem", steps: null }, "steps", "Indique os passos como uma lista."],
      [{ title: "Viagem", steps: ["reservar hotel"] }, "steps.0", text],
      [{ title: "Viagem", steps: [{ text: "ok", id: 7 }] }, "steps.0.id", "Passo inválido."],
      [{ title: "Viagem", steps: [{ text: "ok", done: true }] }, "steps.0", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const response = await as(ana).post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field], JSON.stringify(body)).toBe(message);
    }
    // Exactly 20 steps of 120 characters are fine; a 21st on PATCH is refused and changes nothing.
    const { task } = await json(await as(ana).post({ title: "Vinte", steps: Array.from({ length: 20 }, () => ({ text: "y".repeat(120) })) }));
    const refused = await as(ana).patch(task.id, { title: "Vinte e um", steps: [...task.steps.map(({ id, text }: Step) => ({ id, text })), { text: "mais um" }] });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields.steps).toBe("Uma tarefa pode ter no máximo 20 passos.");
    expect((await json(await as(ana).get(`/${task.id}`))).task).toMatchObject({ title: "Vinte", steps: expect.any(Array) });
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps).toHaveLength(20);
    expect(await count("tasks", "ana@task-steps.test")).toBe(before + 1);
    await as(ana).del(task.id);
    // In English for an English speaker.
    const eve = await signUpAndLogIn("eve@task-steps.test");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: eve } })).status).toBe(200);
    expect((await json(await as(eve).post({ title: "Trip", steps: [{ text: "" }] }))).error.fields["steps.0.text"]).toBe("Each step must have 1 to 120 characters.");
    expect((await json(await as(eve).post({ title: "Trip", steps: Array.from({ length: 21 }, () => ({ text: "a" })) }))).error.fields.steps).toBe("A task can have at most 20 steps.");
  });
});

describe("ticking a step", () => {
  it("ticks and unticks one step, answers the task, and never completes the task (not even the last step)", async () => {
    const { task } = await json(await as(ana).post({ title: "Preparar viagem", steps: [{ text: "Hotel" }, { text: "Bilhetes" }] }));
    const [hotel, tickets] = task.steps as Step[];
    const first = await as(ana).tick(task.id, hotel.id);
    expect(first.status).toBe(200);
    expect((await json(first)).task).toMatchObject({ id: task.id, status: "todo", steps: [{ id: hotel.id, done: true }, { id: tickets.id, done: false }] });
    // A repeat is the same answer (a set, not a toggle).
    expect((await json(await as(ana).tick(task.id, hotel.id))).task.steps[0].done).toBe(true);
    const last = (await json(await as(ana).tick(task.id, tickets.id))).task;
    expect(last).toMatchObject({ status: "todo", completedAt: null, steps: [{ done: true }, { done: true }] });
    const unticked = (await json(await as(ana).tick(task.id, hotel.id, { done: false }))).task;
    expect(unticked.steps.map((s: Step) => s.done)).toEqual([false, true]);
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps.map((s: Step) => s.done)).toEqual([false, true]);
    await as(ana).del(task.id);
  });

  it("two devices ticking two steps at once both stay ticked", async () => {
    const { task } = await json(await as(ana).post({ title: "Jantar", steps: [{ text: "Compras" }, { text: "Cozinhar" }, { text: "Pôr a mesa" }] }));
    const answers = await Promise.all((task.steps as Step[]).map((step) => as(ana).tick(task.id, step.id)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps.map((s: Step) => s.done)).toEqual([true, true, true]);
    await as(ana).del(task.id);
  });

  it("refuses a body without a boolean `done`, localised", async () => {
    const { task } = await json(await as(ana).post({ title: "Ler", steps: [{ text: "Capítulo 1" }] }));
    const step = task.steps[0].id;
    for (const body of [{}, { done: "yes" }, { done: 1 }, { done: null }, { done: true, text: "x" }]) {
      const response = await as(ana).tick(task.id, step, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.code).toBe("validation_failed");
    }
    expect((await json(await as(ana).tick(task.id, step, {}))).error.fields.done).toBe("Indique se o passo está feito (verdadeiro ou falso).");
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps[0].done).toBe(false);
    await as(ana).del(task.id);
  });

  it("answers 404 for another user's task or step, another task's step and unknown ids, changing nothing", async () => {
    const { task } = await json(await as(ana).post({ title: "Da Ana", steps: [{ text: "Passo da Ana" }] }));
    const mine = (await json(await as(rui).post({ title: "Do Rui", steps: [{ text: "Passo do Rui" }] }))).task;
    const step = task.steps[0].id;
    expect((await as(rui).tick(task.id, step)).status).toBe(404);
    expect((await as(rui).get(`/${task.id}`)).status).toBe(404);
    expect((await as(rui).patch(task.id, { steps: [] })).status).toBe(404);
    // Rui's own task with Ana's step id, and Ana's task with Rui's.
    expect((await as(rui).tick(mine.id, step)).status).toBe(404);
    expect((await as(ana).tick(task.id, mine.steps[0].id)).status).toBe(404);
    expect((await as(ana).tick(task.id, "nope")).status).toBe(404);
    expect((await as(ana).tick("nope", step)).status).toBe(404);
    // Ana's step on Rui's id for a task: still hers, untouched.
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps).toEqual(task.steps);
    // Rui's list of steps naming Ana's step id makes a new step of his; hers stays.
    const his = (await json(await as(rui).patch(mine.id, { steps: [{ id: step, text: "Roubado" }] }))).task.steps;
    expect(his[0].id).not.toBe(step);
    expect((await json(await as(ana).get(`/${task.id}`))).task.steps).toEqual(task.steps);
    await as(ana).del(task.id);
    await as(rui).del(mine.id);
  });
});

describe("steps and the task's life", () => {
  it("completing a task leaves its open steps as they are; reopening shows them so", async () => {
    const { task } = await json(await as(ana).post({ title: "Relatório", steps: [{ text: "Números" }, { text: "Texto" }] }));
    await as(ana).tick(task.id, task.steps[0].id);
    const done = (await json(await as(ana).patch(task.id, { status: "done" }))).task;
    expect(done.status).toBe("done");
    expect(done.steps.map((s: Step) => s.done)).toEqual([true, false]);
    const reopened = (await json(await as(ana).patch(task.id, { status: "todo" }))).task;
    expect(reopened.steps.map((s: Step) => s.done)).toEqual([true, false]);
    await as(ana).del(task.id);
  });

  it("a repeating task's next occurrence copies the steps open, with new ids, once", async () => {
    const today = isoDay(0);
    const { task } = await json(await as(ana).post({ title: "Limpeza semanal", dueDate: today, recurrence: "FREQ=WEEKLY", steps: [{ text: "Aspirar" }, { text: "Lixo" }] }));
    await as(ana).tick(task.id, task.steps[0].id);
    await as(ana).tick(task.id, task.steps[1].id);
    const answer = await json(await as(ana).patch(task.id, { status: "done" }));
    expect(answer.next.id).toBe(await nextTaskId(task.id));
    expect(answer.next.steps.map((s: Step) => [s.text, s.done])).toEqual([
      ["Aspirar", false],
      ["Lixo", false],
    ]);
    expect(answer.next.steps.map((s: Step) => s.id)).not.toContain(task.steps[0].id);
    expect(answer.task.steps.map((s: Step) => s.done)).toEqual([true, true]);
    // Reopened and completed again: the next task made the first time stays, its steps are not doubled.
    await as(ana).patch(answer.next.id, { steps: [{ id: answer.next.steps[1].id, text: "Lixo e reciclagem" }] });
    await as(ana).patch(task.id, { status: "todo" });
    const again = await json(await as(ana).patch(task.id, { status: "done" }));
    expect(again.next).toBeNull();
    expect((await json(await as(ana).get(`/${answer.next.id}`))).task.steps.map((s: Step) => s.text)).toEqual(["Lixo e reciclagem"]);
    // Completed with a new list in the same change: the next one copies that list.
    const other = (await json(await as(ana).post({ title: "Regar", dueDate: today, recurrence: "FREQ=DAILY", steps: [{ text: "Vasos" }] }))).task;
    const changed = await json(await as(ana).patch(other.id, { status: "done", steps: [{ id: other.steps[0].id, text: "Vasos" }, { text: "Jardim" }] }));
    expect(changed.task.steps.map((s: Step) => s.text)).toEqual(["Vasos", "Jardim"]);
    expect(changed.next.steps.map((s: Step) => [s.text, s.done])).toEqual([
      ["Vasos", false],
      ["Jardim", false],
    ]);
    for (const id of [task.id, answer.next.id, other.id, changed.next.id]) await as(ana).del(id);
    expect(await count("task_steps", "ana@task-steps.test")).toBe(0);
  });

  it("deleting the task removes its steps; the export carries them; deleting the account removes them", async () => {
    const zoe = await signUpAndLogIn("zoe@task-steps.test");
    const { task } = await json(await as(zoe).post({ title: "Mudança", steps: [{ text: "Caixas" }, { text: "Carrinha" }] }));
    await as(zoe).tick(task.id, task.steps[1].id);
    const exported = await json(await api("/me/export", { headers: { cookie: zoe } }));
    const rows = (exported.taskSteps ?? exported.data?.taskSteps ?? exported.tasks?.taskSteps) as { id: string; taskId: string; text: string; position: number; doneAt: unknown }[];
    expect(rows.map((r) => [r.taskId, r.position, r.text, r.doneAt !== null])).toEqual([
      [task.id, 0, "Caixas", false],
      [task.id, 1, "Carrinha", true],
    ]);
    expect(JSON.stringify(rows)).not.toContain("userId");
    const userId = await userIdOf("zoe@task-steps.test");
    await as(zoe).del(task.id);
    expect(await count("task_steps", "zoe@task-steps.test")).toBe(0);
    await as(zoe).post({ title: "Outra", steps: [{ text: "Fica até apagar a conta" }] });
    expect(await count("task_steps", "zoe@task-steps.test")).toBe(1);
    await env.DB.prepare("delete from users where id = ?").bind(userId).run();
    expect((await env.DB.prepare("select count(*) as n from task_steps where user_id = ?").bind(userId).first<{ n: number }>())!.n).toBe(0);
  });
});
