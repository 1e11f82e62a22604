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
    for (const figure of ["5 tarefas", "7 criadas", "4 eventos", "1 objetivos", "3.4", "6 registos", "123.40 EUR", "98.00 EUR"]) expect(pt).toContain(figure);
    expect(pt).not.toContain("Correr");
    expect(reportFacts(report, "en")).toContain("5 tasks done of 7 created");
  });

  it("leaves out what the week did not have", () => {
    const quiet = { ...report, goals: { completed: [], open: [], averageProgress: null }, mood: { average: null, entries: 0, byDay: [], topEmotions: [] }, spending: { totalCents: 0, previousTotalCents: 0, categories: [] } } as unknown as WeeklyReport;
    expect(reportFacts(quiet, "en")).toBe("Week of 2026-11-16 to 2026-11-22: 5 tasks done of 7 created, 4 events.");
  });

  it("hands the facts and the language to the provider's phrase", async () => {
    const phrase = vi.fn(async () => "Uma boa semana: 5 de 7.");
    expect(await phraseWith(phrase)({ report, language: "pt" })).toBe("Uma boa semana: 5 de 7.");
    expect(phrase).toHaveBeenCalledWith(reportFacts(report, "pt"), "pt");
  });
});
