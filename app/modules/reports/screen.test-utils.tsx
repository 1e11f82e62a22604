import { Outlet, createRoutesStub } from "react-router";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { Language } from "~/i18n/language";
import { buildWeeklyReport, type WeekFacts, type WeeklyReport } from "@worker/modules/reports/builder";
import { weekFacts } from "@worker/modules/reports/builder.test-utils";
// Loads the route module, so a test file must mock what it reaches first (see screen.test-mocks.ts).
import WeeklyReportsScreen from "./routes/reports";

/** The report of a week in Lisbon (by default that of Monday 2 March 2026) with nothing in it but `over`. */
export const weekOf = (over: Partial<WeekFacts> = {}): WeeklyReport => buildWeeklyReport(weekFacts({ weekStart: "2026-03-02", ...over }));

type Week = { weekStart: string; weekEnd: string };

/**
 * Opens /app/relatorios-semanais under the app layout's loader data, showing `report` (none: the
 * empty state) in the list of `weeks` (by default just its own week).
 */
export function openReports({
  report = null,
  weeks = report ? [{ weekStart: report.weekStart, weekEnd: report.weekEnd }] : [],
  nextCursor = null,
  entitlements = ["weeklyReports"],
  hideFinanceValues = false,
  language = "pt",
}: {
  report?: WeeklyReport | null;
  weeks?: Week[];
  nextCursor?: string | null;
  entitlements?: string[];
  hideFinanceValues?: boolean;
  language?: Language;
}) {
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements, hideFinanceValues }),
      Component: Outlet,
      children: [{ path: "relatorios-semanais", loader: () => ({ weeks, nextCursor, report, missing: false }), Component: WeeklyReportsScreen }],
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/relatorios-semanais"]} />, language);
}
