// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "~/i18n/language";
import { openReports, weekOf } from "./screen.test-utils";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => import("./screen.test-mocks"));
vi.mock("@worker/db/client", () => import("./screen.test-mocks"));
vi.mock("@worker/modules/reports/queries", () => import("./screen.test-mocks"));
vi.mock("~/lib/use-entity-changes", () => import("./screen.test-mocks"));

afterEach(cleanup);

// Monday 2 March 2026 in Lisbon (UTC then): two tasks done on Monday, one on Wednesday; moods on Monday and Tuesday.
const report = weekOf({
  tasks: { createdAt: [], completedAt: [Date.parse("2026-03-02T09:00:00Z"), Date.parse("2026-03-02T15:00:00Z"), Date.parse("2026-03-04T10:00:00Z")] },
  events: [{ start: "2026-03-03T10:00:00Z", allDay: false }],
  diary: [
    { date: "2026-03-02", mood: 4, emotions: [] },
    { date: "2026-03-03", mood: 3, emotions: [] },
    { date: "2026-03-03", mood: 4, emotions: [] },
  ],
  spending: { week: { food: 4590 }, previous: { food: 3000 }, labels: { food: { pt: "Alimentação", en: "Food" } } },
});

const renderReports = (hideFinanceValues: boolean, language: Language = "pt") => openReports({ report, hideFinanceValues, language });

/** A table's rows as text, one array of cells per row (the header row first); Intl's no-break spaces as spaces. */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, " ")));

describe("the weekly report's charts as text", () => {
  it("gives each chart's figures as a table named like the chart, before the chart's code has loaded", async () => {
    renderReports(false);
    const activity = await screen.findByRole("table", { name: "Atividade por dia" });
    expect(rowsOf(activity).slice(0, 4)).toEqual([
      ["Dia", "Tarefas concluídas", "Eventos"],
      ["segunda-feira", "2", "0"],
      ["terça-feira", "0", "1"],
      ["quarta-feira", "1", "0"],
    ]);
    // Moods with the decimal comma, and a day without one said in words (no gap in a table).
    expect(rowsOf(screen.getByRole("table", { name: "Humor por dia" })).slice(0, 4)).toEqual([
      ["Dia", "Humor médio"],
      ["segunda-feira", "4"],
      ["terça-feira", "3,5"],
      ["quarta-feira", "sem registo"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Despesas por categoria" }))).toEqual([
      ["Categoria", "Esta semana", "Semana anterior"],
      ["Alimentação", "45,90 €", "30,00 €"],
    ]);
  });

  it("says them in English too", async () => {
    renderReports(false, "en");
    expect(rowsOf(await screen.findByRole("table", { name: "Spending by category" }))).toEqual([
      ["Category", "This week", "Week before"],
      ["Food", "€45.90", "€30.00"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Mood by day" }))[2]).toEqual(["Tuesday", "3.5"]);
  });

  it("leaves the amounts out when the user hides finance values, as the chart is", async () => {
    renderReports(true);
    await screen.findByRole("table", { name: "Atividade por dia" });
    expect(screen.queryByRole("table", { name: "Despesas por categoria" })).toBeNull();
    expect(document.body.textContent).not.toContain("45,90");
  });
});
