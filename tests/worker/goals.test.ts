import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, json, signUpAndLogIn } from "./helpers";

const call = (cookie: string, path: string, init: { method?: string; body?: unknown } = {}) => api(path, { ...init, headers: { cookie } });
const create = async (cookie: string, body: Record<string, unknown>) => {
  const response = await call(cookie, "/goals", { body });
  expect(response.status).toBe(201);
  return json(response);
};
const goalProgressCount = async (userCookie: string) =>
  (await json(await call(userCookie, "/notifications?limit=200"))).items.filter((n: { type: string }) => n.type === "goal_progress").length;

let ana: string;
let bruno: string;
let eve: string;
beforeAll(async () => {
  ana = await signUpAndLogIn("ana@goals.test");
  bruno = await signUpAndLogIn("bruno@goals.test", "segredo-123", "Bruno Reis");
  eve = await signUpAndLogIn("eve@goals.test", "segredo-123", "Eve Stone");
  expect((await call(eve, "/me", { method: "PATCH", body: { language: "en" } })).status).toBe(200);
});

describe("goals CRUD", () => {
  it("creates, reads, changes and deletes a goal", async () => {
    const goal = await create(ana, { title: "  Correr uma meia maratona ", description: "Em abril", deadline: "2027-04-10" });
    expect(goal).toMatchObject({ title: "Correr uma meia maratona", description: "Em abril", deadline: "2027-04-10", progress: 0, status: "pending", completedAt: null, milestones: [] });
    expect(goal).not.toHaveProperty("userId");
    expect(await json(await call(ana, `/goals/${goal.id}`))).toEqual(goal);

    const changed = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { title: "Meia maratona", progress: 25, deadline: null } }));
    expect(changed).toMatchObject({ title: "Meia maratona", progress: 25, status: "in_progress", deadline: null });

    expect((await call(ana, `/goals/${goal.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(ana, `/goals/${goal.id}`)).status).toBe(404);
    expect((await call(ana, `/goals/${goal.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("lists newest first with keyset pages and a status filter", async () => {
    const cookie = await signUpAndLogIn("lists@goals.test");
    const made = [];
    for (const [i, progress] of [0, 50, 100, 10].entries()) made.push(await create(cookie, { title: `Objetivo ${i}`, progress }));
    const first = await json(await call(cookie, "/goals?limit=3"));
    expect(first.items.map((g: { title: string }) => g.title)).toEqual(["Objetivo 3", "Objetivo 2", "Objetivo 1"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json(await call(cookie, `/goals?limit=3&cursor=${first.nextCursor}`));
    expect(second).toEqual({ items: [expect.objectContaining({ id: made[0].id })], nextCursor: null });

    const inProgress = await json(await call(cookie, "/goals?status=in_progress"));
    expect(inProgress.items.map((g: { title: string }) => g.title)).toEqual(["Objetivo 3", "Objetivo 1"]);
    const completed = await json(await call(cookie, "/goals?status=completed"));
    expect(completed.items.map((g: { title: string }) => g.title)).toEqual(["Objetivo 2"]);

    const badStatus = await call(cookie, "/goals?status=done");
    expect(badStatus.status).toBe(400);
    expect((await json(badStatus)).error.fields).toEqual({ status: "Estado inválido: use pendente, em progresso ou concluído" });
    expect((await call(cookie, "/goals?cursor=abc!")).status).toBe(400);
    expect((await call(cookie, "/goals?limit=0")).status).toBe(400);
  });

  it("clamps progress to 0–100 and rounds it", async () => {
    const low = await create(ana, { title: "Abaixo", progress: -20 });
    expect(low).toMatchObject({ progress: 0, status: "pending" });
    const mid = await json(await call(ana, `/goals/${low.id}`, { method: "PATCH", body: { progress: 33.6 } }));
    expect(mid.progress).toBe(34);
    const high = await json(await call(ana, `/goals/${low.id}`, { method: "PATCH", body: { progress: 180 } }));
    expect(high).toMatchObject({ progress: 100, status: "completed" });
  });
});

describe("bad input", () => {
  it("answers 400 with field messages in pt and saves nothing", async () => {
    const cookie = await signUpAndLogIn("bad@goals.test");
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { title: "O título do objetivo é obrigatório" }],
      [{ title: "   " }, { title: "O título do objetivo é obrigatório" }],
      [{ title: "x".repeat(201) }, { title: "O título pode ter no máximo 200 caracteres" }],
      [{ title: "Ok", progress: "50" }, { progress: "O progresso deve ser um número de 0 a 100" }],
      [{ title: "Ok", progress: null }, { progress: "O progresso deve ser um número de 0 a 100" }],
      [{ title: "Ok", deadline: "2026-02-30" }, { deadline: "Indique uma data válida (AAAA-MM-DD)" }],
      [{ title: "Ok", deadline: "30/01/2026" }, { deadline: "Indique uma data válida (AAAA-MM-DD)" }],
      [{ title: "Ok", status: "done" }, { status: "Estado inválido: use pendente, em progresso ou concluído" }],
      [{ title: "Ok", description: "d".repeat(2001) }, { description: "A descrição pode ter no máximo 2000 caracteres" }],
      [{ title: "Ok", milestones: [""] }, { "milestones.0": "O título do marco é obrigatório" }],
      [{ title: "Ok", milestones: Array.from({ length: 51 }, (_, i) => `m${i}`) }, { milestones: "Um objetivo pode ter no máximo 50 marcos" }],
      [{ title: "Ok", owner: "x" }, { body: "Campo desconhecido." }],
    ];
    for (const [body, fields] of cases) {
      const response = await call(cookie, "/goals", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields).toMatchObject(fields);
    }
    expect((await call(cookie, "/goals", { body: "{nope" })).status).toBe(400);
    expect((await json(await call(cookie, "/goals"))).items).toEqual([]);
  });

  it("answers in English for an English-speaking user", async () => {
    const response = await call(eve, "/goals", { body: { title: "Run", progress: "lots", deadline: "2026-13-01" } });
    expect(response.status).toBe(400);
    expect((await json(response)).error.fields).toEqual({ progress: "Progress must be a number from 0 to 100", deadline: "Enter a valid date (YYYY-MM-DD)" });
    const noTitle = await json(await call(eve, "/goals", { body: {} }));
    expect(noTitle.error).toMatchObject({ message: "The goal's title is required", fields: { title: "The goal's title is required" } });
  });

  it("refuses bad changes and bad milestones, changing nothing", async () => {
    const goal = await create(ana, { title: "Inalterado", progress: 40 });
    for (const body of [{ title: "" }, { progress: "muito" }, { deadline: "2026-02-29" }, { status: "archived" }]) {
      expect((await call(ana, `/goals/${goal.id}`, { method: "PATCH", body })).status).toBe(400);
    }
    expect((await call(ana, `/goals/${goal.id}/milestones`, { body: { title: "" } })).status).toBe(400);
    expect((await call(ana, `/goals/${goal.id}/milestones`, { body: {} })).status).toBe(400);
    const withMilestone = await create(ana, { title: "Com um marco", milestones: ["Primeiro"] });
    const badDone = await call(ana, `/goals/${withMilestone.id}/milestones/${withMilestone.milestones[0].id}`, { method: "PATCH", body: { done: "sim" } });
    expect(badDone.status).toBe(400);
    expect((await json(badDone)).error.fields).toEqual({ done: "Indique verdadeiro ou falso" });
    expect(await json(await call(ana, `/goals/${withMilestone.id}`))).toEqual(withMilestone);
    expect(await json(await call(ana, `/goals/${goal.id}`))).toEqual(goal);
  });
});

describe("milestones", () => {
  it("drive progress when present (done/total, rounded) and are kept in order", async () => {
    const goal = await create(ana, { title: "Aprender alemão", progress: 70, milestones: ["A1", "A2"] });
    expect(goal).toMatchObject({ progress: 0, status: "pending" });
    expect(goal.milestones.map((m: { title: string; done: boolean }) => [m.title, m.done])).toEqual([["A1", false], ["A2", false]]);

    const three = await call(ana, `/goals/${goal.id}/milestones`, { body: { title: "B1" } });
    expect(three.status).toBe(201);
    const withB1 = await json(three);
    expect(withB1.milestones.map((m: { title: string }) => m.title)).toEqual(["A1", "A2", "B1"]);

    const ticked = await json(await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[0].id}`, { method: "PATCH", body: { done: true } }));
    expect(ticked).toMatchObject({ progress: 33, status: "in_progress" });
    expect(ticked.milestones[0]).toMatchObject({ done: true, doneAt: expect.any(String) });

    // A progress sent for a goal with milestones does not override them.
    expect((await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { progress: 90 } }))).progress).toBe(33);

    const renamed = await json(await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[1].id}`, { method: "PATCH", body: { title: "A2 (exame)", done: true } }));
    expect(renamed).toMatchObject({ progress: 67 });
    expect(renamed.milestones[1].title).toBe("A2 (exame)");

    // Moving a milestone changes the checklist's order, not the progress.
    const moved = await json(await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[0].id}`, { method: "PATCH", body: { position: 9 } }));
    expect(moved.milestones.map((m: { title: string }) => m.title)).toEqual(["A2 (exame)", "B1", "A1"]);
    expect(moved.progress).toBe(67);
    // Up to the top: the others keep their order and no two share a position.
    const top = await json(await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[0].id}`, { method: "PATCH", body: { position: 0 } }));
    expect(top.milestones.map((m: { title: string }) => m.title)).toEqual(["A1", "A2 (exame)", "B1"]);
    expect(top.milestones.map((m: { position: number }) => m.position)).toEqual([0, 1, 2]);
    const middle = await json(await call(ana, `/goals/${goal.id}/milestones/${withB1.milestones[2].id}`, { method: "PATCH", body: { position: 1 } }));
    expect(middle.milestones.map((m: { title: string }) => m.title)).toEqual(["A1", "B1", "A2 (exame)"]);

    const removed = await json(await call(ana, `/goals/${goal.id}/milestones/${withB1.milestones[2].id}`, { method: "DELETE" }));
    expect(removed.milestones).toHaveLength(2);
    // Both remaining milestones are done: the goal completed by removing the open one.
    expect(removed).toMatchObject({ progress: 100, status: "completed", completedAt: expect.any(String) });

    const undone = await json(await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[0].id}`, { method: "PATCH", body: { done: false } }));
    expect(undone).toMatchObject({ progress: 50, status: "in_progress", completedAt: null });
    expect(undone.milestones.find((m: { id: string }) => m.id === goal.milestones[0].id)).toMatchObject({ done: false, doneAt: null });
  });

  it("concurrent milestone changes each see the other's: removing the two open ones at once completes the goal", async () => {
    // The deletes a closing page sends at once, or two devices: each computes progress from what it read.
    for (let round = 0; round < 3; round++) {
      const goal = await create(ana, { title: `Em paralelo ${round}`, milestones: ["Feito 1", "Feito 2", "Aberto 1", "Aberto 2"] });
      const [a, b, c, d] = goal.milestones.map((m: { id: string }) => m.id);
      await Promise.all([a, b].map((id) => call(ana, `/goals/${goal.id}/milestones/${id}`, { method: "PATCH", body: { done: true } })));
      const removals = await Promise.all([c, d].map((id) => call(ana, `/goals/${goal.id}/milestones/${id}`, { method: "DELETE" })));
      expect(removals.map((r) => r.status)).toEqual([200, 200]);
      const after = await json(await call(ana, `/goals/${goal.id}`));
      expect(after.milestones.map((m: { title: string }) => m.title)).toEqual(["Feito 1", "Feito 2"]);
      expect(after).toMatchObject({ progress: 100, status: "completed", completedAt: expect.any(String) });
    }
  });

  it("completing a goal with milestones ticks every milestone", async () => {
    const goal = await create(ana, { title: "Mudar de casa", milestones: ["Procurar", "Assinar", "Mudar"] });
    const done = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "completed" } }));
    expect(done).toMatchObject({ progress: 100, status: "completed" });
    expect(done.milestones.every((m: { done: boolean }) => m.done)).toBe(true);
  });

  it("reopening puts the milestones back as they were before 'Concluir', also after a reload", async () => {
    const goal = await create(ana, { title: "Correr a meia", milestones: ["5 km", "10 km", "15 km", "21 km"] });
    await call(ana, `/goals/${goal.id}/milestones/${goal.milestones[0].id}`, { method: "PATCH", body: { done: true } });
    const done = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "completed" } }));
    expect(done).toMatchObject({ progress: 100, status: "completed" });
    expect(done.milestones.every((m: { done: boolean }) => m.done)).toBe(true);

    const reopened = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "in_progress" } }));
    expect(reopened).toMatchObject({ progress: 25, status: "in_progress", completedAt: null });
    expect(reopened.milestones.map((m: { done: boolean; doneAt: string | null }) => [m.done, m.doneAt !== null])).toEqual([[true, true], [false, false], [false, false], [false, false]]);
    // What is stored, as a reload reads it.
    expect((await json(await call(ana, `/goals/${goal.id}`))).milestones.map((m: { done: boolean }) => m.done)).toEqual([true, false, false, false]);

    // A goal completed by ticking its last milestone reopens without that tick (what completed it).
    const two = await create(ana, { title: "Dois passos", milestones: ["Um", "Dois"] });
    await call(ana, `/goals/${two.id}/milestones/${two.milestones[0].id}`, { method: "PATCH", body: { done: true } });
    const ticked = await json(await call(ana, `/goals/${two.id}/milestones/${two.milestones[1].id}`, { method: "PATCH", body: { done: true } }));
    expect(ticked).toMatchObject({ status: "completed", progress: 100 });
    expect(await json(await call(ana, `/goals/${two.id}`, { method: "PATCH", body: { status: "in_progress" } }))).toMatchObject({ status: "in_progress", progress: 50 });

    // Created complete: every milestone was ticked by the completion.
    const created = await create(ana, { title: "Feito de início", status: "completed", milestones: ["A", "B"] });
    expect(created.milestones.every((m: { done: boolean }) => m.done)).toBe(true);
    const reopenedNew = await json(await call(ana, `/goals/${created.id}`, { method: "PATCH", body: { status: "pending" } }));
    expect(reopenedNew).toMatchObject({ status: "pending", progress: 0 });
  });

  it("'Reabrir' on a goal without milestones goes back to its progress before 'Concluir', and '+10 %' completes it again", async () => {
    const goal = await create(ana, { title: "Poupar 1000 €", progress: 40 });
    expect(await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "completed" } }))).toMatchObject({ progress: 100, status: "completed" });
    // An edit while completed does not forget it.
    await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { title: "Poupar 1000 € para férias" } });
    const reopened = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "in_progress" } }));
    expect(reopened).toMatchObject({ progress: 40, status: "in_progress", completedAt: null });
    // The server's memory is not part of the goal the API shows.
    expect(reopened).not.toHaveProperty("reopenProgress");
    const stepped = await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { progress: 90 } }));
    expect(stepped).toMatchObject({ progress: 90, status: "in_progress" });
    expect(await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { progress: 100 } }))).toMatchObject({ progress: 100, status: "completed" });
    expect(await json(await call(ana, `/goals/${goal.id}`, { method: "PATCH", body: { status: "in_progress" } }))).toMatchObject({ progress: 90, status: "in_progress" });
  });

  it("an unknown milestone is 404", async () => {
    const goal = await create(ana, { title: "Com marco", milestones: ["Um"] });
    expect((await call(ana, `/goals/${goal.id}/milestones/nope`, { method: "PATCH", body: { done: true } })).status).toBe(404);
    expect((await call(ana, `/goals/${goal.id}/milestones/nope`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("completion", () => {
  it("records completedAt in UTC and raises one goal_progress notification per completion", async () => {
    const cookie = await signUpAndLogIn("complete@goals.test");
    const goal = await create(cookie, { title: "Poupar para férias", progress: 90 });
    const before = Date.now();
    const done = await json(await call(cookie, `/goals/${goal.id}`, { method: "PATCH", body: { progress: 100 } }));
    expect(done).toMatchObject({ status: "completed", progress: 100 });
    expect(done.completedAt).toMatch(/Z$/);
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(before - 1000);

    // Writing the completed goal again neither moves completedAt nor notifies again.
    const again = await json(await call(cookie, `/goals/${goal.id}`, { method: "PATCH", body: { status: "completed", description: "Algarve" } }));
    expect(again.completedAt).toBe(done.completedAt);
    expect(await goalProgressCount(cookie)).toBe(1);
    const [notification] = (await json(await call(cookie, "/notifications"))).items.filter((n: { type: string }) => n.type === "goal_progress");
    expect(notification).toMatchObject({ title: "Objetivo concluído!", message: "Concluiu «Poupar para férias». Parabéns pelo caminho percorrido!", actionUrl: "/app/objetivos" });

    // The impact dashboard counts rows with status completed.
    const counted = await env.DB.prepare("select count(*) as n from goals where user_id = (select user_id from goals where id = ?) and status = 'completed' and completed_at is not null").bind(goal.id).first<{ n: number }>();
    expect(counted!.n).toBe(1);

    const reopened = await json(await call(cookie, `/goals/${goal.id}`, { method: "PATCH", body: { status: "in_progress" } }));
    expect(reopened).toMatchObject({ status: "in_progress", completedAt: null });
    await call(cookie, `/goals/${goal.id}`, { method: "PATCH", body: { status: "completed" } });
    expect(await goalProgressCount(cookie)).toBe(2);
  });

  it("a goal created complete notifies once, in the user's language", async () => {
    const goal = await create(eve, { title: "Read a book", status: "completed" });
    expect(goal).toMatchObject({ status: "completed", progress: 100, completedAt: expect.any(String) });
    const items = (await json(await call(eve, "/notifications"))).items.filter((n: { type: string }) => n.type === "goal_progress");
    expect(items).toEqual([expect.objectContaining({ title: "Goal completed!", message: "You completed “Read a book”. Well done on getting there!" })]);
  });
});

describe("search and export", () => {
  it("finds the user's goals by title or description, case-insensitively, treating % as no syntax", async () => {
    const cookie = await signUpAndLogIn("search@goals.test");
    await create(cookie, { title: "Maratona de Lisboa", description: "Treino" });
    await create(cookie, { title: "Poupar 10% do salário" });
    await create(bruno, { title: "Maratona do Bruno" });
    const found = await json(await call(cookie, "/search?q=MARATONA&type=goal"));
    expect(found.items).toEqual([expect.objectContaining({ title: "Maratona de Lisboa", type: "goal", module: "goals", url: expect.stringMatching(/^\/app\/objetivos/) })]);
    expect((await json(await call(cookie, "/search?q=treino"))).items.map((r: { title: string }) => r.title)).toEqual(["Maratona de Lisboa"]);
    // Search matches word prefixes (docs/decisions/0036): "10%" is the word "10", "%%" matches nothing.
    expect((await json(await call(cookie, "/search?q=10%25&type=goal"))).items.map((r: { title: string }) => r.title)).toEqual(["Poupar 10% do salário"]);
    expect((await json(await call(cookie, "/search?q=%25%25&type=goal"))).items).toEqual([]);
  });
});

describe("two users", () => {
  it("another user's goal and milestones answer 404 on every route and stay unchanged", async () => {
    const goal = await create(ana, { title: "Privado da Ana", milestones: ["Segredo"] });
    const mid = goal.milestones[0].id;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/goals/${goal.id}`],
      ["PATCH", `/goals/${goal.id}`, { title: "Roubado" }],
      ["DELETE", `/goals/${goal.id}`],
      ["POST", `/goals/${goal.id}/milestones`, { title: "Intruso" }],
      ["PATCH", `/goals/${goal.id}/milestones/${mid}`, { done: true }],
      ["DELETE", `/goals/${goal.id}/milestones/${mid}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(bruno, path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await json(response)).error.code).toBe("not_found");
    }
    expect((await json(await call(bruno, "/goals?limit=200"))).items.map((g: { id: string }) => g.id)).not.toContain(goal.id);
    expect(await json(await call(ana, `/goals/${goal.id}`))).toEqual(goal);

    // Bruno's own goal id does not open Ana's milestone either.
    const own = await create(bruno, { title: "Do Bruno" });
    expect((await call(bruno, `/goals/${own.id}/milestones/${mid}`, { method: "PATCH", body: { done: true } })).status).toBe(404);
    expect((await call(bruno, `/goals/${own.id}/milestones/${mid}`, { method: "DELETE" })).status).toBe(404);
    expect(await json(await call(ana, `/goals/${goal.id}`))).toEqual(goal);
  });

  it("needs a session", async () => {
    expect((await api("/goals")).status).toBe(401);
  });
});
