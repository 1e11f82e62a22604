import { lazy, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Figure, Loaded, useAdminData, useLanguage } from "~/components/admin/admin-kit";
import { WhenVisible } from "~/components/ui/when-visible";
import { Select } from "~/components/ui/field";
import { intlLocale } from "~/i18n/language";
import { numberFormat } from "~/lib/intl";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import { formatMoney } from "~/components/ui/money";
import type { Route } from "./+types/analytics";

// recharts is heavy: only this screen loads it, after the figures.
const BarsChart = lazy(() => import("~/components/admin/analytics-charts"));
/** The charts' height in pixels, shared by each chart and its placeholder. */
const CHART_HEIGHT = 256;

export const handle: I18nHandle = { i18n: ["admin", "shell"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:analytics.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

type Report = {
  minGroup: number;
  days: number;
  users: number | null;
  confirmed: number | null;
  confirmationRate: number | null;
  trialsEnded: number | null;
  trialToPaidRate: number | null;
  payingUsers: number | null;
  mrrCents: number | null;
  churnedSubscriptions: number | null;
  churnRate: number | null;
  activeUsers: { daily: number | null; weekly: number | null; monthly: number | null };
  signupsPerDay: { date: string; count: number | null }[];
  moduleChoices: { module: string; count: number | null }[];
  moduleUsage: { module: string; count: number | null }[];
};

/** /app/analytics: aggregates only, under the small-group rule (docs/decisions/0033). */
export default function Analytics() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const [days, setDays] = useState("30");
  const { state, reload } = useAdminData<Report>(`/admin/analytics?days=${days}`);
  const percent = (n: number) => numberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 1 }).format(n);
  // Each chart loads and draws near the viewport only, behind a placeholder of its height (decision 0055).
  const chart = (data: { label: string; value: number | null }[], name: string) => (
    <WhenVisible height={CHART_HEIGHT} label={t("analytics.chartLoading")}>
      <BarsChart data={data} height={CHART_HEIGHT} name={name} smallLabel={t("common.small")} />
    </WhenVisible>
  );
  return (
    <AdminPage
      title={t("analytics.title")}
      intro={t("analytics.intro", { min: 5 })}
      actions={
        <Select
          id="analytics-days"
          label={t("analytics.period")}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          options={["7", "30", "90"].map((d) => ({ value: d, label: t("analytics.days", { count: Number(d) }) }))}
        />
      }
    >
      <Loaded load={state} retry={reload}>
        {(report) => {
          const cards: [string, ReactNode][] = [
            [t("analytics.cards.users"), <Figure key="u" value={report.users} />],
            [t("analytics.cards.confirmationRate"), <Figure key="c" value={report.confirmationRate} format={percent} />],
            [t("analytics.cards.trialToPaid"), <Figure key="t" value={report.trialToPaidRate} format={percent} />],
            [t("analytics.cards.paying"), <Figure key="p" value={report.payingUsers} />],
            [t("analytics.cards.mrr"), <Figure key="m" value={report.mrrCents} format={(c) => formatMoney(c, language)} />],
            [t("analytics.cards.churn"), <Figure key="ch" value={report.churnedSubscriptions} />],
            [t("analytics.cards.churnRate"), <Figure key="cr" value={report.churnRate} format={percent} />],
            [t("analytics.cards.dau"), <Figure key="d" value={report.activeUsers.daily} />],
            [t("analytics.cards.wau"), <Figure key="w" value={report.activeUsers.weekly} />],
            [t("analytics.cards.mau"), <Figure key="mo" value={report.activeUsers.monthly} />],
          ];
          return (
            <div className="space-y-6">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="analytics-cards">
                {cards.map(([label, value]) => (
                  <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              <section className="rounded-2xl border border-slate-200 bg-white p-4">
                <h2 className="mb-2 font-semibold">{t("analytics.signups")}</h2>
                {chart(report.signupsPerDay.map((d) => ({ label: d.date.slice(5), value: d.count })), t("analytics.cards.users"))}
              </section>
              <section className="rounded-2xl border border-slate-200 bg-white p-4">
                <h2 className="mb-2 font-semibold">{t("analytics.active")}</h2>
                {chart(
                  [
                    { label: t("analytics.cards.dau"), value: report.activeUsers.daily },
                    { label: t("analytics.cards.wau"), value: report.activeUsers.weekly },
                    { label: t("analytics.cards.mau"), value: report.activeUsers.monthly },
                  ],
                  t("analytics.active"),
                )}
                <p className="mt-2 text-xs text-slate-500">{t("analytics.activeNote")}</p>
              </section>
              <section className="rounded-2xl border border-slate-200 bg-white p-4">
                <h2 className="mb-2 font-semibold">{t("analytics.modules")}</h2>
                {report.moduleUsage.length === 0 ? (
                  <p className="text-sm text-slate-600">{t("analytics.modulesEmpty")}</p>
                ) : (
                  chart(report.moduleUsage.map((m) => ({ label: m.module, value: m.count })), t("analytics.modules"))
                )}
              </section>
            </div>
          );
        }}
      </Loaded>
    </AdminPage>
  );
}
