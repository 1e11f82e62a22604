// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { buildWeeklyReport, type WeekFacts, type WeeklyReport } from "@worker/modules/reports/builder";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/reports/queries", () => ({ listReportsRead: vi.fn(), findReportRead: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));

const { default: WeeklyReportsScreen } = await import("./routes/reports");

afterEach(cleanup);

const openWithout = (entitlements: string[], report: WeeklyReport | null = null) => {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements, hideFinanceValues: false, subscription: { tier: "free" } }),
      Component: Outlet,
      children: [{ path: "relatorios-semanais", loader: () => ({ weeks: report ? [{ weekStart: report.weekStart, weekEnd: report.weekEnd }] : [], nextCursor: null, report, missing: false }), Component: WeeklyReportsScreen }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/relatorios-semanais"]} />);
};

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

const weekOf = (over: Partial<WeekFacts>) =>
  buildWeeklyReport({ weekStart: "2026-11-23", timeZone: "Europe/Lisbon", tasks: { createdAt: [], completedAt: [] }, goals: [], events: [], diary: [], spending: { week: {}, previous: {}, labels: {} }, routines: [], cycle: null, ...over });

describe("a report of a partial or empty week", () => {
  // An account opened on Thursday 26: Monday to Wednesday, and the week before, did not exist for it.
  it("says from which day it counts, and does not compare with a week before the account", async () => {
    openWithout(["weeklyReports"], weekOf({ accountCreatedAt: new Date("2026-11-26T10:00:00Z"), spending: { week: { groceries: 1240 }, previous: {}, labels: {} } }));
    expect((await screen.findByTestId("report-partial-week")).textContent).toBe("A sua conta foi criada a 26 de novembro de 2026: este relatório conta só os 4 dias desde então.");
    expect(screen.getByTestId("card-spent").textContent).toContain("A conta ainda não existia na semana anterior");
    expect(screen.getByTestId("card-spent").textContent).not.toMatch(/0,00\s€ na semana anterior/);
  });

  it("says a week without tasks done or events instead of drawing an empty chart", async () => {
    openWithout(["weeklyReports"], weekOf({}));
    expect(await screen.findByText("Sem tarefas concluídas nem eventos nesta semana.")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Atividade por dia" })).toBeNull();
    expect(screen.queryByTestId("report-partial-week")).toBeNull();
    expect(screen.getByTestId("card-spent").textContent).toMatch(/0,00\s€ na semana anterior/);
  });

  // Made on Saturday for Mondays and Wednesdays: nothing was due in the week, not "0 de 0 dias".
  it("says a routine was not due in the week rather than '0 de 0 dias'", async () => {
    openWithout(["weeklyReports"], weekOf({ routines: [{ id: "r", title: "Natação", schedule: { frequency: "weekdays", weekdays: [1, 3] }, createdAt: new Date("2026-11-28T10:00:00Z"), checkIns: [] }] }));
    const routine = (await screen.findByText("Natação")).closest("li")!;
    expect(routine.textContent).toContain("sem dias previstos nesta semana");
    expect(routine.textContent).not.toContain("0 de 0");
  });
});
