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

/**
 * Variables that hold an amount, a date, a name or a mood, never a count: "{{amount}} gastos"
 * is "4,50 € gastos" whatever the amount.
 */
const NOT_A_COUNT = new Set(["amount", "spent", "budget", "limit", "lowAmount", "goodAmount", "category", "description", "emotion", "phase", "weekday", "date", "time", "mood", "now", "then", "median", "busyMood", "otherMood", "share"]);
/**
 * Words ending in "s" that follow a variable without being a counted noun: verbs ("{{category}} was"),
 * Portuguese contractions ("{{date}} às {{time}}", "{{activities}} nos últimos"), units ("{{ms}} ms").
 */
const NOT_A_NOUN = new Set(["is", "was", "has", "às", "aos", "nos", "nas", "dos", "das", "ms"]);

/** Counts that are never one: a constant of the plans or the limits, or a minimum the code checks before it says the text. */
const NEVER_ONE: Record<string, string> = {
  "landing:hero.trial": "TRIAL_DAYS (14)",
  "pricing:subtitle": "TRIAL_DAYS (14)",
  "pricing:offers.trial.title": "TRIAL_DAYS (14)",
  "pricing:offers.guarantee.title": "GUARANTEE_DAYS (30)",
  "pricing:offers.referral.text": "REFERRAL.paidReferralsPerReward (2)",
  "admin:analytics.intro": "the aggregate threshold (5)",
  "diary:insights.bestWeekday": "a weekday needs 2 entries (worker/modules/diary/analysis.ts)",
  "diary:insights.topEmotion": "MIN_ENTRIES (3)",
  "diary:insights.streak": "said from a streak of 2",
  "diary:insights.moodOutlier.up": "OUTLIER_MIN_DAYS (10)",
  "diary:insights.moodOutlier.down": "OUTLIER_MIN_DAYS (10)",
  "diary:insights.spendingMood.more": "GROUP_MIN_DAYS (3)",
  "diary:insights.spendingMood.less": "GROUP_MIN_DAYS (3)",
  "diary:insights.cyclePhaseMood": "GROUP_MIN_DAYS (3) in every phase counted",
  "financesIo:insights.recurring": "three months or more (worker/modules/finances/insights.ts)",
  "reports:finding.busyDaysMood": "FINDING_MIN_DAYS (3) on each side; BUSY_DAY_EVENTS reads '3 or more events'",
  "reports:finding.basis": "FINDING_WINDOW_DAYS and FINDING_MIN_DAYS",
  "selfCare:countLabel": "the counter shows only for a routine done 2 or more times a day (decision 0117)",
};

/** "namespace:key" of every text of a language that puts a plural word right after a counted variable. */
function uncounted(language: "pt" | "en"): string[] {
  return Object.entries(resources[language]).flatMap(([namespace, catalogue]) =>
    texts(catalogue)
      .filter(([key, text]) => {
        if (PLURAL.test(key)) return false;
        return [...text.matchAll(/\{\{(\w+)\}\} ([\p{L}-]+s)\b/gu)].some(([, variable, word]) => !NOT_A_COUNT.has(variable) && !NOT_A_NOUN.has(word));
      })
      .map(([key]) => `${namespace}:${key}`),
  );
}

describe("counted texts", () => {
  for (const language of ["pt", "en"] as const) {
    it(`say a counted noun in the singular for one (${language}): no '1 dias', no '1 tarefas concluídas'`, () => {
      // "{{count}} dias", "{{done}} tasks done", "({{created}} criadas)": a plural word right after
      // a counted variable, in a text without plural forms, reads "1 dias" / "1 tasks done".
      const wrong = uncounted(language).filter((key) => !(key in NEVER_ONE));
      expect(wrong).toEqual([]);
    });
  }

  it("keeps its lists of exceptions to texts that still match", () => {
    const found = new Set((["pt", "en"] as const).flatMap((language) => uncounted(language).map((key) => `${language}/${key}`)));
    expect(Object.keys(NEVER_ONE).filter((key) => !found.has(`pt/${key}`) && !found.has(`en/${key}`))).toEqual([]);
  });

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
    // The weekly report's notification and the impact dashboard's basis compose one counted text per noun.
    const week = (t: typeof pt, done: number, created: number, events: number) =>
      t("notifications:weeklyReport.message", {
        from: "a",
        to: "b",
        done: t("notifications:weeklyReport.done", { count: done }),
        created: t("notifications:weeklyReport.created", { count: created }),
        events: t("notifications:weeklyReport.events", { count: events }),
        spent: "4,50 €",
      });
    expect(week(pt, 1, 1, 1)).toBe("Semana de a a b: 1 tarefa concluída (1 criada), 1 evento, 4,50 € em despesas.");
    expect(week(pt, 0, 2, 0)).toBe("Semana de a a b: 0 tarefas concluídas (2 criadas), 0 eventos, 4,50 € em despesas.");
    expect(week(en, 1, 1, 1)).toBe("Week of a to b: 1 task done (1 created), 1 event, 4,50 € spent.");
    expect(week(en, 2, 3, 0)).toBe("Week of a to b: 2 tasks done (3 created), 0 events, 4,50 € spent.");
    const basis = (t: typeof pt, goals: number, activities: number) =>
      t("account:impact.metrics.basis", { goals: t("account:impact.metrics.goals", { count: goals }), activities: t("account:impact.metrics.activities", { count: activities }) });
    expect(basis(pt, 1, 1)).toBe("Com 1 objetivo concluído desde o início e 1 registo de atividade nos últimos 30 dias.");
    expect(basis(pt, 0, 3)).toBe("Com 0 objetivos concluídos desde o início e 3 registos de atividade nos últimos 30 dias.");
    expect(basis(en, 1, 1)).toBe("From 1 completed goal since you started and 1 activity record in the last 30 days.");
    expect(basis(en, 3, 0)).toBe("From 3 completed goals since you started and 0 activity records in the last 30 days.");
  });
});
