/**
 * /app/relatorios-semanais (and /app/premium/reports, the same screen under the Premium group):
 * the user's weekly reports, newest first, and one report with its charts (recharts, loaded only
 * here). `?semana=YYYY-MM-DD` opens a week (the 'weekly report ready' notification links there).
 * Reports already received stay readable on every plan; a plan without weekly reports sees the upsell.
 */
import { lazy, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Link,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { DocumentChartBarIcon } from "@heroicons/react/24/outline";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice } from "~/components/ui/form";
import { Masked, MaskedSentence } from "~/components/ui/masked";
import { MaskedAmounts } from "~/components/ui/masked-amounts";
import { formatMoney } from "~/components/ui/money";
import { WhenVisible } from "~/components/ui/when-visible";
import type { I18nHandle } from "~/i18n/route-namespaces";
import type { Language } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { requireUser } from "~/lib/auth.server";
import { formatDayRange, formatLongDate, weekdayNames } from "~/lib/dates";
import { useEntityChanges } from "~/lib/use-entity-changes";
import type { loader as layoutLoader } from "~/routes/app/layout";
import { database } from "@worker/db/client";
import type { WeeklyReport } from "@worker/modules/reports/builder";
import { findReportRead, listReportsRead } from "@worker/modules/reports/queries";
import { known, readAll, run } from "@worker/db/reads";
import { intlLocale } from "~/i18n/language";
import { FiguresTable } from "~/components/ui/figures-table";

export const handle: I18nHandle = {
  i18n: ["reports", "diary", "ui", "billing"],
};

const Charts = {
  ActivityChart: lazy(() =>
    import("../components/report-charts").then((m) => ({
      default: m.ActivityChart,
    })),
  ),
  MoodChart: lazy(() =>
    import("../components/report-charts").then((m) => ({
      default: m.MoodChart,
    })),
  ),
  SpendingChart: lazy(() =>
    import("../components/report-charts").then((m) => ({
      default: m.SpendingChart,
    })),
  ),
};

/** The charts' heights in pixels, shared by each chart and its placeholder. */
const ACTIVITY_CHART_HEIGHT = 224;
const MOOD_CHART_HEIGHT = 192;
const spendingChartHeight = (categories: number) =>
  Math.max(140, categories * 44 + 48);

/** A year of weeks, then a year more with each 'Carregar mais'. */
const WEEKS_SHOWN = 52;

type Week = { weekStart: string; weekEnd: string };
type StoredReport = { weekStart: string; data: WeeklyReport | null };
/** The weeks of the reports this screen can show (of the report format it knows), as the list shows them. */
const weeksOf = (reports: StoredReport[]): Week[] => reports.filter((r) => r.data?.version === 1).map((r) => ({ weekStart: r.weekStart, weekEnd: r.data!.weekEnd }));

export async function loader(args: LoaderFunctionArgs) {
  const auth = requireUser(args);
  const db = database(args.context.cloudflare.env.DB);
  const wanted = new URL(args.request.url).searchParams.get("semana");
  // One D1 batch: the year's list and the asked week (the 'report ready' notification links to any
  // week, also one older than the list).
  const [page, found] = await run(
    db,
    readAll([listReportsRead(db, auth.user.id, { limit: WEEKS_SHOWN }), wanted ? findReportRead(db, auth.user.id, wanted) : known(undefined)]),
  );
  const reports = page.items.filter((r) => r.data?.version === 1);
  const asked = found?.data?.version === 1 ? found : undefined;
  const selected = wanted ? asked : reports[0];
  return {
    // An asked week older than the list comes at its end, where it falls in the order.
    weeks: weeksOf(asked && !reports.some((r) => r.weekStart === asked.weekStart) ? [...reports, asked] : reports),
    nextCursor: page.nextCursor,
    report: selected?.data ?? null,
    missing: Boolean(wanted && !selected),
  };
}

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

export default function WeeklyReportsScreen() {
  const { t, i18n } = useTranslation(["reports", "diary", "ui"]);
  const language = (i18n.language === "en" ? "en" : "pt") as Language;
  const data = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const entitled = layout?.entitlements.includes("weeklyReports") ?? false;
  const { pathname } = useLocation();
  useEntityChanges(["weeklyReport"]);
  // Older weeks loaded with 'Carregar mais', with the weeks shown then. They stay when the loader
  // runs again (another week opened, a new report pushed one out of its year): reports are only
  // ever added, so every week seen still exists.
  const [more, setMore] = useState<{ weeks: Week[]; cursor: string | null }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const weeks = more ? [...new Map([...data.weeks, ...more.weeks].map((w) => [w.weekStart, w])).values()].sort((a, b) => (a.weekStart < b.weekStart ? 1 : -1)) : data.weeks;
  const cursor = more ? more.cursor : data.nextCursor;
  async function loadMore(after: string) {
    setLoadingMore(true);
    const result = await apiFetch<{ items: StoredReport[]; nextCursor: string | null }>(`/reports/weekly?limit=${WEEKS_SHOWN}&cursor=${encodeURIComponent(after)}`);
    setLoadingMore(false);
    if (!result.ok) return toast({ title: result.error.message || t("loadMoreFailed"), tone: "error" });
    setMore({ weeks: [...weeks, ...weeksOf(result.data.items)], cursor: result.data.nextCursor });
  }

  return (
    <section className="mx-auto max-w-5xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold">{t("name")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("subtitle")}</p>
      </header>
      {!entitled && (
        <div className="space-y-2">
          <PremiumNotice entitlement="weeklyReports" />
          <p className="text-sm text-slate-600">{t("locked")}</p>
        </div>
      )}
      {data.missing && <Notice tone="error">{t("notFound")}</Notice>}
      <div data-tour="reports-content">
        {weeks.length === 0 ? (
          <EmptyState
            icon={DocumentChartBarIcon}
            title={t("empty.title")}
            // No report comes on Monday for a plan without them: say what would bring one instead.
            text={entitled ? t("empty.text") : t("empty.lockedText")}
          />
        ) : (
          <div className="grid gap-5 lg:grid-cols-[14rem_1fr]">
            <nav aria-label={t("weeks")}>
              <h2 className="mb-2 text-sm font-semibold text-slate-500">
                {t("weeks")}
              </h2>
              <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
                {weeks.map((week) => {
                  const current = week.weekStart === data.report?.weekStart;
                  return (
                    <li key={week.weekStart} className="shrink-0">
                      <Link
                        to={`${pathname}?semana=${week.weekStart}`}
                        aria-current={current ? "page" : undefined}
                        aria-label={t("open", {
                          from: formatLongDate(
                            dateOf(week.weekStart),
                            language,
                          ),
                        })}
                        className={`block rounded-xl border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${current ? "border-brand-500 bg-brand-50 font-semibold text-brand-800" : "border-slate-200 bg-white hover:bg-slate-50"}`}
                      >
                        {formatDayRange(week.weekStart, week.weekEnd, language, "short")}
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {cursor && (
                <Button variant="secondary" className="mt-2 w-full" loading={loadingMore} onClick={() => void loadMore(cursor)}>
                  {t("loadMore")}
                </Button>
              )}
            </nav>
            {data.report && (
              <ReportView
                report={data.report}
                language={language}
                hideValues={layout?.hideFinanceValues === true}
              />
            )}
          </div>
        )}
      </div>
    </section>
  );
}



function Card({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-4"
      data-testid={testId}
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
    </div>
  );
}

function Panel({
  title,
  children,
}: {
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-700">{title}</h3>
      {children}
    </section>
  );
}

function ReportView({
  report,
  language,
  hideValues,
}: {
  report: WeeklyReport;
  language: Language;
  hideValues: boolean;
}) {
  const { t } = useTranslation(["reports", "diary", "ui"]);
  const money = (cents: number) => formatMoney(cents, language);
  const long = (date: string) => formatLongDate(dateOf(date), language);
  const weekdays = weekdayNames(language, "short");
  // The charts' tables say each day in full: a screen reader spells "seg" out.
  const longWeekdays = weekdayNames(language, "long");
  const number1 = (n: number) =>
    n.toLocaleString(intlLocale(language), {
      maximumFractionDigits: 1,
    });
  const integer = (n: number) => n.toLocaleString(intlLocale(language));
  const spending = report.spending.categories.filter(
    (c) => c.cents > 0 || c.previousCents > 0,
  );
  // An account opened during the week: the days before it, and the week before, are not "zero".
  const since = report.since ?? null;
  const noPreviousWeek = since !== null && report.spending.previousTotalCents === 0;
  const active = report.tasks.completed + report.events.count > 0;

  return (
    <article
      className="min-w-0 space-y-4"
      aria-labelledby="report-title"
      data-testid="weekly-report"
    >
      <h2 id="report-title" className="text-lg font-semibold">
        {t("weekOf", { days: formatDayRange(report.weekStart, report.weekEnd, language) })}
      </h2>
      {since && (
        <p className="text-sm text-slate-600" data-testid="report-partial-week">
          {t("partialWeek", { date: long(since), count: report.days.filter((d) => d >= since).length })}
        </p>
      )}
      {report.summary && (
        <div className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
          {/* The assistant's wording repeats the week's spending: masked like the cards when values are hidden. */}
          {/* Written once, in the account's language of that Monday: marked as such (lang, and said in
              the byline) when the screen is now in the other one, rather than passed off as this one's. */}
          <p lang={report.summary.language}>
            <MaskedAmounts text={report.summary.text} hidden={hideValues} />
          </p>
          <p className="mt-1 text-xs text-brand-700">
            {report.summary.language && report.summary.language !== language
              ? t("summaryByProviderIn", { language: t(`summaryLanguage.${report.summary.language}`) })
              : t("summaryByProvider")}
          </p>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Card
          testId="card-tasks"
          label={t("cards.tasks")}
          value={String(report.tasks.completed)}
          detail={t("cards.tasksDetail", { count: report.tasks.created })}
        />
        <Card
          testId="card-events"
          label={t("cards.events")}
          value={String(report.events.count)}
        />
        <Card
          testId="card-mood"
          label={t("cards.mood")}
          value={
            report.mood.average === null ? "—" : number1(report.mood.average)
          }
          detail={
            report.mood.entries
              ? t("cards.moodDetail", { count: report.mood.entries })
              : t("cards.noMood")
          }
        />
        <Card
          testId="card-spent"
          label={t("cards.spent")}
          value={hideValues ? <Masked /> : money(report.spending.totalCents)}
          detail={
            noPreviousWeek ? (
              t("cards.noPreviousWeek")
            ) : (
              <MaskedSentence
                hidden={hideValues}
                format={money}
                amounts={[report.spending.previousTotalCents]}
                sentence={([previous]) => t("cards.spentDetail", { previous })}
              />
            )
          }
        />
      </div>

      {report.finding && (
        <Panel title={t("finding.title")}>
          <p className="text-sm text-slate-800" data-testid="report-finding">
            {t("finding.busyDaysMood", {
              threshold: report.finding.threshold,
              busyMood: number1(report.finding.busy.mood),
              busyDays: report.finding.busy.days,
              otherMood: number1(report.finding.other.mood),
              otherDays: report.finding.other.days,
            })}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {t("finding.basis", {
              windowDays: report.finding.windowDays,
              from: long(report.finding.from),
              to: long(report.finding.to),
              minDays: report.finding.minDays,
            })}
          </p>
        </Panel>
      )}

      {/* Each chart loads and draws near the viewport only, behind a placeholder of its height (decision 0055).
          Its figures are also a table for screen readers, there at once: the chart is only an image. */}
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel title={t("charts.activity")}>
          {/* A week of zeros is said, not drawn as an empty chart. */}
          {active ? (
            <>
              <WhenVisible height={ACTIVITY_CHART_HEIGHT} label={t("chartLoading")}>
                <Charts.ActivityChart
                  height={ACTIVITY_CHART_HEIGHT}
                  label={t("charts.activity")}
                  tasksLabel={t("charts.tasksDone")}
                  eventsLabel={t("charts.events")}
                  days={report.days.map((_, i) => ({
                    label: weekdays[i],
                    tasks: report.tasks.completedByDay[i],
                    events: report.events.byDay[i],
                  }))}
                />
              </WhenVisible>
              <FiguresTable
                caption={t("charts.activity")}
                headers={[t("charts.day"), t("charts.tasksDone"), t("charts.events")]}
                rows={report.days.map((day, i) => ({
                  key: day,
                  cells: [longWeekdays[i], integer(report.tasks.completedByDay[i]), integer(report.events.byDay[i])],
                }))}
              />
            </>
          ) : (
            <p className="text-sm text-slate-500">{t("charts.noActivity")}</p>
          )}
        </Panel>
        <Panel title={t("charts.mood")}>
          {/* Entries without a mood count in the card, but leave nothing to draw: a sentence says so. */}
          {report.mood.average !== null ? (
            <>
              <WhenVisible height={MOOD_CHART_HEIGHT} label={t("chartLoading")}>
                <Charts.MoodChart
                  height={MOOD_CHART_HEIGHT}
                  label={t("charts.mood")}
                  moodLabel={t("cards.mood")}
                  format={number1}
                  days={report.days.map((_, i) => ({
                    label: weekdays[i],
                    mood: report.mood.byDay[i],
                  }))}
                />
              </WhenVisible>
              <FiguresTable
                caption={t("charts.mood")}
                headers={[t("charts.day"), t("cards.mood")]}
                rows={report.days.map((day, i) => {
                  const mood = report.mood.byDay[i];
                  return { key: day, cells: [longWeekdays[i], mood === null ? t("charts.noMoodDay") : number1(mood)] };
                })}
              />
            </>
          ) : (
            <p className="text-sm text-slate-500">
              {report.mood.entries ? t("charts.noMoodLogged") : t("cards.noMood")}
            </p>
          )}
        </Panel>
      </div>
      <Panel title={t("charts.spending")}>
        {spending.length && !hideValues ? (
          <>
            <WhenVisible
              height={spendingChartHeight(spending.length)}
              label={t("chartLoading")}
            >
              <Charts.SpendingChart
                height={spendingChartHeight(spending.length)}
                label={t("charts.spending")}
                weekLabel={t("charts.thisWeek")}
                previousLabel={t("charts.previousWeek")}
                format={money}
                categories={spending.map((c) => ({
                  label: c.labels[language],
                  week: c.cents,
                  previous: c.previousCents,
                }))}
              />
            </WhenVisible>
            <FiguresTable
              caption={t("charts.spending")}
              headers={[t("charts.category"), t("charts.thisWeek"), t("charts.previousWeek")]}
              rows={spending.map((c) => ({ key: c.category, cells: [c.labels[language], money(c.cents), money(c.previousCents)] }))}
            />
          </>
        ) : (
          <p className="text-sm text-slate-500">
            {spending.length ? <Masked /> : t("charts.noSpending")}
          </p>
        )}
      </Panel>

      {/* One column on a phone as wide as the screen: an implicit one grows to a long goal's title. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Panel title={t("goals.title")}>
          {report.goals.completed.length + report.goals.open.length === 0 ? (
            <p className="text-sm text-slate-500">{t("goals.none")}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {report.goals.completed.map((g) => (
                <li key={g.id} className="flex justify-between gap-2">
                  <span className="truncate" title={g.title} dir="auto">
                    {g.title}
                  </span>
                  <span className="shrink-0 text-emerald-700">
                    {t("goals.completed")}
                  </span>
                </li>
              ))}
              {report.goals.open.map((g) => (
                <li key={g.id}>
                  <div className="flex justify-between gap-2">
                    <span className="truncate" title={g.title} dir="auto">
                      {g.title}
                    </span>
                    <span className="shrink-0 text-slate-600">
                      {g.progress}%
                    </span>
                  </div>
                  <div
                    className="mt-1 h-1.5 rounded-full bg-slate-100"
                    aria-hidden
                  >
                    <div
                      className="h-1.5 rounded-full bg-brand-500"
                      style={{ width: `${g.progress}%` }}
                    />
                  </div>
                </li>
              ))}
              {report.goals.averageProgress !== null && (
                <li className="text-xs text-slate-500">
                  {t("goals.averageProgress", {
                    progress: report.goals.averageProgress,
                  })}
                </li>
              )}
            </ul>
          )}
        </Panel>
        <Panel title={t("routines.title")}>
          {report.routines.length === 0 ? (
            <p className="text-sm text-slate-500">{t("routines.none")}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {report.routines.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap justify-between gap-x-2"
                >
                  <span className="truncate" title={r.title} dir="auto">
                    {r.title}
                  </span>
                  <span className="text-slate-600">
                    {r.scheduled === 0 ? t("routines.noneDue") : t("routines.days", { checkIns: r.checkIns, count: r.scheduled })}
                    {/* A counted routine's times (0117); reports stored before them have none. */}
                    {r.times && r.scheduled > 0 && ` · ${t("routines.times", { done: r.times.done, count: r.times.planned })}`} · {t(r.frequency === "weekdays" ? "routines.streakTimes" : "routines.streak", { count: r.streakDays })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={t("emotions.title")}>
          {report.mood.topEmotions.length === 0 ? (
            <p className="text-sm text-slate-500">{t("emotions.none")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm">
              {report.mood.topEmotions.map((e) => (
                <li
                  key={e.emotion}
                  className="rounded-full bg-violet-50 px-3 py-1 text-violet-800"
                >
                  {t(`diary:emotions.${e.emotion}`)} · {e.count}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {report.cycle && (
          <Panel title={t("cycle.title")}>
            {/* A day a row: the panel is half the report's width at most, and seven columns cut
                "Menstrual" and "Folicular" to "Menstr" and "Folicul" on a phone and on a desktop. */}
            <ol className="space-y-1 text-xs">
              {report.cycle.days.map((day, i) => (
                <li
                  key={report.days[i]}
                  className="flex justify-between gap-2 rounded-lg bg-rose-50 px-3 py-1.5 text-rose-900"
                >
                  <span className="font-semibold">{longWeekdays[i]}</span>
                  <span>{day ? t(`cycle.phases.${day.phase}`) : t("cycle.unknown")}</span>
                </li>
              ))}
            </ol>
            <p className="mt-2 text-xs text-slate-500">{t("cycle.note")}</p>
          </Panel>
        )}
      </div>
    </article>
  );
}
