/**
 * The diary list's filters (`mood`, `emotion`, `q`) and "Neste dia" (GET /diary/on-this-day):
 * decision 0115.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate } from "@worker/modules/selfCare/streaks";
import { app } from "../../worker/app";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

let eva: string;
let leo: string;
const today = () => localDate(new Date(), "Europe/Lisbon");
const get = (cookie: string, path: string) => api(`/diary${path}`, { headers: { cookie } });
const post = (cookie: string, body: unknown) => api("/diary", { body, headers: { cookie } });
const titles = async (cookie: string, path: string) => {
  const response = await get(cookie, path);
  expect(response.status).toBe(200);
  return (await json(response)).items.map((e: { title: string }) => e.title) as string[];
};
type Entry = { title: string; content?: string; mood: number | null; emotions: string[]; days: number; draft?: boolean };

beforeAll(async () => {
  eva = await signUpAndLogIn("eva@diary-filters.test", undefined, "Eva Lopes");
  leo = await signUpAndLogIn("leo@diary-filters.test", undefined, "Leo Lopes");
  const t = today();
  const eva_: Entry[] = [
    { title: "Manhã calma", content: "Café na varanda, sem pressa.", mood: 4, emotions: ["calm", "grateful"], days: 1 },
    { title: "Reunião longa", content: "Muitas reuniões; saí cansada.", mood: 2, emotions: ["tired", "anxious"], days: 2 },
    { title: "Praia", content: "Água fria, coração quente. CORAÇÃO!", mood: 5, emotions: ["happy", "calm"], days: 3 },
    { title: "Sem humor", content: "Só umas linhas sobre o café.", mood: null, emotions: [], days: 4 },
    { title: "Rascunho calmo", content: "Ainda por acabar.", mood: 4, emotions: ["calm"], days: 5, draft: true },
    { title: "Dia bom", content: "Jantar com amigos.", mood: 4, emotions: ["happy"], days: 6 },
  ];
  for (const e of eva_) expect((await post(eva, { title: e.title, content: e.content ?? "", mood: e.mood, emotions: e.emotions, date: addDays(t, -e.days), draft: e.draft ?? false })).status).toBe(201);
  // Another user's entries match every filter below: none may ever show in Eva's lists.
  for (const days of [1, 3, 6]) await post(leo, { title: `Do Leo ${days}`, content: "Café calmo, coração e praia.", mood: 4, emotions: ["calm", "happy"], date: addDays(t, -days) });
});

describe("GET /diary filters", () => {
  it("narrows by one or more moods (repeated or comma-separated)", async () => {
    expect(await titles(eva, "?mood=4")).toEqual(["Manhã calma", "Rascunho calmo", "Dia bom"]);
    expect(await titles(eva, "?mood=2&mood=5")).toEqual(["Reunião longa", "Praia"]);
    expect(await titles(eva, "?mood=5,2")).toEqual(["Reunião longa", "Praia"]);
  });

  it("narrows by an emotion", async () => {
    expect(await titles(eva, "?emotion=calm")).toEqual(["Manhã calma", "Praia", "Rascunho calmo"]);
    expect(await titles(eva, "?emotion=nostalgic")).toEqual([]);
  });

  it("narrows by words in the title or text, case and accents aside, every word a word's start", async () => {
    expect(await titles(eva, "?q=cafe")).toEqual(["Manhã calma", "Sem humor"]);
    expect(await titles(eva, "?q=CORACAO")).toEqual(["Praia"]);
    expect(await titles(eva, "?q=manha")).toEqual(["Manhã calma"]);
    // A prefix, as the global search finds it ("reun" → "Reunião", "reuniões").
    expect(await titles(eva, "?q=reun")).toEqual(["Reunião longa"]);
    // Every word must be there (in the title or the text).
    expect(await titles(eva, `?q=${encodeURIComponent("café varanda")}`)).toEqual(["Manhã calma"]);
    expect(await titles(eva, `?q=${encodeURIComponent("café praia")}`)).toEqual([]);
    // Quotes and FTS syntax are plain text, never an error.
    expect(await titles(eva, `?q=${encodeURIComponent('"café" OR NOT*')}`)).toEqual([]);
  });

  it("combines the filters, with the range and drafts", async () => {
    expect(await titles(eva, "?mood=4&emotion=calm")).toEqual(["Manhã calma", "Rascunho calmo"]);
    expect(await titles(eva, "?mood=4&emotion=calm&draft=false")).toEqual(["Manhã calma"]);
    expect(await titles(eva, `?emotion=calm&q=agua`)).toEqual(["Praia"]);
    expect(await titles(eva, `?mood=4,5&emotion=happy&q=jantar`)).toEqual(["Dia bom"]);
    expect(await titles(eva, `?mood=4&from=${addDays(today(), -2)}`)).toEqual(["Manhã calma"]);
  });

  it("pages a filtered list: the next page continues the filtered list", async () => {
    const first = await json(await get(eva, "?mood=4,5&limit=2"));
    expect(first.items.map((e: { title: string }) => e.title)).toEqual(["Manhã calma", "Praia"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json(await get(eva, `?mood=4,5&limit=2&cursor=${first.nextCursor}`));
    expect(second.items.map((e: { title: string }) => e.title)).toEqual(["Rascunho calmo", "Dia bom"]);
    expect(second.nextCursor).toBeNull();
    const words = await json(await get(eva, "?q=cafe&limit=1"));
    expect(words.items.map((e: { title: string }) => e.title)).toEqual(["Manhã calma"]);
    expect((await json(await get(eva, `?q=cafe&limit=1&cursor=${words.nextCursor}`))).items.map((e: { title: string }) => e.title)).toEqual(["Sem humor"]);
  });

  it("never shows another user's entries", async () => {
    for (const path of ["?mood=4", "?emotion=calm", "?q=coracao", "?q=leo", "?mood=4&emotion=happy&q=praia"]) {
      expect((await titles(eva, path)).filter((title) => title.startsWith("Do Leo"))).toEqual([]);
    }
    expect(await titles(leo, "?q=praia")).toEqual(["Do Leo 1", "Do Leo 3", "Do Leo 6"]);
  });

  it.each([
    ["?mood=6", "mood", "Escolha humores de 1 a 5 (por exemplo 4,5)."],
    ["?mood=bom", "mood", "Escolha humores de 1 a 5 (por exemplo 4,5)."],
    ["?mood=", "mood", "Escolha humores de 1 a 5 (por exemplo 4,5)."],
    ["?mood=4,,5", "mood", "Escolha humores de 1 a 5 (por exemplo 4,5)."],
    ["?mood=4.5", "mood", "Escolha humores de 1 a 5 (por exemplo 4,5)."],
    ["?emotion=angry", "emotion", "Escolha uma emoção da lista."],
    ["?emotion=calm&emotion=happy", "emotion", "Escolha uma emoção da lista."],
    ["?q=a", "q", "Escreva pelo menos 2 caracteres para procurar."],
    ["?q=%20a%20", "q", "Escreva pelo menos 2 caracteres para procurar."],
    [`?q=${"palavra ".repeat(30)}`, "q", "Procure com no máximo 200 caracteres."],
    ["?q=cafe&q=praia", "q", "Escreva palavras para procurar (letras ou algarismos)."],
    ["?q=%22%22%20**", "q", "Escreva palavras para procurar (letras ou algarismos)."],
  ])("refuses %s with a localised 400 naming %s", async (path, field, message) => {
    const response = await get(eva, path);
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe("validation_failed");
    expect(error.fields[field]).toBe(message);
  });

  it("says it in English to an English reader", async () => {
    const ian = await signUpAndLogIn("ian@diary-filters.test", undefined, "Ian Reis");
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie: ian } })).status).toBe(200);
    const response = await get(ian, "?q=a");
    expect(response.status).toBe(400);
    expect((await json(response)).error.fields.q).toBe("Type at least 2 characters to search.");
    expect((await json(await get(ian, "?emotion=x"))).error.fields.emotion).toBe("Choose an emotion from the list.");
    expect((await json(await get(ian, "?mood=0"))).error.fields.mood).toBe("Choose moods from 1 to 5 (for example 4,5).");
  });

  it("reads a filtered page in one D1 round trip", async () => {
    const calls: D1Call[] = [];
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}/api/v1/diary?mood=4,5&emotion=calm&q=cafe`, { headers: { cookie: eva } }), { ...env, DB: countingD1(env.DB, calls) }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(calls.filter((call) => call.sql.some((sql) => sql.includes("diary_entries")))).toHaveLength(1);
  });
});

describe("GET /diary/on-this-day", () => {
  let ana: string;
  beforeAll(async () => {
    ana = await signUpAndLogIn("ana@diary-filters.test");
  });

  it("answers nothing when no earlier year has an entry on this day", async () => {
    const response = await get(ana, "/on-this-day");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ date: today(), items: [] });
  });

  it("answers the saved entries of today's month and day in earlier years, newest first, with how long ago", async () => {
    const t = today();
    const yearsBack = (n: number) => `${Number(t.slice(0, 4)) - n}${t.slice(4)}`;
    // 29 February has no match of its own in most years: the rule's unit tests cover it.
    const safe = (date: string) => !date.endsWith("02-29");
    const dates = [yearsBack(1), yearsBack(3)].filter(safe);
    for (const date of dates) await post(ana, { title: `Escrito em ${date}`, content: "Antes.", mood: 3, date });
    // Not on this day, a draft, today itself, and another user's: none shows.
    await post(ana, { title: "Dia seguinte", content: "…", mood: 3, date: addDays(yearsBack(1), 1) });
    await post(ana, { title: "Rascunho antigo", content: "…", mood: 3, date: yearsBack(2), draft: true });
    await post(ana, { title: "Hoje", content: "…", mood: 3, date: t });
    await post(leo, { title: "Do Leo antigo", content: "…", mood: 3, date: yearsBack(2) });
    const body = await json(await get(ana, "/on-this-day"));
    expect(body.date).toBe(t);
    expect(body.items.map((e: { title: string; yearsAgo: number }) => [e.title, e.yearsAgo])).toEqual(
      [[`Escrito em ${yearsBack(1)}`, 1], [`Escrito em ${yearsBack(3)}`, 3]].filter(([title]) => safe(String(title).slice(-10))),
    );
    expect(body.items[0]).not.toHaveProperty("userId");
  });

  it("is the account's day: a zone where it is already tomorrow reads tomorrow's entries", async () => {
    const zoned = await signUpAndLogIn("kiribati@diary-filters.test");
    // Kiribati (UTC+14) is always a day ahead of Honolulu (UTC-10) at the same instant.
    expect((await api("/me", { method: "PATCH", body: { timeZone: "Pacific/Kiritimati" }, headers: { cookie: zoned } })).status).toBe(200);
    const body = await json(await get(zoned, "/on-this-day"));
    expect(body.date).toBe(localDate(new Date(), "Pacific/Kiritimati"));
  });

  it("needs a session", async () => {
    expect((await api("/diary/on-this-day")).status).toBe(401);
  });
});
