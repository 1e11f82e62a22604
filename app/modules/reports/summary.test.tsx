// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WeeklyReport } from "@worker/modules/reports/builder";
import { openReports, weekOf } from "./screen.test-utils";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => import("./screen.test-mocks"));
vi.mock("@worker/db/client", () => import("./screen.test-mocks"));
vi.mock("@worker/modules/reports/queries", () => import("./screen.test-mocks"));
vi.mock("~/lib/use-entity-changes", () => import("./screen.test-mocks"));

const report: WeeklyReport = {
  ...weekOf({ spending: { week: { food: 4590 }, previous: { food: 3000 }, labels: { food: { pt: "Alimentação", en: "Food" } } } }),
  summary: { text: "Gastou 45,90 € esta semana, contra 30.00 EUR na anterior.", by: "provider" },
};

const renderReports = (hideFinanceValues: boolean, shown: WeeklyReport = report) => openReports({ report: shown, hideFinanceValues });

afterEach(cleanup);

describe("the weekly report's summary by the assistant", () => {
  it("masks its amounts when the user hides finance values, as the cards are", async () => {
    renderReports(true);
    const summary = (await screen.findByText("Resumo escrito pelo assistente a partir destes números.")).previousElementSibling!;
    expect(summary.textContent).not.toMatch(/45,90|30\.00/);
    expect(summary.textContent).toContain("Gastou");
    expect(screen.getByTestId("card-spent").textContent).not.toContain("45,90");
  });

  it("shows them otherwise", async () => {
    renderReports(false);
    const summary = (await screen.findByText("Resumo escrito pelo assistente a partir destes números.")).previousElementSibling!;
    expect(summary.textContent).toBe("Gastou 45,90 € esta semana, contra 30.00 EUR na anterior.");
  });
});

describe("the weekly report's summary in another language", () => {
  const inEnglish: WeeklyReport = { ...report, summary: { text: "You spent €45.90 this week.", by: "provider", language: "en" } };

  it("is marked with its language and said to be in it when the screen is in the other one", async () => {
    renderReports(false, inEnglish);
    const byline = await screen.findByText("Resumo escrito pelo assistente a partir destes números, em inglês (a língua da conta quando o relatório foi feito).");
    expect(byline.previousElementSibling!.getAttribute("lang")).toBe("en");
    expect(byline.previousElementSibling!.textContent).toBe("You spent €45.90 this week.");
  });

  it("reads as before in its own language", async () => {
    renderReports(false, { ...report, summary: { ...report.summary!, language: "pt" } });
    expect(await screen.findByText("Resumo escrito pelo assistente a partir destes números.")).toBeTruthy();
  });
});

describe("the weekly report's mood", () => {
  // Two diary entries saved this week, neither with a mood.
  const withoutMood = weekOf({
    diary: [
      { date: "2026-03-03", mood: null, emotions: [] },
      { date: "2026-03-05", mood: null, emotions: ["calm"] },
    ],
  });

  it("says that no entry of the week has a mood instead of drawing an empty chart, and keeps the entries count", async () => {
    renderReports(false, withoutMood);
    const panel = (await screen.findByRole("heading", { name: "Humor por dia" })).closest("section")!;
    expect(within(panel).getByText("Nenhuma entrada desta semana tem humor registado.")).toBeTruthy();
    expect(panel.querySelector("[data-when-visible]")).toBeNull();
    expect(screen.getByTestId("card-mood").textContent).toContain("2 entradas no diário");
  });
});

describe("the weekly report's routines", () => {
  const long = new Date("2026-02-01T12:00:00Z");
  const withRoutines = weekOf({
    routines: [
      { id: "r1", title: "Ler", schedule: { frequency: "daily" }, createdAt: long, checkIns: ["2026-03-06", "2026-03-07", "2026-03-08"] },
      // Monday, Wednesday and Friday: Monday missed, then Wednesday and Friday done.
      { id: "r2", title: "Ginásio", schedule: { frequency: "weekdays", weekdays: [1, 3, 5] }, createdAt: long, checkIns: ["2026-03-04", "2026-03-06"] },
    ],
  });
  const lineOf = async (title: string) => (await screen.findByText(title)).nextElementSibling!.textContent;

  it("counts a daily routine's streak in days and a weekday routine's in times", async () => {
    renderReports(false, withRoutines);
    expect(await lineOf("Ler")).toBe("3 de 7 dias · sequência de 3 dias");
    expect(await lineOf("Ginásio")).toBe("2 de 3 dias · sequência de 2 vezes");
  });

  it("reads a report stored before routines kept their frequency in days, as it was written", async () => {
    const { frequency: _frequency, ...unknownFrequency } = withRoutines.routines[1];
    renderReports(false, { ...withRoutines, routines: [unknownFrequency] });
    expect(await lineOf("Ginásio")).toBe("2 de 3 dias · sequência de 2 dias");
  });
});
