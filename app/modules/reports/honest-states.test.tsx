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
