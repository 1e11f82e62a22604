import { onDemandDialog } from "~/components/ui/dialog";
import { ChevronLeftIcon, ChevronRightIcon, InformationCircleIcon, PlusIcon } from "@heroicons/react/24/outline";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useNavigation, useRevalidator, type LoaderFunctionArgs } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { dateOf, monthGrid } from "~/components/ui/date-grid";
import { EmptyState } from "~/components/ui/empty-state";
import { ScreenLoadError } from "~/components/ui/screen-load-error";
import { deleteWithUndo } from "~/components/ui/undo";
import type { I18nHandle } from "~/i18n/route-namespaces";
import type { Language } from "~/i18n/language";
import { QueuedChanges } from "~/components/offline/queued-changes";
import { queuedWriteNotice } from "~/components/offline/use-queued-write";
import { useQueuedChanges } from "~/lib/offline/state";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { requireUser } from "~/lib/auth.server";
import { formatDayRange, formatMonthYear, weekdayNames } from "~/lib/dates";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useRevalidateOnNewDay } from "~/lib/use-revalidate-on-new-day";
import type { Cycle, Flow, Prediction } from "@worker/modules/cycle/predictions";
import { addDays } from "@worker/modules/cycle/predictions";
import { daysLate, irregularCycles, marksOf, monthOf, projectedCycles, queuedDays, queuedLongCycles, shiftMonth, suggestedFlow, type DayMarks } from "../calendar";
import { cycleScreen, type ScreenDay } from "../cycle.server";
import type { PeriodDates } from "../period-dialog";
import { FLOW_DOTS, longDate, useLang, type Editing } from "../screen-shared";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export const handle: I18nHandle = { i18n: ["cycle", "ui"] };

export async function loader(args: LoaderFunctionArgs) {
  const auth = requireUser(args);
  return cycleScreen(args.context, auth, new URL(args.request.url).searchParams.get("mes"));
}

type Data = Awaited<ReturnType<typeof loader>>;

// The day's form (dialog, radio groups) loads on first use or when the page is idle (decision 0042).
const DayDialog = onDemandDialog(() => import("../day-dialog").then((m) => m.DayDialog));
const PeriodDialog = onDemandDialog(() => import("../period-dialog").then((m) => m.PeriodDialog));
/** The cycle writes the offline queue keeps (app/lib/offline/queue.ts). */
const CYCLE_KINDS = ["cycle.log", "cycle.update", "cycle.delete", "cycle.period", "cycle.markLong", "cycle.unmarkLong"] as const;
/** Day and month; the year too when it is not today's ("1 de setembro" twice in two years was ambiguous). */
const shortDate = (iso: string, language: Language, today: string) =>
  dateTimeFormat(intlLocale(language), { day: "numeric", month: "long", ...(iso.slice(0, 4) !== today.slice(0, 4) && { year: "numeric" }) }).format(dateOf(iso));

/** /app/ciclo-menstrual: the month calendar, the prediction, the cycles and the day log. */
export default function CycleScreen() {
  const data = useLoaderData<Data>();
  const { t } = useTranslation("cycle");
  const { revalidate } = useRevalidator();
  const language = useLang();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The period dialog: open empty ("Registar período") or with the dates of a period the cycle list
  // thinks was left unlogged.
  const [loggingPeriod, setLoggingPeriod] = useState<PeriodDates | null>(null);
  // "O período continua hoje?" answered on this day: hidden at once, before the reload that confirms it.
  const [answered, setAnswered] = useState<string | null>(null);
  // Days changed offline, drawn at once with their waiting mark until the queue sends them.
  const queuedChanges = useQueuedChanges(CYCLE_KINDS);
  const queued = queuedDays(queuedChanges, data.days, data.today);
  // "Foi mesmo um ciclo longo" (and its undo) given offline, by cycle start, until sent.
  const queuedMarks = queuedLongCycles(queuedChanges);
  // Days deleted a moment ago, hidden while their "Anular" toast is open (the DELETE comes after).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  useEntityChanges(["cycleDay"]);
  // A page left open overnight moves on to the new day: "Registar hoje" had logged yesterday.
  useRevalidateOnNewDay(data.today, data.timeZone, revalidate);

  // Deletes waiting out their "Anular" toast, by date. Logging such a day again takes its log back
  // first: otherwise the save would change the row that the DELETE removes a moment later.
  const pendingDeletes = useRef(new Map<string, { day: ScreenDay; cancel: () => void }>());
  const keep = (date: string) => {
    const pending = pendingDeletes.current.get(date);
    pending?.cancel();
    return pending?.day ?? null;
  };

  const days = data.days.filter((d) => !hidden.has(d.id));
  // A day's flow for the suggestion: the month's log, but a day deleted a moment ago has none; a
  // day outside the month (the day before the 1st, a day chosen in another month) as the day
  // dialog's lookup found it.
  const hiddenDates = new Set(data.days.filter((d) => hidden.has(d.id)).map((d) => d.date));
  const flowOn = (date: string, lookedUp: Flow | null | undefined) => days.find((d) => d.date === date)?.flow ?? (hiddenDates.has(date) ? null : (lookedUp ?? null));
  // In the grid with the day before it: the screen knows both logs, the dialog need not ask.
  const known = (date: string) => addDays(date, -1) >= data.grid.from && date <= data.grid.to;
  const open = (date: string) => setEditing({ date, day: keep(date) ?? days.find((d) => d.date === date) ?? null, known: known(date) });
  const drawn = [...days.filter((d) => !queued.has(d.date)), ...[...queued].flatMap(([date, flow]) => (flow ? [{ ...(days.find((d) => d.date === date) ?? { id: `queued-${date}`, symptoms: [], mood: null, notes: "" }), date, flow }] : []))];

  // Asked while today has no log, nor one waiting in the queue (an answer given offline).
  const ongoing = data.ongoing && answered !== data.today && !queued.has(data.today) ? data.ongoing : null;
  const answerOngoing = (answer: "continues" | "ended", flow: Flow) => {
    setAnswered(data.today);
    const again = () => setAnswered(null);
    void import("../ongoing-period")
      .then((m) => m.answerOngoing(answer, { today: data.today, flow, language, onSaved: revalidate, onUndone: () => (again(), revalidate()) }))
      .catch(again);
  };

  // The person's word on a long cycle (0113 "Revised"): loaded when tapped, as the ongoing answers.
  const markLong = (start: string, mark: boolean) =>
    void import("../long-cycle").then((m) => (mark ? m.confirmLongCycle : m.takeBackLongCycle)(start, { language, onChanged: revalidate }));

  const remove = (day: ScreenDay) => {
    setEditing(null);
    const forget = () => {
      if (pendingDeletes.current.get(day.date)?.day === day) pendingDeletes.current.delete(day.date);
    };
    const cancel = deleteWithUndo({
      title: { key: "cycle:deleted" },
      undoLabel: { key: "cycle:undo" },
      failedTitle: { key: "cycle:deleteFailed" },
      hide: () => setHidden((set) => new Set(set).add(day.id)),
      restore: () => {
        forget();
        setHidden((set) => {
          const next = new Set(set);
          next.delete(day.id);
          return next;
        });
      },
      commit: async () => {
        forget();
        const result = await writeOrQueue({ kind: "cycle.delete", method: "DELETE", path: `/cycle/days/${day.id}`, body: {}, label: longDate(day.date, language) });
        // Offline: kept to send later (the day stays off the calendar meanwhile).
        if (isQueued(result)) {
          queuedWriteNotice(result);
          return result.queued;
        }
        // Already gone (deleted in another tab or device) is what the user wanted.
        if (!result.ok && result.status !== 404) return false;
        revalidate();
        return true;
      },
    });
    pendingDeletes.current.set(day.date, { day, cancel });
  };

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("name")}</h1>
          <p className="text-slate-600">{t("subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => open(data.today)} data-testid="log-today" data-tour="cycle-log-today">
            <PlusIcon className="h-4 w-4" aria-hidden="true" />
            {t("actions.logToday")}
          </Button>
          <Button variant="secondary" onClick={() => setLoggingPeriod({})} data-testid="log-period">
            {t("actions.logPeriod")}
          </Button>
          <Button variant="secondary" onClick={() => setEditing({ date: "", day: null })} data-tour="cycle-log-day">
            {t("actions.logDay")}
          </Button>
        </div>
      </header>

      {ongoing && (
        <div role="group" aria-labelledby="ongoing-period" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-rose-50 p-3 ring-1 ring-rose-200" data-testid="ongoing-period">
          <div>
            <p id="ongoing-period" className="font-semibold text-rose-950">
              {t("ongoing.question")}
            </p>
            <p className="text-sm text-rose-900">{t("ongoing.hint", { count: ongoing.days + 1, flow: t(`flow.${ongoing.flow}`).toLocaleLowerCase(language) })}</p>
          </div>
          <div className="flex gap-2">
            <Button onClick={() => answerOngoing("continues", ongoing.flow)}>{t("ongoing.continues")}</Button>
            <Button variant="secondary" onClick={() => answerOngoing("ended", ongoing.flow)}>
              {t("ongoing.ended")}
            </Button>
          </div>
        </div>
      )}

      <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-tour="cycle-disclaimer">
        <InformationCircleIcon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        {t("disclaimer")}
      </p>

      {/* A first period logged offline shows the calendar already, with its days waiting. */}
      {!data.hasAny && ![...queued.values()].some(Boolean) ? (
        <EmptyState
          title={t("empty.title")}
          text={t("empty.text")}
          action={<Button onClick={() => open(data.today)}>{t("empty.action")}</Button>}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <MonthCalendar data={data} days={drawn} pending={queued} onPick={open} />
          <div className="space-y-6">
            <PredictionSummary prediction={data.prediction} today={data.today} />
            <CycleList cycles={data.prediction.cycleLengths} today={data.today} periodDays={data.periodDays} queuedMarks={queuedMarks} onLogMissed={setLoggingPeriod} onMarkLong={markLong} />
          </div>
        </div>
      )}

      <QueuedChanges kinds={CYCLE_KINDS} />

      <p className="text-xs text-slate-500">{t("privacy")}</p>

      {loggingPeriod && (
        <PeriodDialog
          today={data.today}
          initial={loggingPeriod}
          onClose={() => setLoggingPeriod(null)}
          onSaved={() => {
            setLoggingPeriod(null);
            revalidate();
          }}
        />
      )}

      {editing && (
        <DayDialog
          key={`${editing.date}-${editing.day?.id ?? "new"}`}
          editing={editing}
          today={data.today}
          suggest={(date, dayBefore) => suggestedFlow(date, { flowOn: (d) => flowOn(d, dayBefore), prediction: data.prediction })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            revalidate();
          }}
          onDelete={remove}
          onDateChosen={keep}
        />
      )}
    </section>
  );
}


/** The month grid: logged days (filled, with one to four dots for the flow), predictions (outlined). */
function MonthCalendar({ data, days, pending, onPick }: { data: Data; days: ScreenDay[]; pending: ReadonlyMap<string, Flow | null>; onPick: (date: string) => void }) {
  const { t } = useTranslation("cycle");
  const language = useLang();
  const navigation = useNavigation();
  const month = monthOf(data.month, data.today);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weeks = monthGrid(month.year, month.month);
  // The next period and the ones after it: months ahead show them too.
  const cycles = projectedCycles(data.prediction, data.periodDays);
  const names = weekdayNames(language, "short");
  const longNames = weekdayNames(language, "long");

  const describe = (date: string, marks: DayMarks) => {
    const parts = [longDate(date, language)];
    if (marks.flow && marks.flow !== "none") parts.push(`${t("calendar.logged")}: ${t(`flow.${marks.flow}`)}`);
    else if (marks.flow === "none") parts.push(t("calendar.otherLog"));
    if (marks.predicted) parts.push(t("calendar.predicted"));
    if (marks.likely) parts.push(t("prediction.range", { days: formatDayRange(marks.likely.start, marks.likely.end, language, "long") }));
    if (marks.ovulation) parts.push(t("calendar.ovulation"));
    else if (marks.fertile) parts.push(t("calendar.fertile"));
    if (marks.today) parts.push(t("calendar.today"));
    if (pending.has(date)) parts.push(t("period.pending"));
    return parts.join(", ");
  };

  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-busy={navigation.state === "loading" || undefined} data-tour="cycle-calendar">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Link to={`?mes=${shiftMonth(month, -1)}`} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label={t("calendar.previous")} preventScrollReset>
          <ChevronLeftIcon className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h2 className="text-lg font-semibold first-letter:uppercase" aria-live="polite">
          {formatMonthYear(dateOf(`${data.month}-01`), language)}
        </h2>
        <div className="flex items-center gap-1">
          <Link to="?" className="rounded-lg px-2 py-1 text-sm text-brand-700 hover:bg-slate-100" preventScrollReset>
            {t("calendar.today")}
          </Link>
          <Link to={`?mes=${shiftMonth(month, 1)}`} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label={t("calendar.next")} preventScrollReset>
            <ChevronRightIcon className="h-5 w-5" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <table className={`w-full table-fixed border-separate border-spacing-1 ${navigation.state === "loading" ? "opacity-60" : ""}`} data-testid="cycle-calendar">
        <thead>
          <tr>
            {names.map((name, i) => (
              <th key={name} scope="col" className="text-xs font-medium text-slate-500 capitalize">
                <abbr title={longNames[i]} className="no-underline">
                  {name}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((cell) => {
                const marks = marksOf(cell.date, { flow: byDate.get(cell.date)?.flow ?? null, cycles, today: data.today });
                return (
                  <td key={cell.date} className="p-0">
                    <DayCell day={cell.day} inMonth={cell.inMonth} marks={marks} label={describe(cell.date, marks)} date={cell.date} pending={pending.has(cell.date)} onPick={onPick} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Legend />
    </div>
  );
}

function cellClasses(marks: DayMarks, inMonth: boolean) {
  const classes = ["relative flex h-12 w-full flex-col items-center justify-center rounded-lg text-sm sm:h-14"];
  if (!inMonth) classes.push("opacity-50");
  if (marks.flow && marks.flow !== "none") classes.push(FLOW_DOTS[marks.flow] >= 3 ? "bg-rose-600 text-white" : "bg-rose-200 text-rose-950");
  else if (marks.predicted) classes.push("border-2 border-dashed border-rose-500 text-rose-800");
  if (marks.fertile && !(marks.flow && marks.flow !== "none")) classes.push("bg-teal-50");
  if (marks.today) classes.push("font-bold ring-2 ring-brand-500");
  return classes.join(" ");
}

/** One day: its number, flow dots, the ovulation diamond and the fertile underline (shapes, not colour alone). */
function DayCell({ day, inMonth, marks, label, date, pending, onPick }: { day: number; inMonth: boolean; marks: DayMarks; label: string; date: string; pending: boolean; onPick: (date: string) => void }) {
  const inner = (
    <>
      <span>{day}</span>
      <span aria-hidden="true" className="flex h-2 items-center gap-0.5 leading-none">
        {marks.flow && marks.flow !== "none" && Array.from({ length: FLOW_DOTS[marks.flow] }, (_, i) => <span key={i} className="h-1 w-1 rounded-full bg-current" />)}
        {marks.flow === "none" && <span className="h-1.5 w-1.5 rounded-full border border-current" />}
        {marks.ovulation && <span className="text-[10px] text-teal-700">◆</span>}
      </span>
      {marks.fertile && <span aria-hidden="true" className="absolute inset-x-2 bottom-1 border-b-2 border-dotted border-teal-600" />}
    </>
  );
  // Days to come cannot be logged: they only show the prediction, read out by their label.
  if (marks.future) {
    return (
      <div className={cellClasses(marks, inMonth)} data-date={date} data-marks={markList(marks)}>
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="contents">
          {inner}
        </span>
      </div>
    );
  }
  return (
    <Button
      variant="ghost"
      className={`${cellClasses(marks, inMonth)} px-0! py-0! hover:ring-2 hover:ring-slate-300 ${pending ? "outline-2 outline-offset-1 outline-amber-500 outline-dashed" : ""}`}
      aria-label={label}
      aria-current={marks.today ? "date" : undefined}
      onClick={() => onPick(date)}
      data-date={date}
      data-marks={markList(marks)}
      data-pending={pending || undefined}
    >
      {inner}
    </Button>
  );
}

/** The marks as words, for tests and styling hooks. */
const markList = (marks: DayMarks) =>
  [marks.flow && marks.flow !== "none" ? "logged" : null, marks.predicted ? "predicted" : null, marks.fertile ? "fertile" : null, marks.ovulation ? "ovulation" : null].filter(Boolean).join(" ");

function Legend() {
  const { t } = useTranslation("cycle");
  const items = [
    { key: "logged", sample: <span className="flex h-5 w-5 items-center justify-center gap-0.5 rounded bg-rose-600"><span className="h-1 w-1 rounded-full bg-white" /><span className="h-1 w-1 rounded-full bg-white" /></span> },
    { key: "predicted", sample: <span className="h-5 w-5 rounded border-2 border-dashed border-rose-500" /> },
    { key: "fertile", sample: <span className="flex h-5 w-5 items-end rounded bg-teal-50 px-0.5 pb-0.5"><span className="w-full border-b-2 border-dotted border-teal-600" /></span> },
    { key: "ovulation", sample: <span className="flex h-5 w-5 items-center justify-center text-xs text-teal-700">◆</span> },
    { key: "otherLog", sample: <span className="flex h-5 w-5 items-center justify-center"><span className="h-1.5 w-1.5 rounded-full border border-slate-700" /></span> },
  ] as const;
  return (
    <div className="mt-3">
      <h3 className="sr-only">{t("calendar.legend")}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700">
        {items.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <span aria-hidden="true">{item.sample}</span>
            {t(`calendar.${item.key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PredictionSummary({ prediction, today }: { prediction: Prediction; today: string }) {
  const { t } = useTranslation("cycle");
  const language = useLang();
  const counted = Math.min(6, prediction.cycleLengths.filter((c) => c.excluded === null).length);
  const irregular = irregularCycles(prediction.cycleLengths);
  const late = daysLate(prediction, today);
  // A late period belongs to the cycle that was due: its ovulation and fertile window are behind it,
  // not ahead, so they are not shown as if to come (as Clue and Flo do) until a period is logged.
  const showFertility = late === 0;
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="cycle-prediction">
      <h2 className="mb-3 text-lg font-semibold">{t("prediction.title")}</h2>
      {!prediction.nextPeriodStart ? (
        <p className="text-sm text-slate-600">{t("prediction.none")}</p>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t("prediction.next")}</dt>
            <dd className="text-base font-semibold text-rose-800" data-testid="next-period">
              {longDate(prediction.nextPeriodStart, language)}
            </dd>
            {prediction.range && <dd className="text-slate-600" data-testid="prediction-range">{t("prediction.range", { days: formatDayRange(prediction.range.start, prediction.range.end, language, "long") })}</dd>}
            {late > 0 && (
              <>
                <dd className="font-medium text-amber-800" data-testid="period-late">
                  {t("prediction.daysLate", { count: late })}
                </dd>
                <dd className="text-amber-800">{t("prediction.late")}</dd>
              </>
            )}
          </div>
          <div>
            <dt className="text-slate-500">{t("prediction.average")}</dt>
            <dd className="text-base font-semibold">{t("prediction.days", { count: prediction.averageCycleLength })}</dd>
            <dd className="text-slate-600">{counted >= 2 ? t("prediction.fromCycles", { count: counted }) : t("prediction.defaultLength")}</dd>
          </div>
          {showFertility && prediction.ovulation && (
            <div>
              <dt className="text-slate-500">{t("prediction.ovulation")}</dt>
              <dd className="font-medium">{longDate(prediction.ovulation, language)}</dd>
            </div>
          )}
          {showFertility && prediction.fertileWindow && (
            <div>
              <dt className="text-slate-500">{t("prediction.fertile")}</dt>
              <dd className="font-medium" data-testid="fertile-window">
                {formatDayRange(prediction.fertileWindow.start, prediction.fertileWindow.end, language, "long")}
              </dd>
            </div>
          )}
        </dl>
      )}
      {prediction.nextPeriodStart && irregular && (
        <p className="mt-3 text-sm text-slate-600" data-testid="cycle-irregular">
          {t("prediction.irregular", { shortest: t("prediction.days", { count: irregular.shortest }), longest: t("prediction.days", { count: irregular.longest }) })}
        </p>
      )}
    </div>
  );
}

/**
 * Every cycle, newest first; those left out of the mean say why. A cycle about twice the usual one
 * offers to log the period probably missing in it, with its likely dates filled in, or to count it
 * as it is ("Foi mesmo um ciclo longo"); a cycle so counted says so and can be taken back.
 */
function CycleList({
  cycles,
  today,
  periodDays,
  queuedMarks,
  onLogMissed,
  onMarkLong,
}: {
  cycles: Cycle[];
  today: string;
  periodDays: number;
  queuedMarks: ReadonlyMap<string, boolean>;
  onLogMissed: (dates: PeriodDates) => void;
  onMarkLong: (start: string, mark: boolean) => void;
}) {
  const { t } = useTranslation("cycle");
  const language = useLang();
  const newestFirst = [...cycles].reverse();
  const excluded = newestFirst.filter((c) => c.excluded !== null);
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="cycle-list">
      <h2 className="mb-3 text-lg font-semibold">{t("cycles.title")}</h2>
      {cycles.length === 0 ? (
        <p className="text-sm text-slate-600">{t("cycles.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {newestFirst
            .filter((c) => c.excluded === null)
            .map((c) => (
              <li key={c.start} className="py-2">
                <div className="flex justify-between gap-2">
                  <span>{t("cycles.item", { start: shortDate(c.start, language, today) })}</span>
                  <span className="font-medium">{t("prediction.days", { count: c.length })}</span>
                </div>
                {c.confirmedLong && <ConfirmedLong cycle={c} queued={queuedMarks.get(c.start)} onTakeBack={() => onMarkLong(c.start, false)} />}
              </li>
            ))}
        </ul>
      )}
      {excluded.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-700">{t("cycles.excludedTitle")}</h3>
          <ul className="mt-1 space-y-2 text-sm">
            {excluded.map((c) => (
              <li key={c.start} className="rounded-lg bg-slate-50 p-2">
                <div className="flex justify-between gap-2">
                  <span>{t("cycles.item", { start: shortDate(c.start, language, today) })}</span>
                  <span className="font-medium line-through decoration-slate-400">{t("prediction.days", { count: c.length })}</span>
                </div>
                {c.excluded === "likelyMissed" && c.missedStart ? (
                  <MissedPeriod cycle={c} missedStart={c.missedStart} periodDays={periodDays} today={today} queued={queuedMarks.get(c.start)} onLog={onLogMissed} onConfirm={() => onMarkLong(c.start, true)} />
                ) : (
                  <p className="text-slate-600">{t(c.excluded === "tooShort" ? "cycles.tooShort" : "cycles.tooLong")}</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * "Probably a period not logged, around 9 March", a button that opens the period dialog with those
 * days, and one that counts the cycle as it is. A count waiting in the offline queue says so instead.
 */
function MissedPeriod({
  cycle,
  missedStart,
  periodDays,
  today,
  queued,
  onLog,
  onConfirm,
}: {
  cycle: Cycle;
  missedStart: string;
  periodDays: number;
  today: string;
  queued: boolean | undefined;
  onLog: (dates: PeriodDates) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("cycle");
  const language = useLang();
  const id = `missed-${cycle.start}`;
  // The user's usual period length from the likely first day, ending before the next logged period.
  const last = addDays(missedStart, periodDays - 1);
  const end = last < cycle.end ? last : addDays(cycle.end, -1);
  return (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
      <p id={id} className="text-slate-600" data-testid="cycle-likely-missed">
        {t("cycles.likelyMissed", { date: shortDate(missedStart, language, today) })}
      </p>
      {queued ? (
        <p className="text-amber-800" data-testid="cycle-long-pending">
          {t("cycles.pendingMark")}
        </p>
      ) : (
        <div className="flex flex-wrap gap-x-3">
          <Button variant="link" aria-describedby={id} onClick={() => onLog({ start: missedStart, end })}>
            {t("cycles.logMissed")}
          </Button>
          <Button variant="link" aria-describedby={id} onClick={onConfirm}>
            {t("cycles.confirmLong")}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A long cycle counted on the person's word: said, with the way to take the word back. */
function ConfirmedLong({ cycle, queued, onTakeBack }: { cycle: Cycle; queued: boolean | undefined; onTakeBack: () => void }) {
  const { t } = useTranslation("cycle");
  const id = `confirmed-${cycle.start}`;
  if (queued === false) {
    return (
      <p className="mt-1 text-sm text-amber-800" data-testid="cycle-long-pending">
        {t("cycles.pendingUnmark")}
      </p>
    );
  }
  return (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
      <p id={id} className="text-slate-600" data-testid="cycle-confirmed-long">
        {t("cycles.confirmedLong")}
      </p>
      <Button variant="link" aria-describedby={id} onClick={onTakeBack}>
        {t("cycles.takeBack")}
      </Button>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("cycle");
  return <ScreenLoadError title={t("name")} message={t("loadError")} />;
}
