import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { claimIdempotencyKey, storeIdempotentAnswer } from "@worker/db/idempotency";
import { SAVE_AWAIT_MS } from "@worker/modules/diary/index";
import { publicEntry, updateEntry } from "@worker/modules/diary/queries";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import { app } from "../../worker/app";
import { endTrial, userIdOf } from "./billing-helpers";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

let ana: string;
let rui: string;
const today = () => localDate(new Date(), "Europe/Lisbon");
const as = (cookie: string) => ({
  get: (path: string) => api(`/diary${path}`, { headers: { cookie } }),
  post: (body: unknown, path = "") => api(`/diary${path}`, { body, headers: { cookie } }),
  patch: (id: string, body: unknown) => api(`/diary/${id}`, { method: "PATCH", body, headers: { cookie } }),
  del: (id: string) => api(`/diary/${id}`, { method: "DELETE", headers: { cookie } }),
});
const rowsOf = async (email: string) =>
  (await env.DB.prepare("select count(*) as n from diary_entries where user_id = ?").bind(await userIdOf(email)).first<{ n: number }>())!.n;

beforeAll(async () => {
  ana = await signUpAndLogIn("ana@diary.test");
  rui = await signUpAndLogIn("rui@diary.test");
});

describe("/diary CRUD", () => {
  it("creates, reads, lists newest first, updates and deletes an entry", async () => {
    const created = await as(ana).post({ title: "Dia bom", content: "Passeio no parque.", mood: 4, emotions: ["happy", "calm", "happy"], date: addDays(today(), -1) });
    expect(created.status).toBe(201);
    const { entry } = await json(created);
    expect(entry).toMatchObject({ title: "Dia bom", mood: 4, emotions: ["happy", "calm"], date: addDays(today(), -1), draft: false });
    expect(entry).not.toHaveProperty("userId");

    const second = await json(await as(ana).post({ title: "Hoje", content: "Sem data: é hoje." }));
    expect(second.entry.date).toBe(today());
    expect(second.entry.mood).toBeNull();

    const list = await json(await as(ana).get(""));
    expect(list.items.map((e: { title: string }) => e.title)).toEqual(["Hoje", "Dia bom"]);
    expect(list.nextCursor).toBeNull();
    const paged = await json(await as(ana).get("?limit=1"));
    expect(paged.items).toHaveLength(1);
    expect((await json(await as(ana).get(`?limit=1&cursor=${paged.nextCursor}`))).items[0].title).toBe("Dia bom");

    expect((await json(await as(ana).get(`/${entry.id}`))).entry.content).toBe("Passeio no parque.");
    const patched = await as(ana).patch(entry.id, { mood: 2, emotions: ["tired"] });
    expect(patched.status).toBe(200);
    expect((await json(patched)).entry).toMatchObject({ title: "Dia bom", mood: 2, emotions: ["tired"] });

    expect((await as(ana).del(entry.id)).status).toBe(204);
    expect((await as(ana).get(`/${entry.id}`)).status).toBe(404);
    await as(ana).del(second.entry.id);
  });

  it("saves drafts as the user types, and only saved entries count in the overview", async () => {
    const draft = await json(await as(ana).post({ draft: true }));
    expect(draft.entry).toMatchObject({ draft: true, title: "", content: "" });
    await as(ana).patch(draft.entry.id, { content: "Rascunho a meio", mood: 1, emotions: ["sad"] });
    expect((await json(await as(ana).get("?draft=true"))).items.map((e: { id: string }) => e.id)).toEqual([draft.entry.id]);
    expect((await json(await as(ana).get("/overview"))).entries).toBe(0);
    // Saving it: it now counts.
    expect((await as(ana).patch(draft.entry.id, { draft: false })).status).toBe(200);
    const overview = await json(await as(ana).get("/overview"));
    expect(overview).toMatchObject({ entries: 1, averageMood: 1, emotions: [{ emotion: "sad", count: 1 }] });
    await as(ana).del(draft.entry.id);
  });
});

describe("bad input", () => {
  it("answers 400 with field messages and saves nothing", async () => {
    const before = await rowsOf("ana@diary.test");
    const cases: [unknown, string, string][] = [
      [{ title: "x", mood: 0 }, "mood", "O humor deve ser um número de 1 a 5."],
      [{ title: "x", mood: 6 }, "mood", "O humor deve ser um número de 1 a 5."],
      [{ title: "x", mood: 3.5 }, "mood", "O humor deve ser um número de 1 a 5."],
      [{ title: "x", mood: "4" }, "mood", "O humor deve ser um número de 1 a 5."],
      [{ title: "x", emotions: ["happy", "angry"] }, "emotions", "Escolha emoções da lista."],
      [{ title: "x", emotions: "happy" }, "emotions", "Escolha emoções da lista."],
      [{ title: "x", content: "a".repeat(20_001) }, "content", "O texto pode ter no máximo 20 000 caracteres."],
      [{ title: "x", date: "2026-02-30" }, "date", "Indique uma data válida (AAAA-MM-DD)."],
      [{ title: "x", date: addDays(today(), 2) }, "date", "A data não pode ser no futuro."],
      [{ title: " ", content: "" }, "title", "Escreva um título ou algum texto antes de guardar."],
      [{ title: "x", owner: "someone" }, "body", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const response = await as(ana).post(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields[field], field).toBe(message);
    }
    expect((await as(ana).post("{not json", "")).status).toBe(400);
    expect(await rowsOf("ana@diary.test")).toBe(before);
  });

  it("accepts exactly 20,000 characters, and answers in the user's language", async () => {
    const ok = await as(ana).post({ title: "Longo", content: "a".repeat(20_000) });
    expect(ok.status).toBe(201);
    await as(ana).del((await json(ok)).entry.id);
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: rui } })).status).toBe(200);
    const bad = await json(await as(rui).post({ title: "x", mood: 9, emotions: ["bored"] }));
    expect(bad.error.fields).toEqual({ mood: "Mood must be a number from 1 to 5.", emotions: "Choose emotions from the list." });
  });

  it("refuses a bad overview range", async () => {
    expect((await as(ana).get("/overview?from=2026-11-10&to=2026-11-01")).status).toBe(400);
    expect((await as(ana).get("/overview?from=2020-01-01&to=2026-11-01")).status).toBe(400);
    expect((await as(ana).get("/overview?from=nope")).status).toBe(400);
    expect((await as(ana).get("?limit=0")).status).toBe(400);
  });
});

describe("an edit made from an older version (baseUpdatedAt, docs/decisions/0091)", () => {
  const stored = async (id: string) =>
    (await env.DB.prepare("select title, content, updated_at as updatedAt from diary_entries where id = ?").bind(id).first<{ title: string; content: string; updatedAt: number }>())!;

  it("is refused with 409 conflict when the entry changed since, and changes nothing", async () => {
    const { entry } = await json(await as(ana).post({ title: "Manhã", content: "Escrito no telemóvel." }));
    // Another device writes newer words; this one still holds the version it opened.
    const other = await json(await as(ana).patch(entry.id, { content: "Escrito no portátil, mais tarde." }));
    expect(new Date(other.entry.updatedAt).getTime()).toBeGreaterThan(new Date(entry.updatedAt).getTime());
    const before = await stored(entry.id);

    const stale = await as(ana).patch(entry.id, { content: "Texto antigo do telemóvel", baseUpdatedAt: entry.updatedAt });
    expect(stale.status).toBe(409);
    expect(await json(stale)).toEqual({ error: { code: "conflict", message: "Esta entrada foi alterada noutro dispositivo depois de a abrir aqui. Nada foi mudado." } });
    expect(await stored(entry.id)).toEqual(before);

    // In the user's language.
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: rui } })).status).toBe(200);
    const { entry: ruis } = await json(await as(rui).post({ title: "Evening", content: "First words." }));
    await as(rui).patch(ruis.id, { content: "Newer words." });
    const refused = await json(await as(rui).patch(ruis.id, { content: "Older words", baseUpdatedAt: ruis.updatedAt }));
    expect(refused.error).toEqual({ code: "conflict", message: "This entry was changed on another device after you opened it here. Nothing was changed." });
    await as(ana).del(entry.id);
    await as(rui).del(ruis.id);
  });

  // What the offline queue rests on (0091, revised 2026-12-06): a write replayed with its key answers
  // the version it made, even after later writes, and that version is the base of the next edit.
  it("answers a replayed delete (the offline queue's) with its first 204, not a 404 that would read as refused", async () => {
    const { entry } = await json(await as(ana).post({ title: "Apagar offline", content: "x" }));
    const key = `diary-delete-${crypto.randomUUID()}`;
    const remove = () => api(`/diary/${entry.id}`, { method: "DELETE", headers: { cookie: ana, "Idempotency-Key": key } });
    expect((await remove()).status).toBe(204);
    const replayed = await remove();
    expect(replayed.status).toBe(204);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await as(ana).get(`/${entry.id}`)).status).toBe(404);
  });

  it("refuses an edit of an entry created offline, made from its creation, once another device changed it", async () => {
    const key = crypto.randomUUID();
    const create = () => api("/diary", { body: { title: "Sem rede", content: "Escrito offline.", draft: true }, headers: { cookie: ana, "Idempotency-Key": key } });
    const { entry } = await json(await create());
    await as(ana).patch(entry.id, { content: "Escrito noutro dispositivo." });
    // The queue had no answer the first time: its replay is answered the creation's own version.
    const replayed = await json(await create());
    expect(replayed.entry).toEqual(entry);
    const stale = await as(ana).patch(entry.id, { content: "Escrito offline, e mais.", baseUpdatedAt: replayed.entry.updatedAt });
    expect(stale.status).toBe(409);
    expect((await stored(entry.id)).content).toBe("Escrito noutro dispositivo.");
    await as(ana).del(entry.id);
  });

  it("saves a queued edit made from the version the edit before it (same key, replayed) answered", async () => {
    const { entry } = await json(await as(ana).post({ title: "Fila", content: "Um", draft: true }));
    const key = crypto.randomUUID();
    const first = () => api(`/diary/${entry.id}`, { method: "PATCH", body: { content: "Um dois", baseUpdatedAt: entry.updatedAt }, headers: { cookie: ana, "Idempotency-Key": key } });
    const { entry: landed } = await json(await first());
    const replayed = await first();
    expect(replayed.status).toBe(200);
    expect((await json(replayed)).entry.updatedAt).toBe(landed.updatedAt);
    // The second edit, queued from the same base, would be refused (its own first edit moved the entry on) …
    expect((await as(ana).patch(entry.id, { content: "Um dois três", baseUpdatedAt: entry.updatedAt })).status).toBe(409);
    // … and is saved from the version the first one answered.
    expect((await as(ana).patch(entry.id, { content: "Um dois três", baseUpdatedAt: landed.updatedAt })).status).toBe(200);
    expect((await stored(entry.id)).content).toBe("Um dois três");
    await as(ana).del(entry.id);
  });

  // The words sent as a page closes while the writer's previous save is still on its way (0108
  // "Revised (2)"): both carry the same base, and the later one names the earlier one's key.
  it("saves the words sent as the page closes whichever of the two saves lands first, and still refuses another device's words", async () => {
    const { entry } = await json(await as(ana).post({ title: "Fecho", content: "Um", draft: true }));
    const patch = (body: Record<string, unknown>, key = crypto.randomUUID()) => api(`/diary/${entry.id}`, { method: "PATCH", body, headers: { cookie: ana, "Idempotency-Key": key } });
    // The running save lands first: the closing one, made from the same base, names it and is saved.
    const running = crypto.randomUUID();
    expect((await patch({ content: "Um dois", baseUpdatedAt: entry.updatedAt }, running)).status).toBe(200);
    const closing = await patch({ content: "Um dois três", baseUpdatedAt: entry.updatedAt, baseSaveKey: running });
    expect(closing.status).toBe(200);
    expect((await stored(entry.id)).content).toBe("Um dois três");
    // The closing one lands first: it is saved, and the running one (older words) is refused, never written over it.
    const { entry: now } = await json(closing);
    const late = crypto.randomUUID();
    expect((await patch({ content: "Um dois três quatro cinco", baseUpdatedAt: now.updatedAt, baseSaveKey: late })).status).toBe(200);
    expect((await patch({ content: "Um dois três quatro", baseUpdatedAt: now.updatedAt }, late)).status).toBe(409);
    expect((await stored(entry.id)).content).toBe("Um dois três quatro cinco");

    // Another device wrote after the running save: the closing one is refused, and changes nothing.
    const { entry: base } = await json(await as(ana).get(`/${entry.id}`));
    const mine = crypto.randomUUID();
    expect((await patch({ content: "Meu", baseUpdatedAt: base.updatedAt }, mine)).status).toBe(200);
    expect((await as(ana).patch(entry.id, { content: "Do portátil" })).status).toBe(200);
    expect((await patch({ content: "Meu, e mais", baseUpdatedAt: base.updatedAt, baseSaveKey: mine })).status).toBe(409);
    expect((await stored(entry.id)).content).toBe("Do portátil");
    // A key of another entry's save, another user's, or one never used names nothing of this entry's.
    const { entry: other } = await json(await as(ana).post({ title: "Outra", content: "x", draft: true }));
    const elsewhere = crypto.randomUUID();
    expect((await api(`/diary/${other.id}`, { method: "PATCH", body: { content: "y" }, headers: { cookie: ana, "Idempotency-Key": elsewhere } })).status).toBe(200);
    const { entry: latest } = await json(await as(ana).get(`/${entry.id}`));
    expect((await as(ana).patch(entry.id, { content: "Outra vez" })).status).toBe(200);
    for (const key of [elsewhere, crypto.randomUUID()]) expect((await patch({ content: "Não", baseUpdatedAt: latest.updatedAt, baseSaveKey: key })).status).toBe(409);
    const ruiKey = crypto.randomUUID();
    const { entry: ruis } = await json(await as(rui).post({ title: "Do Rui", content: "x", draft: true }));
    expect((await api(`/diary/${ruis.id}`, { method: "PATCH", body: { content: "z" }, headers: { cookie: rui, "Idempotency-Key": ruiKey } })).status).toBe(200);
    expect((await patch({ content: "Não", baseUpdatedAt: latest.updatedAt, baseSaveKey: ruiKey })).status).toBe(409);
    expect((await stored(entry.id)).content).toBe("Outra vez");
    // A key that is not one is bad input, in the field's words.
    const bad = await as(ana).patch(entry.id, { content: "Não", baseSaveKey: "curta" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.baseSaveKey).toBe("Indique a Idempotency-Key da gravação que esta edição segue (8 a 200 letras, algarismos, \"_\", \".\", \":\" ou \"-\").");
    for (const id of [entry.id, other.id]) await as(ana).del(id);
    await as(rui).del(ruis.id);
  });

  // The ms window (0108 "Revised 3"): the running save has written, its answer is not stored yet.
  it("waits for the running save's answer when the closing words land between its write and its stored answer", async () => {
    const { entry } = await json(await as(ana).post({ title: "Janela", content: "Um", draft: true }));
    const userId = await userIdOf("ana@diary.test");
    // The running save, as the idempotency middleware runs it: its key claimed, then its write …
    const running = crypto.randomUUID();
    await claimIdempotencyKey(env.DB, userId, running, { requestHash: "running", method: "PATCH", path: `/api/v1/diary/${entry.id}` });
    const written = await updateEntry(database(env.DB), userId, entry.id, { content: "Um dois" }, Date.parse(entry.updatedAt));
    // … the closing words arrive now, and only then is the running save's answer stored.
    const closing = api(`/diary/${entry.id}`, { method: "PATCH", body: { content: "Um dois três", baseUpdatedAt: entry.updatedAt, baseSaveKey: running }, headers: { cookie: ana, "Idempotency-Key": crypto.randomUUID() } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await storeIdempotentAnswer(env.DB, userId, running, { status: 200, contentType: "application/json", body: JSON.stringify({ entry: publicEntry(written) }) });
    expect((await closing).status).toBe(200);
    expect((await stored(entry.id)).content).toBe("Um dois três");
    await as(ana).del(entry.id);
  });

  // The other side of that window (0108 "Revised 3"): the closing words read the entry before the
  // running save wrote, and their conditional write comes after it. The entry changed between the
  // read and the write, by the save the closing words name: it is looked at once more and saved.
  it("looks once more when the save it names writes between its read and its conditional write", async () => {
    const { entry } = await json(await as(ana).post({ title: "Entre", content: "Um", draft: true }));
    const userId = await userIdOf("ana@diary.test");
    const running = crypto.randomUUID();
    await claimIdempotencyKey(env.DB, userId, running, { requestHash: "running", method: "PATCH", path: `/api/v1/diary/${entry.id}` });
    // The running save lands just before the closing edit's first conditional write runs.
    const writesBetween = async () => {
      const written = await updateEntry(database(env.DB), userId, entry.id, { content: "Um dois" }, Date.parse(entry.updatedAt));
      await storeIdempotentAnswer(env.DB, userId, running, { status: 200, contentType: "application/json", body: JSON.stringify({ entry: publicEntry(written) }) });
    };
    const conditionalWrites: string[] = [];
    const DB = new Proxy(env.DB, {
      get(target, name) {
        if (name !== "prepare") {
          const value = Reflect.get(target, name, target);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!/^update "diary_entries"/i.test(sql)) return statement;
          conditionalWrites.push(sql);
          const first = conditionalWrites.length === 1;
          const run = (bound: D1PreparedStatement): D1PreparedStatement =>
            new Proxy(bound, {
              get(inner, method) {
                if (method === "bind") return (...values: unknown[]) => run(inner.bind(...values));
                const value = Reflect.get(inner, method, inner);
                if (typeof value !== "function") return value;
                if (!first || !["all", "raw", "run", "first"].includes(String(method))) return value.bind(inner);
                return async (...args: unknown[]) => {
                  await writesBetween();
                  return value.apply(inner, args);
                };
              },
            });
          return run(statement);
        };
      },
    });
    const ctx = createExecutionContext();
    const closing = await app.fetch(
      new Request(`${ORIGIN}/api/v1/diary/${entry.id}`, {
        method: "PATCH",
        body: JSON.stringify({ content: "Um dois três", baseUpdatedAt: entry.updatedAt, baseSaveKey: running }),
        headers: { cookie: ana, origin: ORIGIN, "content-type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      }),
      { ...env, DB },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(conditionalWrites).toHaveLength(2);
    expect(closing.status).toBe(200);
    expect((await stored(entry.id)).content).toBe("Um dois três");
    await as(ana).del(entry.id);
  });

  // A new entry's first save (its POST) still on its way as the page closes (0108 "Revised 3"):
  // the closing words name its key, and are written to the entry it creates, once.
  it("writes the words sent as the page closes to the entry whose creation was on its way, whichever lands first", async () => {
    const before = await rowsOf("ana@diary.test");
    const post = (body: Record<string, unknown>, key = crypto.randomUUID()) => api("/diary", { body, headers: { cookie: ana, "Idempotency-Key": key } });
    const words = { title: "", mood: null, emotions: [], date: today(), draft: true };
    // The closing words arrive before the creation they follow: they wait for it.
    const creation = crypto.randomUUID();
    const closingKey = crypto.randomUUID();
    const closingBody = { ...words, content: "Primeiras palavras, e as últimas", baseSaveKey: creation };
    const closing = post(closingBody, closingKey);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const created = await post({ ...words, content: "Primeiras palavras" }, creation);
    expect(created.status).toBe(201);
    const answer = await closing;
    expect(answer.status).toBe(200);
    const { entry } = await json(created);
    expect((await json(answer)).entry).toMatchObject({ id: entry.id, content: "Primeiras palavras, e as últimas", draft: true });
    expect((await stored(entry.id)).content).toBe("Primeiras palavras, e as últimas");
    expect(await rowsOf("ana@diary.test")).toBe(before + 1);
    // Sent again with its key (the page keeps it until it sees an answer): answered once more, nothing new.
    const replayed = await post(closingBody, closingKey);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await rowsOf("ana@diary.test")).toBe(before + 1);

    // The creation lands first ("Guardar entrada"): the closing words follow it, and it stays saved, not a draft.
    const saving = crypto.randomUUID();
    const { entry: saved } = await json(await post({ ...words, content: "Guardada", draft: false }, saving));
    expect((await post({ ...words, content: "Guardada, e mais", baseSaveKey: saving })).status).toBe(200);
    expect(await stored(saved.id)).toMatchObject({ content: "Guardada, e mais" });
    expect((await json(await as(ana).get(`/${saved.id}`))).entry.draft).toBe(false);

    // Changed on another device since its creation: refused, as an edit of an older version.
    const mine = crypto.randomUUID();
    const { entry: other } = await json(await post({ ...words, content: "Meu" }, mine));
    expect((await as(ana).patch(other.id, { content: "Do portátil" })).status).toBe(200);
    const refused = await post({ ...words, content: "Meu, e mais", baseSaveKey: mine });
    expect(refused.status).toBe(409);
    expect((await stored(other.id)).content).toBe("Do portátil");
    // Another user's creation names no creation of this user's: refused, and nothing is made.
    const ruiKey = crypto.randomUUID();
    const { entry: ruis } = await json(await api("/diary", { body: { content: "Do Rui", draft: true }, headers: { cookie: rui, "Idempotency-Key": ruiKey } }));
    const count = await rowsOf("ana@diary.test");
    expect((await post({ ...words, content: "Não", baseSaveKey: ruiKey })).status).toBe(409);
    expect(await rowsOf("ana@diary.test")).toBe(count);
    for (const id of [entry.id, saved.id, other.id]) await as(ana).del(id);
    await as(rui).del(ruis.id);
  });

  it("refuses the closing words of a creation that never lands, after waiting for it, and writes nothing", async () => {
    const before = await rowsOf("ana@diary.test");
    const started = Date.now();
    const refused = await api("/diary", { body: { content: "Sem entrada", draft: true, baseSaveKey: crypto.randomUUID() }, headers: { cookie: ana, "Idempotency-Key": crypto.randomUUID() } });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toMatchObject({ code: "conflict", message: "A entrada que estas palavras continuam ainda não foi criada. Nada foi mudado." });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SAVE_AWAIT_MS - 50);
    expect(await rowsOf("ana@diary.test")).toBe(before);
    // A key that is not one is bad input, in the field's words.
    const bad = await as(ana).post({ content: "Não", baseSaveKey: "curta" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.baseSaveKey).toBeDefined();
  });

  it("is saved when the base is the stored version, and successive saves chain on each answer's updatedAt", async () => {
    // A new entry's updated_at is written by SQL (`unixepoch('subsec') * 1000`), later ones by the Worker.
    const { entry } = await json(await as(ana).post({ title: "Tarde", content: "Um", draft: true }));
    const first = await as(ana).patch(entry.id, { content: "Um dois", baseUpdatedAt: entry.updatedAt });
    expect(first.status).toBe(200);
    const { entry: saved } = await json(first);
    expect(saved.content).toBe("Um dois");
    const second = await as(ana).patch(entry.id, { content: "Um dois três", baseUpdatedAt: saved.updatedAt });
    expect(second.status).toBe(200);
    expect((await stored(entry.id)).content).toBe("Um dois três");
    // The base of the first save is now stale: its own later save moved the entry on.
    expect((await as(ana).patch(entry.id, { content: "Um", baseUpdatedAt: saved.updatedAt })).status).toBe(409);
    await as(ana).del(entry.id);
  });

  it("compares at the stored precision (milliseconds; a fraction of one is the same version) and with any offset", async () => {
    const { entry } = await json(await as(ana).post({ title: "Precisão", content: "…" }));
    // What SQLite's subsecond default can store: a real number of milliseconds.
    await env.DB.prepare("update diary_entries set updated_at = 1767225600123.75 where id = ?").bind(entry.id).run();
    const { entry: read } = await json(await as(ana).get(`/${entry.id}`));
    expect(read.updatedAt).toBe("2026-01-01T00:00:00.123Z");
    expect((await as(ana).patch(entry.id, { content: "micro", baseUpdatedAt: "2026-01-01T00:00:00.122999Z" })).status).toBe(409);
    expect((await as(ana).patch(entry.id, { content: "mesma versão", baseUpdatedAt: "2026-01-01T01:00:00.123+01:00" })).status).toBe(200);
    await as(ana).del(entry.id);
  });

  it("gives every write a newer updatedAt than the one before, even from a clock that is behind", async () => {
    const { entry } = await json(await as(ana).post({ title: "Relógio", content: "…" }));
    const future = Date.now() + 60_000;
    await env.DB.prepare("update diary_entries set updated_at = ? where id = ?").bind(future, entry.id).run();
    const { entry: saved } = await json(await as(ana).patch(entry.id, { content: "depois" }));
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(future);
    // A client that saw the version before cannot replace this one.
    expect((await as(ana).patch(entry.id, { content: "antes", baseUpdatedAt: new Date(future).toISOString() })).status).toBe(409);
    await as(ana).del(entry.id);
  });

  it("is checked by the write itself: an update from a stale base writes nothing, whatever was read before it", async () => {
    const { entry } = await json(await as(ana).post({ title: "Corrida", content: "primeiro" }));
    await as(ana).patch(entry.id, { content: "do outro dispositivo" });
    const userId = await userIdOf("ana@diary.test");
    const written = await updateEntry(database(env.DB), userId, entry.id, { content: "antigo" }, new Date(entry.updatedAt).getTime());
    expect(written).toBeUndefined();
    expect((await stored(entry.id)).content).toBe("do outro dispositivo");
    await as(ana).del(entry.id);
  });

  it("without a base saves as before (older clients)", async () => {
    const { entry } = await json(await as(ana).post({ title: "Sem base", content: "um" }));
    await as(ana).patch(entry.id, { content: "dois" });
    const response = await as(ana).patch(entry.id, { content: "três" });
    expect(response.status).toBe(200);
    expect((await stored(entry.id)).content).toBe("três");
    await as(ana).del(entry.id);
  });

  it("answers 404 for another user's entry, with or without a base", async () => {
    const { entry } = await json(await as(ana).post({ title: "Só da Ana", content: "privado" }));
    for (const baseUpdatedAt of [entry.updatedAt, "2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z"]) {
      const response = await as(rui).patch(entry.id, { content: "Roubado", baseUpdatedAt });
      expect(response.status).toBe(404);
      expect((await json(response)).error.code).toBe("not_found");
    }
    expect((await stored(entry.id)).content).toBe("privado");
    await as(ana).del(entry.id);
  });

  it("answers 400 validation_failed for a base that is not an instant with an offset", async () => {
    const { entry } = await json(await as(ana).post({ title: "Base", content: "texto" }));
    for (const baseUpdatedAt of ["ontem", "2026-03-10", "2026-03-10T09:00:00", "2026-02-30T09:00:00Z", 1767225600123, null, ""]) {
      const response = await as(ana).patch(entry.id, { content: "x", baseUpdatedAt });
      expect(response.status, String(baseUpdatedAt)).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields.baseUpdatedAt).toBe("Indique a versão da entrada em que a edição começou (um instante ISO 8601 com fuso).");
    }
    // Only PATCH takes it: a new entry has no earlier version.
    expect((await as(ana).post({ title: "x", baseUpdatedAt: entry.updatedAt })).status).toBe(400);
    expect((await stored(entry.id)).content).toBe("texto");
    await as(ana).del(entry.id);
  });
});

describe("overview, analysis and insights", () => {
  it("computes mood over time, emotion frequencies, weekday moods, pairs and the writing streak", async () => {
    const t = today();
    const days = [0, 1, 2, 15, 16, 17].map((n) => addDays(t, -n));
    for (const [i, date] of days.entries()) {
      const recent = i < 3;
      await as(ana).post({ title: `Dia ${i}`, content: "…", date, mood: recent ? 5 : 2, emotions: recent ? ["calm", "grateful"] : ["anxious", "tired"] });
    }
    const overview = await json(await as(ana).get(`/overview?from=${addDays(t, -29)}&to=${t}`));
    expect(overview.entries).toBe(6);
    expect(overview.averageMood).toBe(3.5);
    expect(overview.moodSeries).toHaveLength(6);
    expect(overview.moodSeries.at(-1)).toEqual({ date: t, mood: 5 });
    expect(overview.emotions.map((e: { emotion: string }) => e.emotion).sort()).toEqual(["anxious", "calm", "grateful", "tired"]);
    expect(overview.analysis.writingStreak).toEqual({ current: 3, longest: 3 });
    expect(overview.analysis.emotionPairs).toContainEqual({ emotions: ["calm", "grateful"], count: 3 });
    expect(overview.analysis.moodByWeekday).toHaveLength(7);

    expect((await json(await as(ana).get(""))).items).toHaveLength(6);
    const { items, phrasedBy } = await json(await as(ana).get("/insights"));
    expect(phrasedBy).toBe("templates");
    const trend = items.find((i: { kind: string }) => i.kind === "moodTrend");
    expect(trend.values).toEqual({ direction: "up", now: 5, then: 2 });
    expect(trend.text).toBe("O seu humor médio nas últimas duas semanas foi 5, acima dos 2 das duas semanas anteriores.");
    expect(items.find((i: { kind: string }) => i.kind === "streak").text).toContain("3 dias seguidos");
  });

  it("counts the writing streak over every written day, not only the days of the chosen range", async () => {
    const leo = await signUpAndLogIn("leo@diary.test");
    const t = today();
    // 40 days in a row up to today, a gap, then an older run of 45 days: seen through "30 dias".
    const run = [...Array.from({ length: 40 }, (_, n) => n), ...Array.from({ length: 45 }, (_, n) => 42 + n)];
    for (const n of run) await as(leo).post({ title: `Dia ${n}`, content: "…", date: addDays(t, -n), mood: 3 });
    const month = await json(await as(leo).get(`/overview?from=${addDays(t, -29)}&to=${t}`));
    expect(month.entries).toBe(30);
    expect(month.analysis.writingStreak).toEqual({ current: 40, longest: 45 });
    // A range ending in the past counts the run that ends on its last day.
    const past = await json(await as(leo).get(`/overview?from=${addDays(t, -50)}&to=${addDays(t, -45)}`));
    expect(past.analysis.writingStreak).toEqual({ current: 42, longest: 42 });
    const streak = (await json(await as(leo).get("/insights"))).items.find((i: { kind: string }) => i.kind === "streak");
    expect(streak.values).toEqual({ days: 40, longest: 45 });
  });

  it("reads the overview's and the insights' entries and written days in one D1 round trip, with the same figures", async () => {
    const mia = await signUpAndLogIn("mia@diary.test");
    const zoe = await signUpAndLogIn("zoe@diary.test");
    const t = today();
    // A run of 3 days to today, a gap, an older run of 5 (before the 30-day range), and a draft and
    // another user's entries that count for nothing.
    for (const n of [0, 1, 2, 40, 41, 42, 43, 44]) await as(mia).post({ title: `Dia ${n}`, content: "…", date: addDays(t, -n), mood: 4, emotions: ["calm"] });
    await as(mia).post({ title: "Outra do dia", content: "…", date: t, mood: 2 });
    await as(mia).post({ title: "Rascunho", content: "…", date: addDays(t, -3), mood: 1, draft: true });
    await as(zoe).post({ title: "Da Zoe", content: "…", date: addDays(t, -3), mood: 5 });
    const counted = async (path: string) => {
      const calls: D1Call[] = [];
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`${ORIGIN}/api/v1/diary${path}`, { headers: { cookie: mia } }), { ...env, DB: countingD1(env.DB, calls) }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(200);
      return { body: await json(response), diaryReads: calls.filter((call) => call.sql.some((sql) => sql.includes("diary_entries"))) };
    };
    const overview = await counted(`/overview?from=${addDays(t, -29)}&to=${t}`);
    expect(overview.diaryReads).toHaveLength(1);
    expect(overview.body.entries).toBe(4);
    expect(overview.body.analysis.writingStreak).toEqual({ current: 3, longest: 5 });
    const insights = await counted("/insights");
    expect(insights.diaryReads).toHaveLength(1);
    expect(insights.body.items.find((i: { kind: string }) => i.kind === "streak").values).toEqual({ days: 3, longest: 5 });
  });

  it("writes mood averages with the language's decimal separator (3,3 in Portuguese, 3.3 in English)", async () => {
    const eva = await signUpAndLogIn("eva@diary.test");
    const t = today();
    // The last two weeks average 10/3 = 3.3, the two before 7/3 = 2.3.
    for (const [n, mood] of [[0, 4], [1, 3], [2, 3], [15, 2], [16, 2], [17, 3]]) {
      await as(eva).post({ title: `Dia ${n}`, content: "…", date: addDays(t, -n), mood });
    }
    const trendOf = async () => (await json(await as(eva).get("/insights"))).items.find((i: { kind: string }) => i.kind === "moodTrend");
    const pt = await trendOf();
    expect(pt.values).toEqual({ direction: "up", now: 3.3, then: 2.3 });
    expect(pt.text).toBe("O seu humor médio nas últimas duas semanas foi 3,3, acima dos 2,3 das duas semanas anteriores.");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: eva } })).status).toBe(200);
    expect((await trendOf()).text).toMatch(/ 3\.3\b.* 2\.3\b/);
  });

  it("finds entries through the global search as notes, for their owner only", async () => {
    await as(ana).post({ title: "Conversa com a avó", content: "Falámos do jardim." });
    const found = await json(await api("/search?q=JARDIM&type=note", { headers: { cookie: ana } }));
    expect(found.items).toEqual([expect.objectContaining({ title: "Conversa com a avó", type: "note", module: "diary", url: expect.stringContaining("/app/diario") })]);
    expect((await json(await api("/search?q=jardim", { headers: { cookie: rui } }))).items).toEqual([]);
  });
});

describe("two users", () => {
  it("never see, change or delete each other's entries (404)", async () => {
    const { entry } = await json(await as(ana).post({ title: "Só da Ana", content: "privado" }));
    expect((await as(rui).get(`/${entry.id}`)).status).toBe(404);
    expect((await as(rui).patch(entry.id, { title: "Roubado" })).status).toBe(404);
    expect((await as(rui).del(entry.id)).status).toBe(404);
    expect((await json(await as(rui).get(""))).items).toEqual([]);
    expect((await json(await as(rui).get("/overview"))).entries).toBe(0);
    expect((await json(await as(ana).get(`/${entry.id}`))).entry.title).toBe("Só da Ana");
    const exported = await (await api("/me/export", { headers: { cookie: rui } })).text();
    expect(exported).not.toContain("Só da Ana");
  });
});

describe("a Free user after the trial", () => {
  it("reads, exports and deletes entries but cannot write, see the overview or the insights (402)", async () => {
    const free = await signUpAndLogIn("free@diary.test");
    const { entry } = await json(await as(free).post({ title: "Antes do fim do teste", content: "texto", mood: 3 }));
    await endTrial(await userIdOf("free@diary.test"));
    expect((await as(free).get("")).status).toBe(200);
    expect((await as(free).get(`/${entry.id}`)).status).toBe(200);
    const exported = await json(await api("/me/export", { headers: { cookie: free } }));
    expect(exported.diaryEntries).toEqual([expect.objectContaining({ title: "Antes do fim do teste", mood: 3 })]);
    for (const response of [await as(free).post({ title: "Novo" }), await as(free).patch(entry.id, { title: "Mudado" }), await as(free).get("/overview"), await as(free).get("/insights")]) {
      expect(response.status).toBe(402);
      expect((await json(response)).error.code).toBe("premium_required");
    }
    expect(await rowsOf("free@diary.test")).toBe(1);
    expect((await as(free).del(entry.id)).status).toBe(204);
  });
});

describe("the aiOnPersonalData preference", () => {
  it("is off unless the user turns it on, and takes only a boolean", async () => {
    expect((await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: true } }, headers: { cookie: ana } })).status).toBe(200);
    const stored = await env.DB.prepare("select preferences from users where email = ?").bind("ana@diary.test").first<{ preferences: string }>();
    expect(JSON.parse(stored!.preferences).aiOnPersonalData).toBe(true);
    expect((await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: "yes" } }, headers: { cookie: ana } })).status).toBe(400);
    expect((await api("/me", { method: "PATCH", body: { preferences: { aiOnPersonalData: null } }, headers: { cookie: ana } })).status).toBe(200);
    const cleared = await env.DB.prepare("select preferences from users where email = ?").bind("ana@diary.test").first<{ preferences: string }>();
    expect(JSON.parse(cleared!.preferences)).not.toHaveProperty("aiOnPersonalData");
  });
});
