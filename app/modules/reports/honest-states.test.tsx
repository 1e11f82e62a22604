// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WeekFacts, WeeklyReport } from "@worker/modules/reports/builder";
import { openReports, weekOf } from "./screen.test-utils";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => import("./screen.test-mocks"));
vi.mock("@worker/db/client", () => import("./screen.test-mocks"));
vi.mock("@worker/modules/reports/queries", () => import("./screen.test-mocks"));
vi.mock("~/lib/use-entity-changes", () => import("./screen.test-mocks"));

afterEach(cleanup);

const openWithout = (entitlements: string[], report: WeeklyReport | null = null) => openReports({ entitlements, report });

describe("the weekly reports' empty state", () => {
  it("promises Monday's report only to a plan that includes reports", async () => {
    openWithout(["weeklyReports"]);
    expect(await screen.findByText(/O primeiro relatório chega na segunda-feira às 07:00/)).toBeTruthy();
  });

  // A Free user was told "O primeiro relatório chega na segunda-feira… Vai receber uma notificação",
  // under the upsell, and nothing ever came.
  it("tells a plan without reports that none will come on Monday, rather than promising one", async () => {
    openWithout([]);
    expect(await screen.findByText(/O seu plano atual não inclui relatórios semanais/)).toBeTruthy();
    expect(screen.queryByText(/O primeiro relatório chega/)).toBeNull();
  });
});

const weekOf23November = (over: Partial<WeekFacts>) => weekOf({ weekStart: "2026-11-23", ...over });

describe("a report of a partial or empty week", () => {
  // An account opened on Thursday 26: Monday to Wednesday, and the week before, did not exist for it.
  it("says from which day it counts, and does not compare with a week before the account", async () => {
    openWithout(["weeklyReports"], weekOf23November({ accountCreatedAt: new Date("2026-11-26T10:00:00Z"), spending: { week: { groceries: 1240 }, previous: {}, labels: {} } }));
    expect((await screen.findByTestId("report-partial-week")).textContent).toBe("A sua conta foi criada a 26 de novembro de 2026: este relatório conta só os 4 dias desde então.");
    expect(screen.getByTestId("card-spent").textContent).toContain("A conta ainda não existia na semana anterior");
    expect(screen.getByTestId("card-spent").textContent).not.toMatch(/0,00\s€ na semana anterior/);
  });

  it("says a week without tasks done or events instead of drawing an empty chart", async () => {
    openWithout(["weeklyReports"], weekOf23November({}));
    expect(await screen.findByText("Sem tarefas concluídas nem eventos nesta semana.")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Atividade por dia" })).toBeNull();
    expect(screen.queryByTestId("report-partial-week")).toBeNull();
    expect(screen.getByTestId("card-spent").textContent).toMatch(/0,00\s€ na semana anterior/);
  });

  // Made on Saturday for Mondays and Wednesdays: nothing was due in the week, not "0 de 0 dias".
  it("says a routine was not due in the week rather than '0 de 0 dias'", async () => {
    openWithout(["weeklyReports"], weekOf23November({ routines: [{ id: "r", title: "Natação", schedule: { frequency: "weekdays", weekdays: [1, 3] }, createdAt: new Date("2026-11-28T10:00:00Z"), checkIns: [] }] }));
    const routine = (await screen.findByText("Natação")).closest("li")!;
    expect(routine.textContent).toContain("sem dias previstos nesta semana");
    expect(routine.textContent).not.toContain("0 de 0");
  });
});

describe("a routine counted in a day (0117)", () => {
  const water = { id: "agua", title: "Beber água", schedule: { frequency: "daily" as const }, createdAt: new Date("2026-11-01T09:00:00Z"), timesPerDay: 8, checkIns: ["2026-11-27", "2026-11-28", "2026-11-29"], counts: [{ date: "2026-11-25", count: 5 }] };
  const reading = { id: "ler", title: "Ler", schedule: { frequency: "daily" as const }, createdAt: new Date("2026-11-01T09:00:00Z"), checkIns: ["2026-11-29"] };

  it("says the times done of the times planned beside the days, and a routine done once a day as before", async () => {
    openWithout(["weeklyReports"], weekOf23November({ routines: [water, reading] }));
    expect((await screen.findByText("Beber água")).closest("li")!.textContent).toBe("Beber água3 de 7 dias · 29 de 56 vezes · sequência de 3 dias");
    expect(screen.getByText("Ler").closest("li")!.textContent).toBe("Ler1 de 7 dias · sequência de 1 dia");
  });

  it("says it in English too", async () => {
    openReports({ report: weekOf23November({ routines: [water] }), language: "en" });
    expect((await screen.findByText("Beber água")).closest("li")!.textContent).toBe("Beber água3 of 7 days · 29 of 56 times · 3-day streak");
  });

  // Reports stored before the field have none: the line they had then.
  it("renders a report stored before the times as it did", async () => {
    const report = weekOf23November({ routines: [water] });
    const { times: _times, ...stored } = report.routines[0];
    openWithout(["weeklyReports"], { ...report, routines: [stored] });
    expect((await screen.findByText("Beber água")).closest("li")!.textContent).toBe("Beber água3 de 7 dias · sequência de 3 dias");
  });
});
