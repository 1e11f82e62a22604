import { CheckCircleIcon, ClockIcon, RocketLaunchIcon, ShieldCheckIcon, ShieldExclamationIcon } from "@heroicons/react/24/outline";
import { lazy, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { InsightsCard } from "~/components/impact/insights-card";
import { Card } from "~/components/impact/card";
import { SubscriptionCard } from "~/components/impact/subscription-card";
import { TodayRoutines } from "~/components/impact/today-routines";
import { formatMoney } from "~/components/ui/money";
import { WhenVisible } from "~/components/ui/when-visible";
import { intlLocale } from "~/i18n/language";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { useLanguage } from "~/i18n/use-language";
import { useSecurityStatus } from "~/lib/activity/security-probe";
import { apiFetch } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { entitlementsOfAuth } from "@worker/billing/entitlements";
import { database } from "@worker/db/client";
import { readAll, run } from "@worker/db/reads";
import { impactRead, todayRead, type ImpactAnswer, type TodayAnswer } from "@worker/impact/impact";
import { MaskedSentence } from "~/components/ui/masked";
import type { Entitlement } from "~/lib/plans";
import type { loader as layoutLoader } from "./layout";
import type { Route } from "./+types/impact";
import { dateTimeFormat } from "~/lib/intl";
import { DemoCard } from "~/components/impact/start-card";

export const handle: I18nHandle = { i18n: ["account"] };

const FIRST_WEEK_MS = 7 * 86_400_000;

/** Metrics refetch every 30 s (section 9). */
const REFRESH_MS = 30_000;

export async function loader(args: Route.LoaderArgs) {
  const auth = requireUser(args);
  const { user } = auth;
  const env = args.context.cloudflare.env;
  const db = database(env.DB);
  const now = new Date();
  const { entitlements } = entitlementsOfAuth(auth, now);
  // The figures and the "Hoje" panel in one D1 batch (issue 20: one round trip per loader).
  const [impact, today] = await run(db, readAll([impactRead(db, user, now), todayRead(db, user, entitlements as readonly Entitlement[], now, args.context.lang)]));
  // This month in the user's zone, for the finances insights.
  const month = dateTimeFormat("en-CA", { timeZone: user.timeZone, year: "numeric", month: "2-digit" }).format(now);
  // The account's first week: where to start comes first (decided here, once, so the 30 s refresh
  // never moves it; the activity count is no sign of it, session tracking adds rows from the start).
  const firstWeek = now.getTime() - user.createdAt.getTime() < FIRST_WEEK_MS;
  return { impact, today, timeZone: user.timeZone, month, firstWeek };
}

const IMPACT_CHART_HEIGHT = 240;
const ImpactChart = lazy(() => import("~/components/impact/impact-chart").then((m) => ({ default: m.ImpactChart })));

/** /app/dashboard and /app/meu-impacto: section 9's figures from the user's own data, and today. */
export default function Impact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const layout = useLayout();
  const impact = useLiveImpact(loaderData.impact);
  const fresh = impact.data;
  useEntityChanges(["goal", "task", "event", "routine", "transaction", "budget"]);
  // A new account: where to start comes first, not under a page of zeros (a phone's fifth screen down).
  const firstWeek = loaderData.firstWeek;
  const start = (
    <div className="grid gap-4 md:grid-cols-2">
      <DemoCard chosen={layout?.profile.firstModules ?? []} />
      <CallToAction />
    </div>
  );
  return (
    <div className="space-y-6" data-testid="impact-dashboard">
      {firstWeek && start}
      <div className="grid gap-4 md:grid-cols-2">
        <SubscriptionCard subscription={layout?.subscription} timeZone={loaderData.timeZone} />
        <SecurityCard timeZone={loaderData.timeZone} />
      </div>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("impact.title")}</h1>
        <p className="mt-1 max-w-prose text-slate-600">{t("impact.subtitle")}</p>
      </header>
      {impact.failed && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("impact.loadError")}
        </p>
      )}
      <Metrics impact={fresh} />
      <p className="text-xs text-slate-500" data-testid="impact-basis">
        {t("impact.metrics.basis", { goals: t("impact.metrics.goals", { count: fresh.completedGoals }), activities: t("impact.metrics.activities", { count: fresh.activities }) })}
      </p>
      <TodayPanel today={loaderData.today} timeZone={loaderData.timeZone} />
      <InsightsCard entitlements={layout?.entitlements ?? []} month={loaderData.month} hideValues={layout?.hideFinanceValues === true} />
      <div className="grid gap-4 lg:grid-cols-3">
        <MonthsCard months={fresh.months} className="lg:col-span-2" />
        <Skills unlocked={fresh.unlockedSkills} />
      </div>
      {!firstWeek && start}
    </div>
  );
}

/** The loader's figures, then GET /impact every 30 s (kept on failure, with a notice). */
function useLiveImpact(initial: ImpactAnswer) {
  const [data, setData] = useState(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => setData(initial), [initial]);
  useEffect(() => {
    const id = window.setInterval(async () => {
      const result = await apiFetch<ImpactAnswer>("/impact");
      setFailed(!result.ok);
      if (result.ok) setData(result.data);
    }, REFRESH_MS);
    return () => window.clearInterval(id);
  }, []);
  return { data, failed };
}

const useLayout = () => useRouteLoaderData<typeof layoutLoader>("routes/app/layout");

/** The security probe's answer; its time in the account's zone (only the browser has one to show: no server text to match). */
function SecurityCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation("account");
  const { language } = useLanguage();
  const status = useSecurityStatus();
  const time = (iso: string) => dateTimeFormat(intlLocale(language), { timeStyle: "short", timeZone }).format(new Date(iso));
  const problem = status.status === "problem";
  return (
    <Card
      title={t("impact.security.title")}
      icon={problem ? <ShieldExclamationIcon className="h-5 w-5 text-red-600" aria-hidden="true" /> : <ShieldCheckIcon className="h-5 w-5 text-emerald-600" aria-hidden="true" />}
      testId="security-card"
    >
      {/* Two lines kept for the status whatever it says (the longest takes two on a phone), and the
          time's line there from the start, blank while checking: the card keeps its height when the
          probe answers after the first paint, so nothing below it moves. */}
      <p className={`min-h-10 text-sm ${problem ? "font-semibold text-red-700" : "text-slate-700"}`} data-status={status.status}>
        {status.status === "checking" ? t("impact.security.checking") : problem ? t("impact.security.problem") : t("impact.security.ok")}
      </p>
      <p className="text-xs text-slate-500">{status.status === "checking" ? "\u00a0" : t("impact.security.okAt", { time: time(status.checkedAt) })}</p>
    </Card>
  );
}

function Metric({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children}
    </div>
  );
}

function Metrics({ impact }: { impact: ImpactAnswer }) {
  const { t } = useTranslation("account");
  const skills = impact.unlockedSkills;
  const shown = skills.slice(0, 2).map((s) => t(`impact.skills.${s}`));
  return (
    // One column on the narrowest phones: "Competências desbloqueadas" does not fit half of 320 px.
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-4">
      <Metric label={t("impact.metrics.timeSaved")} value={t("impact.metrics.hours", { count: impact.timeSaved })} testId="metric-time-saved" />
      <Metric label={t("impact.metrics.skills")} value={String(skills.length)} testId="metric-skills">
        <p className="mt-1 text-xs text-slate-600">
          {shown.length ? shown.join(", ") : t("impact.metrics.skillsNone")}
          {skills.length > 2 && ` ${t("impact.metrics.skillsMore", { count: skills.length - 2 })}`}
        </p>
      </Metric>
      <Metric label={t("impact.metrics.projects")} value={String(impact.potentialProjects)} testId="metric-projects" />
      <Metric label={t("impact.metrics.productivity")} value={t("impact.metrics.percent", { value: impact.productivityGain })} testId="metric-productivity">
        <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, impact.productivityGain))}%` }} />
        </div>
      </Metric>
    </div>
  );
}

function Skills({ unlocked }: { unlocked: string[] }) {
  const { t } = useTranslation("account");
  const all = ["deepFocus", "consistency", "optimisation", "goalManagement"] as const;
  return (
    <Card title={t("impact.skills.title")} icon={<RocketLaunchIcon className="h-5 w-5" aria-hidden="true" />} testId="skills">
      <ul className="space-y-2">
        {all.map((skill) => {
          const on = unlocked.includes(skill);
          return (
            <li key={skill} className="flex items-start gap-2" data-unlocked={on}>
              <CheckCircleIcon className={`mt-0.5 h-5 w-5 shrink-0 ${on ? "text-emerald-600" : "text-slate-300"}`} aria-hidden="true" />
              <span>
                <span className={`block text-sm ${on ? "font-semibold text-slate-900" : "text-slate-500"}`}>{t(`impact.skills.${skill}`)}</span>
                <span className="block text-xs text-slate-500">{t(`impact.skills.${skill}Hint`)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function MonthsCard({ months, className }: { months: ImpactAnswer["months"]; className?: string }) {
  const { t } = useTranslation("account");
  const { language } = useLanguage();
  const monthName = dateTimeFormat(intlLocale(language), { month: "short", timeZone: "UTC" });
  const data = months.map((m) => ({ label: monthName.format(new Date(`${m.month}-15T12:00:00Z`)), goals: m.goals, activities: m.activities }));
  const empty = months.every((m) => m.value === 0);
  return (
    <Card title={t("impact.chart.title")} className={className} testId="impact-chart">
      {empty ? (
        <p className="py-10 text-center text-sm text-slate-500">{t("impact.chart.empty")}</p>
      ) : (
        // Drawn near the viewport only: on a phone it sits well below the fold (decision 0055).
        <WhenVisible height={IMPACT_CHART_HEIGHT} label={t("impact.chart.loading")}>
          <ImpactChart data={data} height={IMPACT_CHART_HEIGHT} labels={{ goals: t("impact.chart.goals"), activities: t("impact.chart.activities") }} />
        </WhenVisible>
      )}
      {/* The same figures as text, for screen readers and tests. In a visually hidden box: a table
          sizes itself to its cells whatever its own width says, and as `sr-only` itself it widened
          the page past a phone's screen. */}
      <div className="sr-only">
        <table>
          <caption>{t("impact.chart.table")}</caption>
          <tbody>
            {data.map((row, i) => (
              <tr key={months[i].month} data-month={months[i].month}>
                <th scope="row">{row.label}</th>
                <td>{t("impact.chart.goals")}: {row.goals}</td>
                <td>{t("impact.chart.activities")}: {row.activities}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function CallToAction() {
  const { t } = useTranslation("account");
  return (
    <section className="flex flex-col justify-between gap-3 rounded-2xl bg-brand-700 p-5 text-white shadow-sm" data-testid="impact-cta">
      <div>
        <h2 className="text-lg font-semibold">{t("impact.cta.title")}</h2>
        <p className="text-sm text-brand-100">{t("impact.cta.text")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/app/objetivos" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          {t("impact.cta.goals")}
        </Link>
        <Link to="/app/calendario" className="rounded-lg border border-white/60 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10">
          {t("impact.cta.calendar")}
        </Link>
      </div>
    </section>
  );
}

function TodayPanel({ today, timeZone }: { today: TodayAnswer; timeZone: string }) {
  const { t } = useTranslation("account");
  const { language } = useLanguage();
  const hide = useLayout()?.hideFinanceValues === true;
  const money = (cents: number) => formatMoney(cents, language);
  const clock = dateTimeFormat(intlLocale(language), { timeStyle: "short", timeZone });
  const more = today.agendaTotal - today.agenda.length;
  return (
    <section aria-labelledby="today-title" className="space-y-3" data-testid="today-panel">
      <h2 id="today-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClockIcon className="h-5 w-5" aria-hidden="true" />
        {t("impact.today.title")}
      </h2>
      {/* One column of the screen's width on a phone, not of the longest title's. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Card title={t("impact.today.agenda")} testId="today-agenda">
          {today.agenda.length ? (
            <ul className="space-y-1 text-sm">
              {today.agenda.map((item) => (
                <li key={`${item.module}:${item.id}:${item.occurrenceStart}`}>
                  <Link to={item.url} className="flex gap-2 rounded px-1 hover:bg-slate-50">
                    <span className="w-16 shrink-0 text-slate-500">{item.allDay ? t("impact.today.allDay") : clock.format(new Date(item.start))}</span>
                    <span className="truncate text-slate-800" title={item.title} dir="auto">
                      {item.title}
                    </span>
                  </Link>
                </li>
              ))}
              {more > 0 && <li className="text-xs text-slate-500">{t("impact.today.agendaMore", { count: more })}</li>}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t("impact.today.agendaEmpty")}</p>
          )}
        </Card>
        {today.toPlan && (
          <Card title={t("impact.today.toPlan")} testId="today-to-plan">
            {today.toPlan.length ? (
              <ul className="space-y-1 text-sm">
                {today.toPlan.map((task) => (
                  <li key={task.id}>
                    <Link to={`/app/tarefas?task=${task.id}`} className="flex justify-between gap-2 rounded px-1 hover:bg-slate-50">
                      <span className="truncate text-slate-800" title={task.title} dir="auto">
                        {task.title}
                      </span>
                      {task.dueDate && task.dueDate < today.date && <span className="shrink-0 text-xs font-medium text-red-700">{t("impact.today.overdue")}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t("impact.today.toPlanEmpty")}</p>
            )}
          </Card>
        )}
        {today.routines && <TodayRoutines routines={today.routines} />}
        {today.spending && (
          <Card title={t("impact.today.spending")} testId="today-spending">
            <p className="text-lg font-semibold text-slate-900">
              <MaskedSentence hidden={hide} format={money} amounts={[today.spending.spentCents]} sentence={([amount]) => t("impact.today.spent", { amount })} />
            </p>
            {today.spending.budgetCents === null ? (
              <p className="text-sm text-slate-500">{t("impact.today.noBudget")}</p>
            ) : (
              <>
                <p className="text-sm text-slate-600">
                  <MaskedSentence hidden={hide} format={money} amounts={[today.spending.budgetSpentCents, today.spending.budgetCents]} sentence={([spent, budget]) => t("impact.today.ofBudget", { spent, budget })} />
                </p>
                <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-2 rounded-full ${today.spending.overBudget.length ? "bg-red-600" : "bg-emerald-600"}`}
                    style={{ width: `${Math.min(100, Math.round((today.spending.budgetSpentCents / Math.max(1, today.spending.budgetCents)) * 100))}%` }}
                  />
                </div>
                {today.spending.overBudget.length > 0 && <p className="mt-1 text-xs font-medium wrap-anywhere text-red-700">{t("impact.today.over", { categories: today.spending.overBudget.join(", ") })}</p>}
              </>
            )}
            <Link to="/app/financas" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              {t("impact.today.spending")} →
            </Link>
          </Card>
        )}
      </div>
    </section>
  );
}
