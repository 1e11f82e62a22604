import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { resources } from "./index";

/** Every [key path, text] of a catalogue. */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL = /_(zero|one|other)$/;

/** i18next over the real catalogues, as the server and the browser set it up (language code "pt"). */
function translator(language: "pt" | "en") {
  const instance = i18next.createInstance();
  void instance.init({ lng: language, resources: resources as never, ns: Object.keys(resources.pt), initAsync: false, interpolation: { escapeValue: false } });
  return instance.t;
}

describe("counted texts", () => {
  for (const language of ["pt", "en"] as const) {
    it(`say a counted noun in the singular for one (${language}): no '1 dias'`, () => {
      // "{{count}} dias", "{{count}} results": a plural noun right after the count, in a text
      // without plural forms, reads "1 dias" / "1 results".
      const wrong = Object.entries(resources[language]).flatMap(([namespace, catalogue]) =>
        texts(catalogue)
          .filter(([key, text]) => !PLURAL.test(key) && /\{\{count\}\} [\p{L}-]+s\b/u.test(text))
          .map(([key, text]) => `${namespace}:${key}: ${text}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it("have a zero form wherever they have a singular one: i18next counts 0 as one in 'pt' ('0 dia'), Portugal says '0 dias'", () => {
    const missing = (["pt", "en"] as const).flatMap((language) =>
      Object.entries(resources[language]).flatMap(([namespace, catalogue]) => {
        const keys = new Set(texts(catalogue).map(([key]) => key));
        return [...keys]
          .filter((key) => key.endsWith("_one"))
          .map((key) => key.slice(0, -"_one".length))
          .filter((base) => !keys.has(`${base}_zero`) || !keys.has(`${base}_other`))
          .map((base) => `${language}/${namespace}:${base}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it("render 0, 1 and 2 as people write them", () => {
    const pt = translator("pt");
    const en = translator("en");
    expect([0, 1, 2].map((count) => pt("shell:search.results", { count }))).toEqual(["Sem resultados", "1 resultado", "2 resultados"]);
    expect([0, 1, 2].map((count) => en("shell:search.results", { count }))).toEqual(["No results", "1 result", "2 results"]);
    expect([1, 2].map((count) => pt("account:impact.today.streak", { count }))).toEqual(["1 dia seguido", "2 dias seguidos"]);
    expect([0, 1].map((count) => pt("calendar:ics.import.create", { count }))).toEqual(["0 eventos novos", "1 evento novo"]);
    expect(`${pt("reports:routines.days", { checkIns: 1, count: 1 })} · ${pt("reports:routines.streak", { count: 1 })}`).toBe("1 de 1 dia · sequência de 1 dia");
    expect(`${en("reports:routines.days", { checkIns: 2, count: 3 })} · ${en("reports:routines.streak", { count: 0 })}`).toBe("2 of 3 days · 0-day streak");
    expect(pt("email:digest.dailySubject", { count: 1 })).toBe("Resumo diário do Rumo: 1 notificação");
  });
});
