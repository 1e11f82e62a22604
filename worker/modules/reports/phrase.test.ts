import { describe, expect, it, vi } from "vitest";
import type { WeeklyReport } from "./builder";
import { phraseWith, reportFacts } from "./phrase";

const report = {
  weekStart: "2026-11-16",
  weekEnd: "2026-11-22",
  tasks: { created: 7, completed: 5, completedByDay: [] },
  goals: { completed: [{ id: "g", title: "Correr" }], open: [], averageProgress: null },
  events: { count: 4, byDay: [] },
  mood: { average: 3.4, entries: 6, byDay: [], topEmotions: [] },
  spending: { totalCents: 12340, previousTotalCents: 9800, categories: [] },
} as unknown as WeeklyReport;

describe("the weekly report's facts for the provider", () => {
  it("states every headline figure, and no goal titles", () => {
    const pt = reportFacts(report, "pt");
    for (const figure of ["5 tarefas", "7 criadas", "4 eventos", "1 objetivos", "Humor médio 3,4", "6 registos"]) expect(pt).toContain(figure);
    // Dates and decimals as the screens write them, never "2026-11-16" or "3.4" to a Portuguese reader.
    expect(pt).toContain("Semana de 16 de novembro a 22 de novembro:");
    expect(reportFacts(report, "en")).toContain("Average mood 3.4 over 6 entries.");
    // Money as the screens write it, in the user's language.
    expect(pt).toMatch(/Despesas 123,40\s€, contra 98,00\s€ na semana anterior\./);
    expect(pt).not.toContain("Correr");
    expect(reportFacts(report, "en")).toContain("5 tasks done of 7 created");
  });

  // The provider keeps every number as written, so the summary showed "1234.56 EUR" to a Portuguese reader.
  it("writes spending as the screens do, thousands grouped, in both languages", () => {
    const big = { ...report, spending: { totalCents: 123456, previousTotalCents: 98000, categories: [] } } as unknown as WeeklyReport;
    expect(reportFacts(big, "pt")).toMatch(/Despesas 1\s234,56\s€, contra 980,00\s€/);
    expect(reportFacts(big, "en")).toContain("Spending €1,234.56, against €980.00 the week before.");
  });

  // "against 0,00 € the week before" for an account that did not exist the week before.
  it("says from which day a week of a new account counts, and compares with no week before it", () => {
    const opened = { ...report, since: "2026-11-19", spending: { totalCents: 12340, previousTotalCents: 0, categories: [] } } as unknown as WeeklyReport;
    const pt = reportFacts(opened, "pt");
    expect(pt).toContain("Conta criada a 19 de novembro: a semana conta desde esse dia.");
    expect(pt).toMatch(/Despesas 123,40\s€\./);
    expect(pt).not.toContain("semana anterior");
    expect(reportFacts(opened, "en")).not.toContain("the week before");
  });

  it("leaves out what the week did not have", () => {
    const quiet = { ...report, goals: { completed: [], open: [], averageProgress: null }, mood: { average: null, entries: 0, byDay: [], topEmotions: [] }, spending: { totalCents: 0, previousTotalCents: 0, categories: [] } } as unknown as WeeklyReport;
    expect(reportFacts(quiet, "en")).toBe("Week of November 16 to November 22: 5 tasks done of 7 created, 4 events.");
  });

  // A weekday routine skips its other days: "3 times in a row", never "3-day streak"; no titles.
  it("gives each routine's days done and its streak, in times for a weekday routine and days for a daily one", () => {
    const withRoutines = {
      ...report,
      routines: [
        { id: "r1", title: "Ler", frequency: "daily", streakDays: 1, checkIns: 1, scheduled: 7 },
        { id: "r2", title: "Ginásio", frequency: "weekdays", streakDays: 3, checkIns: 3, scheduled: 3 },
        { id: "r3", title: "Nadar", frequency: "weekdays", streakDays: 1, checkIns: 1, scheduled: 1 },
        // Made after the week: nothing was due.
        { id: "r4", title: "Correr", frequency: "daily", streakDays: 0, checkIns: 0, scheduled: 0 },
      ],
    } as unknown as WeeklyReport;
    expect(reportFacts(withRoutines, "pt")).toContain(" Rotinas de autocuidado: 1 de 7 dias, sequência de 1 dia; 3 de 3 dias, sequência de 3 vezes; 1 de 1 dia, sequência de 1 vez.");
    expect(reportFacts(withRoutines, "en")).toContain(" Self-care routines: 1 of 7 days, 1-day streak; 3 of 3 days, 3 times in a row; 1 of 1 day, 1 time in a row.");
    expect(reportFacts(withRoutines, "pt")).not.toMatch(/Ler|Ginásio|Nadar/);
  });

  // A counted routine's times (0117) are a figure of the report too: the summary may say them.
  it("gives a counted routine's times done of planned beside its days", () => {
    const counted = { ...report, routines: [{ id: "r1", title: "Beber água", frequency: "daily", streakDays: 2, checkIns: 5, scheduled: 7, times: { done: 41, planned: 56 } }] } as unknown as WeeklyReport;
    expect(reportFacts(counted, "pt")).toContain(" Rotinas de autocuidado: 5 de 7 dias, 41 de 56 vezes, sequência de 2 dias.");
    expect(reportFacts(counted, "en")).toContain(" Self-care routines: 5 of 7 days, 41 of 56 times, 2-day streak.");
  });

  it("hands the facts and the language to the provider's phrase", async () => {
    const phrase = vi.fn(async () => "Uma boa semana: 5 de 7.");
    expect(await phraseWith(phrase)({ report, language: "pt" })).toBe("Uma boa semana: 5 de 7.");
    expect(phrase).toHaveBeenCalledWith(reportFacts(report, "pt"), "pt");
  });
});
