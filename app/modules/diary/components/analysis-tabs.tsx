/**
 * The diary's overview (figures, charts, analysis) and insights tabs. Neither is part of the
 * screen's first view (it opens on the writer or the list), so this module loads with the first of
 * them opened, or once the page has settled (app/lib/on-demand.ts; bundle budgets, decision 0042).
 */
import { lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/ui/empty-state";
import { Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { Loading } from "~/components/ui/skeleton";
import { WhenVisible } from "~/components/ui/when-visible";
import { intlLocale } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { WEEKDAY_KEYS, type Emotion } from "@worker/modules/diary/vocabulary";
import { addDays } from "@worker/modules/selfCare/streaks";
// Plain markup only (no chart code): the overview's tables show before the charts' chunk arrives.
import { FiguresTable } from "~/components/ui/figures-table";

/** The overview charts' heights in pixels, shared by each chart and its placeholder. */
const MOOD_CHART_HEIGHT = 224;
const countChartHeight = (bars: number) => Math.max(120, bars * 30 + 24);

const Charts = {
  MoodLineChart: lazy(() => import("./diary-charts").then((m) => ({ default: m.MoodLineChart }))),
  CountBarChart: lazy(() => import("./diary-charts").then((m) => ({ default: m.CountBarChart }))),
};

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

type OverviewData = {
  entries: number;
  averageMood: number | null;
  moodSeries: { date: string; mood: number }[];
  emotions: { emotion: Emotion; count: number }[];
  analysis: {
    moodByWeekday: { weekday: number; averageMood: number | null; entries: number }[];
    emotionPairs: { emotions: [Emotion, Emotion]; count: number }[];
    writingStreak: { current: number; longest: number };
  };
};

/** The overview's range in days, chosen by the screen that keeps it (a look at another tab unmounts this). */
export function Overview({ today, days, onDays }: { today: string; days: string; onDays: (days: string) => void }) {
  const { t, i18n } = useTranslation(["diary", "ui"]);
  const language = i18n.language === "en" ? "en" : "pt";
  const mood = (value: number) => value.toLocaleString(intlLocale(language), { maximumFractionDigits: 1 });
  const [state, setState] = useState<{ status: "loading" } | { status: "error" } | { status: "ready"; data: OverviewData }>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    apiFetch<OverviewData>(`/diary/overview?from=${addDays(today, -(Number(days) - 1))}&to=${today}`).then((result) => {
      if (live) setState(result.ok ? { status: "ready", data: result.data } : { status: "error" });
    });
    return () => {
      live = false;
    };
  }, [days, today]);

  return (
    <div className="space-y-4" data-testid="diary-overview">
      <Select
        label={t("overview.range")}
        className="max-w-xs"
        value={days}
        onChange={(e) => onDays(e.target.value)}
        options={[
          { value: "30", label: t("overview.days30") },
          { value: "90", label: t("overview.days90") },
          { value: "365", label: t("overview.days365") },
        ]}
      />
      {state.status === "loading" && <Loading lines={5} />}
      {state.status === "error" && <Notice tone="error">{t("overview.loadFailed")}</Notice>}
      {state.status === "ready" && state.data.entries === 0 && <EmptyState title={t("overview.noData")} />}
      {state.status === "ready" && state.data.entries > 0 && (
        <>
          <dl className="grid grid-cols-3 gap-3">
            <Stat label={t("overview.entries")} value={String(state.data.entries)} />
            <Stat label={t("overview.averageMood")} value={state.data.averageMood === null ? "—" : state.data.averageMood.toLocaleString(language)} />
            <Stat label={t("overview.streak")} value={String(state.data.analysis.writingStreak.current)} hint={t("overview.longestStreak", { count: state.data.analysis.writingStreak.longest })} />
          </dl>
          {/* Each chart loads and draws near the viewport only, behind a placeholder of its height (decision 0055).
              Its figures are also there at once for screen readers (a table, a list): the chart is only an image. */}
          <Card title={t("overview.moodOverTime")}>
            <WhenVisible height={MOOD_CHART_HEIGHT} label={t("overview.chartLoading")}>
              <Charts.MoodLineChart
                height={MOOD_CHART_HEIGHT}
                label={t("overview.moodOverTime")}
                moodLabel={t("form.mood")}
                points={state.data.moodSeries.map((p) => ({ label: formatShortDate(dateOf(p.date), language).slice(0, 5), mood: p.mood }))}
              />
            </WhenVisible>
            <FiguresTable
              caption={t("overview.moodOverTime")}
              headers={[t("form.date"), t("form.mood")]}
              rows={state.data.moodSeries.map((p) => ({ key: p.date, cells: [formatLongDate(dateOf(p.date), language), mood(p.mood)] }))}
            />
          </Card>
          <Card title={t("overview.emotionFrequency")}>
            <WhenVisible height={countChartHeight(state.data.emotions.length)} label={t("overview.chartLoading")}>
              <Charts.CountBarChart
                testId="emotion-chart"
                height={countChartHeight(state.data.emotions.length)}
                label={t("overview.emotionFrequency")}
                valueLabel={t("overview.entries")}
                bars={state.data.emotions.map((e) => ({ label: t(`emotions.${e.emotion}`), value: e.count }))}
              />
            </WhenVisible>
            <ul className="sr-only">
              {state.data.emotions.map((e) => (
                <li key={e.emotion}>
                  {t(`emotions.${e.emotion}`)}: {e.count}
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t("overview.moodByWeekday")}>
            <WhenVisible height={countChartHeight(state.data.analysis.moodByWeekday.length)} label={t("overview.chartLoading")}>
              <Charts.CountBarChart
                testId="weekday-chart"
                height={countChartHeight(state.data.analysis.moodByWeekday.length)}
                domain={[0, 5]}
                label={t("overview.moodByWeekday")}
                valueLabel={t("overview.averageMood")}
                bars={state.data.analysis.moodByWeekday.map((d) => ({ label: t(`weekdays.${WEEKDAY_KEYS[d.weekday - 1]}`), value: d.averageMood ?? 0 }))}
              />
            </WhenVisible>
            {/* A weekday without a mood is drawn as 0; the table says so in words. */}
            <FiguresTable
              caption={t("overview.moodByWeekday")}
              headers={[t("overview.weekday"), t("overview.averageMood"), t("overview.entries")]}
              rows={state.data.analysis.moodByWeekday.map((d) => ({
                key: String(d.weekday),
                cells: [t(`weekdays.${WEEKDAY_KEYS[d.weekday - 1]}`), d.averageMood === null ? t("overview.noMood") : mood(d.averageMood), d.entries.toLocaleString(intlLocale(language))],
              }))}
            />
          </Card>
          {state.data.analysis.emotionPairs.length > 0 && (
            <Card title={t("overview.pairs")}>
              <ul className="space-y-1 text-sm">
                {state.data.analysis.emotionPairs.map((pair) => (
                  <li key={pair.emotions.join("+")} className="flex justify-between">
                    <span>
                      {t(`emotions.${pair.emotions[0]}`)} + {t(`emotions.${pair.emotions[1]}`)}
                    </span>
                    <span className="text-slate-500">{t("overview.pairCount", { count: pair.count })}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </div>
  );
}

export function Insights() {
  const { t } = useTranslation(["diary", "ui"]);
  const [state, setState] = useState<{ status: "loading" } | { status: "error" } | { status: "ready"; items: { kind: string; text: string }[] }>({ status: "loading" });
  useEffect(() => {
    apiFetch<{ items: { kind: string; text: string }[] }>("/diary/insights").then((result) => setState(result.ok ? { status: "ready", items: result.data.items } : { status: "error" }));
  }, []);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("insights.intro")}</p>
      {state.status === "loading" && <Loading lines={3} />}
      {state.status === "error" && <Notice tone="error">{t("insights.loadFailed")}</Notice>}
      {state.status === "ready" && state.items.length === 0 && <EmptyState title={t("insights.none")} />}
      {state.status === "ready" && (
        <ul className="space-y-2">
          {state.items.map((item) => (
            <li key={item.kind} className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
              {item.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}
