import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { WORKER_MODULES } from "@worker/modules";
import { searchSourcesOf } from "@worker/modules/registry";
import { createSearchIndexSql, dropSearchIndexSql, OWNER_RANGE, SEARCH_INDEX_DDL, SEARCH_OWNER_TRIGGER, searchSourceChangeSql, searchTriggers } from "@worker/search/sources";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

type Result = { id: string; title: string; description: string; type: string; module: string; url: string; metadata: Record<string, unknown> };

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();

let ana: string;
let anaId: string;
let rui: string;
let ruiId: string;

async function search(cookie: string, q: string, type = "all"): Promise<Result[]> {
  const response = await api(`/search?q=${encodeURIComponent(q)}&type=${type}`, { headers: { cookie } });
  expect(response.status, q).toBe(200);
  return (await json(response)).items;
}
const baseOf = async (userId: string) => (await env.DB.prepare("select base from search_owners where user_id = ?").bind(userId).first<number>("base"))!;
const titles = async (cookie: string, q: string, type = "all") => (await search(cookie, q, type)).map((r) => r.title);

/** One item of each searchable module, written in SQL as any writer (an import, a sync) would. */
async function seedItems(userId: string, tag: string) {
  await run("insert into tasks (id, user_id, title, description, due_date, status) values (?, ?, 'Marcar dentista', 'Ligar para a clínica', '2026-11-30', 'todo')", `task-${tag}`, userId);
  await run(
    "insert into events (id, user_id, title, description, location, start, end, time_zone, uid, starts_at, ends_at) values (?, ?, 'Reunião de equipa', 'Planeamento trimestral', 'Sala Açores', '2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z', 'Europe/Lisbon', ?, ?, ?)",
    `event-${tag}`,
    userId,
    `uid-${tag}`,
    Date.UTC(2026, 10, 24, 10),
    Date.UTC(2026, 10, 24, 11),
  );
  await run("insert into goals (id, user_id, title, description, deadline, status) values (?, ?, 'Correr a maratona', 'Treino três vezes por semana', '2027-04-01', 'in_progress')", `goal-${tag}`, userId);
  await run("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 1250, 'Açúcar e café', '2026-11-20', 'groceries')", `tx-${tag}`, userId);
  await run("insert into diary_entries (id, user_id, title, content, date) values (?, ?, 'Dia no jardim', 'Plantei manjericão com a avó', '2026-11-21')", `note-${tag}`, userId);
}

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@search.test");
  rui = await signUpAndLogIn("rui@search.test");
  [anaId, ruiId] = [await userIdOf("ana@search.test"), await userIdOf("rui@search.test")];
  await seedItems(anaId, "ana");
});

describe("GET /api/v1/search over the FTS5 index", () => {
  it("finds every module's items, each with its module, the url of the item itself and its metadata", async () => {
    expect(await search(ana, "dentista")).toEqual([
      { id: "task-ana", title: "Marcar dentista", description: "Ligar para a clínica", type: "task", module: "tasks", url: "/app/tarefas?task=task-ana", metadata: { date: "2026-11-30", status: "todo" } },
    ]);
    expect(await search(ana, "equipa")).toEqual([
      expect.objectContaining({ id: "event-ana", type: "event", module: "calendar", url: "/app/calendario?event=event-ana", metadata: { date: "2026-11-24" } }),
    ]);
    expect(await search(ana, "maratona")).toEqual([
      expect.objectContaining({ id: "goal-ana", type: "goal", module: "goals", url: "/app/objetivos?goal=goal-ana", metadata: { date: "2027-04-01", status: "in_progress" } }),
    ]);
    expect(await search(ana, "cafe")).toEqual([
      expect.objectContaining({ id: "tx-ana", type: "transaction", module: "finances", url: "/app/financas?edit=tx-ana", metadata: { date: "2026-11-20", amountCents: -1250 } }),
    ]);
    expect(await search(ana, "jardim")).toEqual([
      expect.objectContaining({ id: "note-ana", type: "note", module: "diary", url: "/app/diario?entrada=note-ana", metadata: { date: "2026-11-21" } }),
    ]);
  });

  it("carries the first 140 characters of a long description, and an untitled note's title from its text", async () => {
    const long = `Lista longa ${"palavras açucaradas ".repeat(40)}fim`;
    await run("insert into tasks (id, user_id, title, description, status) values ('task-long', ?, 'Tarefa comprida', ?, 'todo')", anaId, long);
    await run("insert into diary_entries (id, user_id, title, content, date) values ('note-untitled', ?, '', ?, '2026-11-22')", anaId, `Hoje 🌧️ choveu ${"muito ".repeat(30)}`);
    const [task] = await search(ana, "comprida");
    expect(task.description).toBe(long.slice(0, 140));
    const [note] = await search(ana, "choveu");
    expect(note.title).toBe(`Hoje 🌧️ choveu ${"muito ".repeat(30)}`.slice(0, 60));
    await run("delete from tasks where id = 'task-long'");
    await run("delete from diary_entries where id = 'note-untitled'");
  });

  it("cuts a title made from the text between characters, never through an emoji", async () => {
    // The 60th and 120th UTF-16 units are the first halves of the emoji's surrogate pairs.
    await run("insert into diary_entries (id, user_id, title, content, date) values ('note-emoji', ?, '', ?, '2026-11-22')", anaId, `${"x".repeat(59)}🌧️ trovoada`);
    await run("insert into assistant_messages (id, user_id, role, content, sources) values ('insight-emoji', ?, 'assistant', ?, '[\"finances\"]')", anaId, `${"y".repeat(119)}💶 gastos\nresto`);
    // Compared as JSON, which writes a lone half as \udXXX: a failure's own message must stay valid UTF-8.
    const shown = async (q: string, type = "all") => (await titles(ana, q, type)).map((title) => JSON.stringify(title));
    expect(await shown("trovoada")).toEqual([JSON.stringify("x".repeat(59))]);
    expect(await shown("gastos", "insight")).toEqual([JSON.stringify("y".repeat(119))]);
    await run("delete from diary_entries where id = 'note-emoji'");
    await run("delete from assistant_messages where id = 'insight-emoji'");
  });

  it("ignores case and accents both ways", async () => {
    expect(await titles(ana, "reuniao")).toEqual(["Reunião de equipa"]);
    expect(await titles(ana, "REUNIÃO")).toEqual(["Reunião de equipa"]);
    expect(await titles(ana, "acucar")).toEqual(["Açúcar e café"]);
    expect(await titles(ana, "acores")).toEqual(["Reunião de equipa"]);
    // A decomposed "ã" (NFD, as some keyboards send it) is the same letter.
    expect(await titles(ana, "reunia\u0303o")).toEqual(["Reunião de equipa"]);
    // And the stored text may have none: "clinica" in the query, "clínica" stored, and the reverse.
    await run("insert into tasks (id, user_id, title) values ('task-plain', ?, 'Renovar licenca')", anaId);
    expect(await titles(ana, "licença")).toEqual(["Renovar licenca"]);
  });

  it("matches word prefixes in title and description, every word of the query", async () => {
    expect(await titles(ana, "dent")).toEqual(["Marcar dentista"]);
    expect(await titles(ana, "clin")).toEqual(["Marcar dentista"]);
    expect(await titles(ana, "manjeri")).toEqual(["Dia no jardim"]);
    expect(await titles(ana, "marc dent")).toEqual(["Marcar dentista"]);
    expect(await titles(ana, "marc jardim")).toEqual([]);
    // A prefix, not a substring: the middle of a word does not match.
    expect(await titles(ana, "tista")).toEqual([]);
  });

  it("filters by category", async () => {
    // Written a second apart: two rows of one millisecond tie on recency, and the rebuild below numbers
    // ties by type and id, not in the order they were written (its "plano" answer then changed order).
    await run("insert into tasks (id, user_id, title, updated_at) values ('task-plan', ?, 'Plano de treino', ?)", anaId, Date.now() - 1000);
    await run("insert into goals (id, user_id, title, updated_at) values ('goal-plan', ?, 'Plano de poupança', ?)", anaId, Date.now());
    expect((await search(ana, "plano")).map((r) => r.type).sort()).toEqual(["goal", "task"]);
    expect(await titles(ana, "plano", "task")).toEqual(["Plano de treino"]);
    expect(await titles(ana, "plano", "goal")).toEqual(["Plano de poupança"]);
    expect(await titles(ana, "plano", "note")).toEqual([]);
    expect((await api("/search?q=plano&type=cycle", { headers: { cookie: ana } })).status).toBe(400);
  });

  it("filters by category before the window of ranked candidates, so older items of the category are not crowded out", async () => {
    await run("insert into goals (id, user_id, title, updated_at) values ('goal-lote', ?, 'Lote antigo', 1)", anaId);
    // 250 newer tasks with the same word: more than the 200 candidates scored.
    await run("with recursive n(i) as (select 1 union all select i + 1 from n where i < 250) insert into tasks (id, user_id, title, updated_at) select 'lote-' || i, ?, 'Lote ' || i, 1000 + i from n", anaId);
    expect(await titles(ana, "lote", "goal")).toEqual(["Lote antigo"]);
    expect(await search(ana, "lote")).toHaveLength(50);
    await run("delete from tasks where id like 'lote-%'");
  });

  it("pages through more matches than the limit with its cursor, in the ranking's order, each once", async () => {
    const cookie = await signUpAndLogIn("pages@search.test");
    const userId = await userIdOf("pages@search.test");
    // 7 matches: two with the word in the title and the body, five newer with it in the title.
    await run("with recursive n(i) as (select 1 union all select i + 1 from n where i < 5) insert into tasks (id, user_id, title, updated_at) select 'pagina-' || i, ?, 'Pagina ' || i, 100 + i from n", userId);
    await run("insert into tasks (id, user_id, title, description, updated_at) values ('pagina-a', ?, 'Pagina alta', 'pagina dupla', 1), ('pagina-b', ?, 'Pagina baixa', 'pagina dupla', 2)", userId, userId);
    const all = (await search(cookie, "pagina")).map((r) => r.id);
    expect([...all].sort()).toEqual(["pagina-1", "pagina-2", "pagina-3", "pagina-4", "pagina-5", "pagina-a", "pagina-b"]);

    const pages: { ids: string[]; nextCursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const response = await api(`/search?q=pagina&limit=3${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const body = await json(response);
      pages.push({ ids: body.items.map((r: Result) => r.id), nextCursor: body.nextCursor });
      cursor = body.nextCursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.ids)).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);
    expect(pages[0].nextCursor).toEqual(expect.any(String));
    expect(pages[2].nextCursor).toBeNull();
    // A limit that ends exactly at the last match: no empty page after it.
    const exact = await json(await api(`/search?q=pagina&limit=7`, { headers: { cookie } }));
    expect([exact.items.length, exact.nextCursor]).toEqual([7, null]);
  });

  it("answers 400 validation_failed for a cursor it did not write", async () => {
    const offsetCursor = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    for (const cursor of ["x", "!!", "%00", "a".repeat(2000), offsetCursor(["x"]), offsetCursor([-3]), offsetCursor([0]), offsetCursor([1.5]), offsetCursor([3, 4]), offsetCursor({ offset: 3 }), offsetCursor([1e300])]) {
      const response = await api(`/search?q=dentista&cursor=${encodeURIComponent(cursor)}`, { headers: { cookie: ana } });
      expect(response.status, cursor).toBe(400);
      expect(await json(response), cursor).toEqual({ error: { code: "validation_failed", message: expect.any(String), fields: { cursor: expect.any(String) } } });
    }
  });

  it("ranks the title above the description, then the more recent first", async () => {
    await run("insert into tasks (id, user_id, title, description, updated_at) values ('rank-body', ?, 'Compras', 'lista para o piquenique', 1)", anaId);
    await run("insert into tasks (id, user_id, title, updated_at) values ('rank-old', ?, 'Piquenique', 2)", anaId);
    await run("insert into tasks (id, user_id, title, updated_at) values ('rank-new', ?, 'Piquenique', 3)", anaId);
    expect((await search(ana, "piquenique")).map((r) => r.id)).toEqual(["rank-new", "rank-old", "rank-body"]);
  });

  it("needs 2 characters, cuts input over 200 characters, and answers FTS syntax, emoji and control characters without an error", async () => {
    expect((await api("/search?q=a", { headers: { cookie: ana } })).status).toBe(400);
    expect((await api("/search?q=%20%20a%20%20", { headers: { cookie: ana } })).status).toBe(400);
    expect(await titles(ana, `dentista ${"x".repeat(300)}`)).toEqual([]);
    expect(await titles(ana, `${"dentista ".repeat(30)}`)).toEqual(["Marcar dentista"]);
    const corpus = [
      '""',
      '"dentista',
      "dentista\"'",
      "dent*",
      "*dent",
      "^dentista",
      "dentista OR maratona",
      "NOT dentista",
      "dentista NOT",
      "dentista AND",
      "NEAR(dentista maratona)",
      "NEAR(dentista",
      "-dentista",
      "title:dentista",
      "{title}: dentista",
      "owner: x",
      "(dentista",
      "dentista)",
      "dentista + marcar",
      "🦷 dentista",
      "🦷🦷",
      "dentista\u0000\u0007\u001b",
      "\u202edentista",
      "'; drop table tasks; --",
      "%_\\",
      "ＤＥＮＴＩＳＴＡ",
    ];
    for (const q of corpus) {
      const found = await titles(ana, q);
      expect(found.every((t) => t === "Marcar dentista"), q).toBe(true);
    }
    expect(await titles(ana, "dentista OR maratona")).toEqual([]);
    expect(await titles(ana, "🦷 dentista")).toEqual(["Marcar dentista"]);
    expect(await titles(ana, "🦷🦷")).toEqual([]);
    expect(await titles(ana, "(dentista")).toEqual(["Marcar dentista"]);
    expect(await titles(ana, '"dent*"')).toEqual(["Marcar dentista"]);
    expect(await titles(ana, "dentista\u0000\u0007\u001b")).toEqual(["Marcar dentista"]);
    expect(await env.DB.prepare("select count(*) as n from tasks").first("n")).toBeGreaterThan(0);
  });

  it("reflects updates and deletes at once, through the API and through any other writer", async () => {
    const { task: created } = await json(await api("/tasks", { body: { title: "Lavar o carro" }, headers: { cookie: ana } }));
    expect(await titles(ana, "carro")).toEqual(["Lavar o carro"]);
    expect((await api(`/tasks/${created.id}`, { method: "PATCH", body: { title: "Lavar a bicicleta" }, headers: { cookie: ana } })).status).toBe(200);
    expect(await titles(ana, "carro")).toEqual([]);
    expect(await titles(ana, "bicicleta")).toEqual(["Lavar a bicicleta"]);
    expect((await search(ana, "bicicleta"))[0].metadata.status).toBe("todo");
    await run("update tasks set status = 'done' where id = ?", created.id);
    expect((await search(ana, "bicicleta"))[0].metadata.status).toBe("done");
    expect((await api(`/tasks/${created.id}`, { method: "DELETE", headers: { cookie: ana } })).status).toBeLessThan(300);
    expect(await titles(ana, "bicicleta")).toEqual([]);

    await run("update diary_entries set title = 'Dia na praia' where id = 'note-ana'");
    expect(await titles(ana, "jardim")).toEqual([]);
    expect(await titles(ana, "praia")).toEqual(["Dia na praia"]);
    await run("delete from transactions where id = 'tx-ana'");
    expect(await titles(ana, "acucar")).toEqual([]);
  });

  it("finds a task by its steps, shows them after the description, and follows every change of them", async () => {
    const steps = [{ text: "Reservar hotel" }, { text: "Comprar bilhetes" }, { text: "Fazer mala" }];
    const { task } = await json(await api("/tasks", { body: { title: "Preparar viagem", description: "Fim de semana no Porto", steps }, headers: { cookie: ana } }));
    const [found] = await search(ana, "bilhetes");
    expect(found).toMatchObject({ title: "Preparar viagem", description: "Fim de semana no Porto · Reservar hotel · Comprar bilhetes · Fazer mala" });
    const docId = async () => env.DB.prepare("select id from search_docs where type = 'task' and item_id = ?").bind(task.id).first<number>("id");
    const id = await docId();

    // Ticking a step leaves the index alone; renaming, moving and removing steps re-index the task in place.
    const [hotel, bilhetes, mala] = task.steps as { id: string }[];
    expect((await api(`/tasks/${task.id}/steps/${bilhetes.id}`, { method: "PATCH", body: { done: true }, headers: { cookie: ana } })).status).toBe(200);
    const renamed = [{ id: mala.id, text: "Fazer mala" }, { id: bilhetes.id, text: "Comprar passagens" }, { id: hotel.id, text: "Reservar hotel" }];
    expect((await api(`/tasks/${task.id}`, { method: "PATCH", body: { description: "", steps: renamed }, headers: { cookie: ana } })).status).toBe(200);
    expect(await titles(ana, "bilhetes")).toEqual([]);
    expect((await search(ana, "passagens"))[0].description).toBe("Fazer mala · Comprar passagens · Reservar hotel");
    expect(await docId()).toBe(id);
    // Any writer, not only the API.
    await run("delete from task_steps where id = ?", hotel.id);
    expect((await search(ana, "passagens"))[0].description).toBe("Fazer mala · Comprar passagens");
    expect(await titles(rui, "passagens")).toEqual([]);

    expect((await api(`/tasks/${task.id}`, { method: "PATCH", body: { steps: [] }, headers: { cookie: ana } })).status).toBe(200);
    expect(await titles(ana, "passagens")).toEqual([]);
    expect((await search(ana, "viagem"))[0].description).toBe("");

    // A task deleted with its steps (the cascade re-indexes nothing after the task's own trigger).
    expect((await api(`/tasks/${task.id}`, { method: "PATCH", body: { steps }, headers: { cookie: ana } })).status).toBe(200);
    expect((await api(`/tasks/${task.id}`, { method: "DELETE", headers: { cookie: ana } })).status).toBeLessThan(300);
    await run("delete from tasks where id = ?", task.id);
    expect(await titles(ana, "bilhetes")).toEqual([]);
    expect(await docId()).toBeNull();
  });

  it("keeps one-occurrence edits of a series out, and drops an event that becomes one", async () => {
    await run(
      "insert into events (id, user_id, series_id, recurrence_id, title, start, end, time_zone, uid, starts_at, ends_at) values ('occ-ana', ?, 'event-ana', '2026-12-01T10:00:00.000Z', 'Reunião mudada', '2026-12-01T11:00:00.000Z', '2026-12-01T12:00:00.000Z', 'Europe/Lisbon', 'uid-ana', 1, 2)",
      anaId,
    );
    expect(await titles(ana, "mudada")).toEqual([]);
    await run("insert into events (id, user_id, title, start, end, time_zone, uid, starts_at, ends_at) values ('solo-ana', ?, 'Jantar solto', '2026-12-02', '2026-12-03', 'Europe/Lisbon', 'uid-solo', 1, 2)", anaId);
    expect(await titles(ana, "solto")).toEqual(["Jantar solto"]);
    await run("update events set series_id = 'event-ana' where id = 'solo-ana'");
    expect(await titles(ana, "solto")).toEqual([]);
  });

  it("never answers another user's rows, even for a query that only they match", async () => {
    await seedItems(ruiId, "rui");
    await run("insert into tasks (id, user_id, title) values ('rui-only', ?, 'Segredo do Rui')", ruiId);
    expect(await titles(ana, "segredo")).toEqual([]);
    expect(await titles(rui, "segredo")).toEqual(["Segredo do Rui"]);
    // Both have a "dentista" task: each sees their own only.
    expect((await search(ana, "dentista")).map((r) => r.id)).toEqual(["task-ana"]);
    expect((await search(rui, "dentista")).map((r) => r.id)).toEqual(["task-rui"]);
    // Deleting the account takes its index rows with it.
    await run("delete from users where id = ?", ruiId);
    expect(await env.DB.prepare("select count(*) as n from search_docs where user_id = ?").bind(ruiId).first("n")).toBe(0);
  });

  it("names a transaction without a description by its category's label in the reader's language", async () => {
    const cookie = await signUpAndLogIn("eva@search.test");
    const evaId = await userIdOf("eva@search.test");
    await run("insert into transactions (id, user_id, type, amount_cents, description, date, category) values ('tx-eva', ?, 'expense', 900, '', '2026-11-22', 'groceries')", evaId);
    expect(await titles(cookie, "groceries")).toEqual(["Alimentação/Supermercado"]);
    expect((await api("/me", { method: "PATCH", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ language: "en" }) })).status).toBe(200);
    expect(await titles(cookie, "groceries")).toEqual(["Groceries"]);
  });

  it("does not index the cycle module (health data stays out of search)", async () => {
    const tables = searchSourcesOf(WORKER_MODULES).map((s) => s.table);
    expect(tables.sort()).toEqual(["assistant_messages", "diary_entries", "events", "goals", "tasks", "transactions"]);
    expect(WORKER_MODULES.find((m) => m.key === "cycle")?.searchTypes).toEqual([]);
  });
});

describe("the index in D1", () => {
  it("has exactly the triggers the modules' search sources declare (a table rebuilt by a migration loses its triggers)", async () => {
    const { results } = await env.DB.prepare("select name, sql from sqlite_master where type = 'trigger' and name like 'search_%' and name not like 'search_docs_%'").all<{ name: string; sql: string }>();
    const inD1 = Object.fromEntries(results.map((r) => [r.name, r.sql]));
    const declared = Object.fromEntries([SEARCH_OWNER_TRIGGER, ...searchSourcesOf(WORKER_MODULES).flatMap((s) => searchTriggers(s))].map((t) => [t.name, t.sql]));
    expect(inD1).toEqual(declared);
    // And the index's own, on search_docs (search_fts and search_substrings).
    const { results: own } = await env.DB.prepare("select sql from sqlite_master where type = 'trigger' and tbl_name = 'search_docs' order by name").all<{ sql: string }>();
    expect(own.map((r) => `${r.sql};`).sort()).toEqual(SEARCH_INDEX_DDL.filter((statement) => statement.startsWith("CREATE TRIGGER")).sort());
  });

  it("re-indexes a changed source's rows in place, each keeping its id (the migration that added the tasks' steps)", async () => {
    const taskSource = searchSourcesOf(WORKER_MODULES).find((s) => s.type === "task")!;
    await run("insert into tasks (id, user_id, title, status) values ('task-moving', ?, 'Mudar de casa', 'todo')", anaId);
    const docOf = () => env.DB.prepare("select id, body from search_docs where type = 'task' and item_id = 'task-moving'").first<{ id: number; body: string }>();
    const before = await docOf();
    // As before that migration: steps written while no trigger indexed them.
    for (const trigger of searchTriggers(taskSource).filter((t) => t.name.startsWith("search_task_task_steps_"))) await run(`drop trigger ${trigger.name}`);
    await run("insert into task_steps (id, user_id, task_id, position, text) values ('step-moving', ?, 'task-moving', 0, 'Contratar mudanças')", anaId);
    expect(await titles(ana, "mudancas")).toEqual([]);

    for (const statement of searchSourceChangeSql(taskSource, [])) await run(statement);
    expect(await titles(ana, "mudancas")).toEqual(["Mudar de casa"]);
    expect(await docOf()).toEqual({ id: before!.id, body: "Contratar mudanças" });
    await run("update task_steps set text = 'Contratar transportes' where id = 'step-moving'");
    expect(await titles(ana, "transportes")).toEqual(["Mudar de casa"]);
  });

  it("rebuilds the FTS index from search_docs to the same answers (the documented rebuild)", async () => {
    const before = await search(ana, "reuniao");
    await env.DB.prepare("insert into search_fts (search_fts) values ('rebuild')").run();
    await env.DB.prepare("insert into search_fts (search_fts) values ('integrity-check')").run();
    expect(await search(ana, "reuniao")).toEqual(before);
  });

  it("keeps a user's rows inside their own range of rowids through inserts, updates and deletes", async () => {
    const cookie = await signUpAndLogIn("range@search.test");
    const userId = await userIdOf("range@search.test");
    const base = await baseOf(userId);
    expect(base).toBeGreaterThan(0);
    // Interleaved with another user's writes, so a shared counter would mix the two.
    for (let i = 0; i < 3; i++) {
      await run("insert into tasks (id, user_id, title) values (?, ?, 'Faixa própria')", `range-${i}`, userId);
      await run("insert into tasks (id, user_id, title) values (?, ?, 'Faixa alheia')", `range-ana-${i}`, anaId);
    }
    const idsOf = async () => (await env.DB.prepare("select id from search_docs where user_id = ? order by id").bind(userId).all<{ id: number }>()).results.map((r) => r.id);
    const ids = await idsOf();
    // The next id after the largest in the range: consecutive, newest highest.
    expect(ids).toEqual([base + 1, base + 2, base + 3]);
    await run("update tasks set title = 'Faixa mudada' where id = 'range-0'");
    expect(await env.DB.prepare("select id from search_docs where item_id = 'range-0'").first("id")).toBe(base + 1);
    await run("delete from tasks where id = 'range-1'");
    await run("insert into tasks (id, user_id, title) values ('range-3', ?, 'Faixa nova')", userId);
    expect(await idsOf()).toEqual([base + 1, base + 3, base + 4]);
    expect(await titles(cookie, "faixa")).toEqual(["Faixa nova", "Faixa própria", "Faixa mudada"]);
    // Every row of every user lies in its owner's range.
    const outside = await env.DB.prepare("select count(*) as n from search_docs d join search_owners o on o.user_id = d.user_id where d.id <= o.base or d.id >= o.base + ?").bind(OWNER_RANGE).first("n");
    expect(outside).toBe(0);
  });

  it("gives every account its own range, after the last one, so two users never collide", async () => {
    await signUpAndLogIn("first@ranges.test");
    await signUpAndLogIn("second@ranges.test");
    const [first, second] = [await baseOf(await userIdOf("first@ranges.test")), await baseOf(await userIdOf("second@ranges.test"))];
    expect(second - first).toBe(OWNER_RANGE);
    const { results } = await env.DB.prepare("select base from search_owners order by base").all<{ base: number }>();
    for (let i = 1; i < results.length; i++) expect(results[i].base - results[i - 1].base).toBeGreaterThanOrEqual(OWNER_RANGE);
    expect(await env.DB.prepare("select count(*) as n from users where id not in (select user_id from search_owners)").first("n")).toBe(0);
  });

  it("keeps the ranges and the answers through the documented rebuild, numbering each user's rows by recency", async () => {
    const before = { reuniao: await search(ana, "reuniao"), plano: await search(ana, "plano"), faixa: await search(ana, "faixa") };
    const sources = searchSourcesOf(WORKER_MODULES);
    await env.DB.batch([...dropSearchIndexSql(sources), ...createSearchIndexSql(sources)].map((statement) => env.DB.prepare(statement)));
    expect({ reuniao: await search(ana, "reuniao"), plano: await search(ana, "plano"), faixa: await search(ana, "faixa") }).toEqual(before);
    const base = await baseOf(anaId);
    const { results } = await env.DB.prepare("select id, recency from search_docs where user_id = ? order by id").bind(anaId).all<{ id: number; recency: number }>();
    expect(results[0].id).toBe(base + 1);
    expect(results.map((r) => r.id)).toEqual(results.map((_, i) => base + 1 + i));
    expect(results.map((r) => r.recency)).toEqual(results.map((r) => r.recency).sort((a, b) => a - b));
    // New writes after the rebuild continue the range, and accounts made after it get theirs.
    await run("insert into tasks (id, user_id, title) values ('after-rebuild', ?, 'Depois da reconstrução')", anaId);
    expect(await env.DB.prepare("select id from search_docs where item_id = 'after-rebuild'").first("id")).toBe(base + results.length + 1);
    await signUpAndLogIn("late@ranges.test");
    expect(await baseOf(await userIdOf("late@ranges.test"))).toBe((await env.DB.prepare("select max(base) as b from search_owners").first<number>("b"))!);
    expect(await titles(ana, "reconstrucao")).toEqual(["Depois da reconstrução"]);
  });
});
