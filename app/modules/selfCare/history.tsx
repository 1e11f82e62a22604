/**
 * The self-care history on /app/autocuidado: for each routine, its last five weeks as a calendar,
 * one row per week from Monday to Sunday under the weekdays' names (Intl's, in the screen's
 * language), so that a week reads as a week and a weekday routine's days line up. A day not due
 * (a weekday routine's other days, or before the routine existed) is drawn apart from a missed one,
 * and today is marked. Colour is never the only cue: missed days are filled, days not due are dashed
 * outlines, and each cell's text says the date and what the day was. A day of a routine done several
 * times a day counted part of the way is a lighter shade of the done colour with a solid outline,
 * its count in its text ("5 de 8 vezes"; decision 0117, revised).
 */
import { useTranslation } from "react-i18next";
import { localeOf, type Language } from "~/i18n/language";
import { formatLongDate, weekdayNames } from "~/lib/dates";
import { dateTimeFormat } from "~/lib/intl";
import { localDate, type Schedule } from "@worker/modules/selfCare/streaks";
import { countsInProgress } from "@worker/modules/selfCare/counts";
import { dayState, historyStart, historyWeeks, type DayState } from "./history-weeks";
import type { Routine } from "./routine-form";

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

const CELL: Record<DayState, string> = {
  done: "bg-brand-600 font-semibold text-white",
  partial: "border border-brand-400 bg-brand-100 text-brand-800",
  missed: "bg-slate-200 text-slate-700",
  pending: "border border-slate-400 text-slate-700",
  free: "border border-dashed border-slate-300 text-slate-400",
  before: "text-slate-300",
  future: "",
};

/** The first day `routine` was due: its creation day in the user's zone, or an earlier day checked in back to it. */
function sinceOf(routine: Routine, checkIns: readonly string[], timeZone: string, fallback: string) {
  const created = new Date(routine.createdAt as string | Date);
  const createdOn = Number.isNaN(created.getTime()) ? fallback : localDate(created, timeZone);
  return [createdOn, ...checkIns].sort()[0];
}

/** A day's stored count in the history (decision 0117, revised). */
export type HistoryCount = { routineId: string; date: string; count: number };

export function SelfCareHistory({
  routines,
  history,
  counts = [],
  today,
  timeZone,
}: {
  routines: Routine[];
  history: { routineId: string; date: string }[];
  counts?: HistoryCount[];
  today: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("selfCare");
  const language: Language = i18n.language === "en" ? "en" : "pt";
  const weeks = historyWeeks(today);
  const short = weekdayNames(language, "short");
  const long = weekdayNames(language, "long");
  const dayMonth = dateTimeFormat(localeOf[language], { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <section aria-labelledby="self-care-history" className="space-y-2">
      <h2 id="self-care-history" className="text-lg font-semibold">
        {t("history.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("history.intro")}</p>
      {history.length === 0 && counts.length === 0 ? (
        <p className="text-sm text-slate-500">{t("history.empty")}</p>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {routines.map((routine) => {
              const schedule: Schedule = routine.frequency === "daily" ? { frequency: "daily" } : { frequency: "weekdays", weekdays: routine.weekdays };
              const checkIns = history.filter((h) => h.routineId === routine.id).map((h) => h.date);
              const partial = countsInProgress(
                counts.filter((c) => c.routineId === routine.id),
                routine.timesPerDay,
                checkIns,
              );
              const state = { schedule, done: new Set(checkIns), since: sinceOf(routine, [...checkIns, ...Object.keys(partial)], timeZone, historyStart(today)), partial };
              return (
                <li key={routine.id} className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-3" data-testid="history-routine">
                  <table className="mx-auto border-separate border-spacing-1 text-center text-xs">
                    <caption className="mb-1 truncate text-left text-sm font-medium text-slate-700" dir="auto">
                      {routine.title}
                    </caption>
                    <thead>
                      <tr>
                        <td />
                        {short.map((name, i) => (
                          <th key={name} scope="col" className="font-normal text-slate-500">
                            <span aria-hidden="true">{name}</span>
                            <span className="sr-only">{long[i]}</span>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {weeks.map((week) => (
                        <tr key={week[0]}>
                          <th scope="row" className="pr-1 text-right font-normal whitespace-nowrap text-slate-400">
                            <span aria-hidden="true">{dayMonth.format(new Date(`${week[0]}T12:00:00Z`))}</span>
                            <span className="sr-only">{t("history.week", { date: formatLongDate(dateOf(week[0]), language) })}</span>
                          </th>
                          {week.map((day) => {
                            const what = dayState(day, state, today);
                            if (what === "future") return <td key={day} data-date={day} data-state={what} />;
                            const isToday = day === today;
                            const said = what === "partial" ? t("countDay", { done: partial[day], count: routine.timesPerDay }) : t(`history.states.${what}`);
                            const label = t(isToday ? "history.dayToday" : "history.day", { date: formatLongDate(dateOf(day), language), state: said });
                            return (
                              <td
                                key={day}
                                title={label}
                                aria-current={isToday ? "date" : undefined}
                                className={`h-7 w-7 rounded-md ${CELL[what]} ${isToday ? "ring-2 ring-brand-500 ring-offset-1" : ""}`}
                                data-date={day}
                                data-state={what}
                              >
                                <span aria-hidden="true">{Number(day.slice(8))}</span>
                                <span className="sr-only">{label}</span>
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </li>
              );
            })}
          </ul>
          {/* The cells' looks in words; the cells' own text says each day's state to a screen reader. */}
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
            {(["done", ...(routines.some((r) => r.timesPerDay > 1) ? (["partial"] as const) : []), "missed", "free"] as const).map((what) => (
              <li key={what} className="flex items-center gap-1">
                <span className={`inline-block h-3 w-3 rounded-sm ${CELL[what]}`} />
                {t(`history.legend.${what}`)}
              </li>
            ))}
            <li className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm ring-2 ring-brand-500" />
              {t("history.legend.today")}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
