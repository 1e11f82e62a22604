import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import { endTrial, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

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
