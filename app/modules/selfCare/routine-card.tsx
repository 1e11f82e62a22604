/**
 * One routine on /app/autocuidado: the today button, the last eight days (a forgotten day can be
 * marked up to 7 days back), the streak, and its actions. Without the plan (`canWrite` false) the
 * card is read-only, except that the routine can still be removed (decision 0029).
 *
 * Every button's name says the routine: in a list of cards, "Editar" or "12 jan: feito" alone does
 * not say which, and the today button and the eight days come before the title.
 *
 * A routine with steps shows today's checklist on the card; a past day of its strip opens that
 * day's checklist in a dialog loaded on first use (decision 0112, revised), not with the screen.
 * A routine done several times a day shows a past day's count in its strip ("5/8"), and a tap on
 * that day opens its counter the same way (decision 0117, revised).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { onDemand, useOnDemand } from "~/lib/on-demand";
import { Checkbox } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { formatTypedTime } from "~/components/ui/date-grid";
import type { QueuedChange } from "~/lib/offline/queue";
import type { Routine } from "./routine-form";
import { WEEKDAYS } from "./weekdays";
import { addDays, checkInAllowed, isoWeekday, isScheduled } from "@worker/modules/selfCare/streaks";
import { doneByTicks, tickedSteps } from "@worker/modules/selfCare/steps";
import { countAfter, countShown, doneByCount } from "@worker/modules/selfCare/counts";
import type { RoutineCategory } from "@worker/modules/selfCare/vocabulary";

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

/** The days of `routineId` among the queued check-ins (keyed "routineId|date"). */
export const daysOf = (queued: Map<string, QueuedChange>, routineId: string) => new Set([...queued.keys()].filter((key) => key.startsWith(`${routineId}|`)).map((key) => key.slice(routineId.length + 1)));

const NONE: ReadonlySet<string> = new Set();

// Not ~/components/ui/dialog's onDemandDialog: that module would join the screen's first load. The
// day's button shows it is loading instead of the dialog's stand-in.
const daySteps = onDemand(() => import("./day-steps-dialog").then((m) => m.DayStepsDialog));
const dayCount = onDemand(() => import("./day-count-dialog").then((m) => m.DayCountDialog));

/** A count not answered by the server yet: a tap on the way, or one in the offline queue (`pending`). */
export type AskedCount = { value: number; pending: boolean };

/**
 * Today's count of a routine done several times a day (decision 0117), in place of the today
 * button: "3 de 8" between −1 and +1; a past day's in its dialog (`label` says the day). The group
 * and the buttons say the routine; the count is a live region, so each tap is read out.
 * `pending`: the count is in the offline queue.
 */
export function DayCounter({ routine, count, pending, disabled, onCount, label }: { routine: Routine; count: number; pending: boolean; disabled: boolean; onCount: (count: number) => void; label?: string }) {
  const { t } = useTranslation("selfCare");
  const { title, timesPerDay: target } = routine;
  const done = doneByCount(count, target);
  return (
    <div role="group" aria-label={label ?? t("countLabel", { title, count, target })} className="flex items-center gap-1" data-testid="routine-count" data-pending={pending || undefined}>
      <Button variant="secondary" className="!rounded-full !px-3" aria-label={t("countDown", { title })} disabled={disabled || count === 0} onClick={() => onCount(countAfter(count, -1, target))}>
        −1
      </Button>
      <span className={`min-w-16 text-center text-sm font-semibold ${done ? "text-brand-700" : "text-slate-800"}`} aria-live="polite" data-testid="count">
        {done && <span aria-hidden="true">✓ </span>}
        {t("countProgress", { count, target })}
        {pending && <span className="block text-xs font-normal text-amber-700">({t("countPending")})</span>}
      </span>
      <Button variant={done ? "secondary" : "primary"} className="!rounded-full !px-3" aria-label={t("countUp", { title })} disabled={disabled || done} onClick={() => onCount(countAfter(count, 1, target))}>
        +1
      </Button>
    </div>
  );
}

/**
 * A day's checklist: native checkboxes (Space ticks), named by the step; the legend says the
 * routine and the progress. Today's on the card, a past day's in its dialog. `busy`: the step whose
 * write is on the way (it shows the state asked for; back as it was if the write fails), or another
 * write's key; every box waits meanwhile.
 */
export function StepChecklist({
  routine,
  ticked,
  queued,
  disabled,
  busy,
  onTick,
}: {
  routine: Routine;
  ticked: ReadonlySet<string>;
  queued: ReadonlySet<string>;
  disabled: boolean;
  busy: string | null;
  onTick: (stepId: string, ticked: boolean) => void;
}) {
  const { t } = useTranslation("selfCare");
  return (
    <fieldset className="mt-3" data-testid="routine-steps">
      <legend className="text-xs text-slate-500">
        <span className="sr-only">{t("stepsOf", { title: routine.title })} · </span>
        {t("stepsProgress", { done: ticked.size, count: routine.steps.length })}
      </legend>
      <ul className="mt-1 space-y-1">
        {routine.steps.map((step) => (
          <li key={step.id}>
            <Checkbox
              checked={busy === step.id ? !ticked.has(step.id) : ticked.has(step.id)}
              disabled={disabled || busy !== null}
              onChange={() => onTick(step.id, ticked.has(step.id))}
              label={
                <>
                  <span className={ticked.has(step.id) ? "text-slate-500 line-through" : ""}>{step.text}</span>
                  {queued.has(step.id) && <span className="text-xs text-amber-700">({t("stepPending")})</span>}
                </>
              }
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The count `day` shows for a routine (decision 0117, revised): the target on a day done, else the
 * count not answered yet (`asked`), else the server's (today's `countToday`, a past day's in
 * `countsByDate`, absent when not counted part of the way); 0 for a routine done once a day.
 */
export function dayCountShown(routine: Pick<Routine, "timesPerDay" | "countToday" | "countsByDate">, day: string, today: string, done: boolean, asked?: AskedCount): number {
  if (routine.timesPerDay <= 1) return 0;
  if (done) return routine.timesPerDay;
  return countShown(asked?.value ?? (day === today ? routine.countToday : (routine.countsByDate?.[day] ?? 0)), routine.timesPerDay, false);
}

export function RoutineCard({
  routine,
  queuedDays,
  queuedStepsOn = () => NONE,
  today,
  canWrite,
  onToggle,
  onTapToday,
  onTick,
  count,
  countOn = () => undefined,
  onCount,
  onEdit,
  onRemove,
}: {
  routine: Routine;
  /** Days checked in offline, still waiting to be sent. */
  queuedDays: ReadonlySet<string>;
  /** Its steps ticked on a day offline, still waiting to be sent. */
  queuedStepsOn?: (date: string) => ReadonlySet<string>;
  today: string;
  canWrite: boolean;
  onToggle: (routine: Routine, date: string, done: boolean) => Promise<void>;
  /** The "today" button, which writes the user's date at the tap (the day may have changed since `today`). */
  onTapToday: (routine: Routine, checkedIn: boolean) => Promise<void>;
  /** A step of a day's checklist ticked (`ticked` false) or unticked (true): today's without `date`; decision 0112. */
  onTick?: (routine: Routine, stepId: string, ticked: boolean, date?: string) => Promise<void>;
  /** Today's count not yet answered by the server (a tap on the way, or in the offline queue): decision 0117. */
  count?: AskedCount;
  /** The same for a past day of the strip (decision 0117, revised). */
  countOn?: (date: string) => AskedCount | undefined;
  /** A routine done several times a day: the count of today (no `date`) or of a past day `date` set to `count`. */
  onCount?: (routine: Routine, count: number, date?: string) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation(["selfCare", "ui"]);
  const language = i18n.language === "en" ? "en" : "pt";
  const [busy, setBusy] = useState<string | null>(null);
  // The past day whose checklist (a routine with steps) or counter (a counted one) is open, or null.
  const [openDay, setOpenDay] = useState<string | null>(null);
  const stepIds = routine.steps.map((step) => step.id);
  const counted = routine.timesPerDay > 1;
  // Fetched once the page has settled, for a routine with steps (or counted) only; at once when a day is opened before.
  const [DaySteps, requestDaySteps] = useOnDemand(daySteps, { prefetch: stepIds.length > 0 ? undefined : null });
  const [DayCount, requestDayCount] = useOnDemand(dayCount, { prefetch: counted ? undefined : null });
  /** Runs a tap with `key` (a day, or "today" for the today button) shown as busy meanwhile. */
  const run = async (key: string, write: () => Promise<void>) => {
    setBusy(key);
    await write();
    setBusy(null);
  };
  const schedule = routine.frequency === "daily" ? { frequency: "daily" as const } : { frequency: "weekdays" as const, weekdays: routine.weekdays };
  const days = Array.from({ length: 8 }, (_, i) => addDays(today, i - 7));
  // A day's ticks as the server has them (today's, or a past day's in progress) and those still in the queue.
  const ticksOn = (day: string) => [...(day === today ? routine.stepsTickedToday : (routine.stepsTickedByDate?.[day] ?? [])), ...queuedStepsOn(day)];
  // Queued check-ins and ticks count as the server will: the last tick does the day (../steps rule).
  // A routine done several times a day: a day is done by its count, the one on the way or queued first (decision 0117).
  const askedOn = (day: string) => (!counted ? undefined : day === today ? count : countOn(day));
  const countToday = count?.value ?? routine.countToday;
  const countPending = counted && count?.pending === true;
  const countQueuedDone = (day: string) => askedOn(day)?.pending === true && doneByCount(askedOn(day)!.value, routine.timesPerDay);
  const pending = (day: string) => queuedDays.has(day) || countQueuedDone(day) || (!routine.recentCheckIns.includes(day) && doneByTicks(stepIds, ticksOn(day)));
  const pendingToday = pending(today);
  const done = new Set([...routine.recentCheckIns, ...days.filter(pending)]);
  // A count not answered yet says whether its day is done, as the answer will.
  for (const day of days) {
    const asked = askedOn(day);
    if (!asked) continue;
    if (doneByCount(asked.value, routine.timesPerDay)) done.add(day);
    else if (!queuedDays.has(day)) done.delete(day);
  }
  // The count a day shows (the target on a day done; 0 for a routine done once a day).
  const countOnDay = (day: string) => dayCountShown(routine, day, today, done.has(day), askedOn(day));
  const checkedInToday = routine.checkedInToday || pendingToday;
  const tickedOn = (day: string) => new Set(tickedSteps(stepIds, ticksOn(day), done.has(day)));
  const ticked = tickedOn(today);
  const title = routine.title;
  // A current streak of 0 beside a best above 0 is a run that ended, not a routine never done:
  // "Sem sequência ainda" next to "Melhor: 10" would read as a contradiction.
  const streakBroken = routine.streakDays === 0 && routine.longestStreakDays > 0;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="routine" data-routine-id={routine.id}>
      <div className="flex flex-wrap items-center gap-3">
        {routine.scheduledToday && counted && <DayCounter routine={routine} count={countToday} pending={countPending} disabled={!canWrite} onCount={(value) => onCount?.(routine, value)} />}
        {routine.scheduledToday && !counted && (
          // One name whatever the state, which aria-pressed says; the visible word changes for the eye.
          <Button
            variant={checkedInToday ? "primary" : "secondary"}
            aria-pressed={checkedInToday}
            aria-label={pendingToday ? `${t("checkInRoutine", { title })} (${t("dayPending")})` : t("checkInRoutine", { title })}
            disabled={!canWrite}
            loading={busy === "today"}
            onClick={() => run("today", () => onTapToday(routine, checkedInToday))}
            className={`!rounded-full ${pendingToday ? "!border-dashed !border-amber-400" : ""}`}
            data-pending={pendingToday || undefined}
          >
            <span aria-hidden="true">{checkedInToday ? "✓" : "○"}</span>
            {checkedInToday ? t("checkedIn") : t("checkIn")}
          </Button>
        )}
        {/* At least 10rem, else the title goes to a row of its own: squeezed beside the button and the streak, its words spilled out. */}
        <div className="min-w-0 flex-1 basis-40">
          <h3 className="font-semibold break-words text-slate-900">{routine.title}</h3>
          <p className="text-xs text-slate-500">
            {t(`categories.${routine.category as RoutineCategory}`)}
            {" · "}
            {routine.frequency === "daily" ? t("frequencies.daily") : routine.weekdays.map((d) => t(`weekdaysShort.${WEEKDAYS[d - 1]}`)).join(", ")}
            {routine.durationMinutes ? ` · ${t("minutes", { count: routine.durationMinutes })}` : ""}
            {counted ? ` · ${t("timesPerDay", { count: routine.timesPerDay })}` : ""}
            {routine.reminderTime && (
              <>
                {" · "}
                {/* The bell and the time for the eye; the words for a screen reader (a span's aria-label is not read). */}
                <span data-testid="reminder">
                  <span aria-hidden="true">🔔 {formatTypedTime(routine.reminderTime, language)}</span>
                  <span className="sr-only">{t("reminderAt", { time: formatTypedTime(routine.reminderTime, language) })}</span>
                </span>
              </>
            )}
          </p>
        </div>
        <p className="text-right text-sm" data-testid="streak">
          <span className="font-semibold text-brand-700">{streakBroken ? t("streakBroken") : `🔥 ${t(routine.frequency === "daily" ? "streak" : "streakTimes", { count: routine.streakDays })}`}</span>
          <br />
          <span className="text-xs text-slate-500">{t("longest", { count: routine.longestStreakDays })}</span>
        </p>
      </div>
      {routine.description && <p className="mt-2 text-sm text-slate-600">{routine.description}</p>}
      {routine.scheduledToday && stepIds.length > 0 && (
        <StepChecklist
          routine={routine}
          ticked={ticked}
          queued={queuedStepsOn(today)}
          disabled={!canWrite}
          busy={busy}
          onTick={(stepId, was) => void run(stepId, () => onTick?.(routine, stepId, was) ?? Promise.resolve())}
        />
      )}
      <div className="mt-3">
        <p className="mb-1 text-xs text-slate-500">{t(stepIds.length > 0 ? "lastDaysSteps" : counted ? "lastDaysCount" : "lastDays")}</p>
        <div className="grid grid-cols-8 gap-1">
          {days.map((day) => {
            const isDone = done.has(day);
            // A past day of a routine with steps opens its checklist, a counted one's its counter; today's are on the card.
            const opens = stepIds.length > 0 && day !== today;
            const opensCount = counted && day !== today;
            const progress = opens && !isDone ? tickedOn(day).size : 0;
            // A day counted part of the way (decision 0117, revised): "5 de 8 vezes", and "5/8" in the cell.
            const partCount = isDone ? 0 : countOnDay(day);
            const state = pending(day)
              ? t("dayPending")
              : isDone
                ? t("dayDone")
                : progress > 0
                  ? t("stepsProgress", { done: progress, count: stepIds.length })
                  : partCount > 0
                    ? `${t("countDay", { done: partCount, count: routine.timesPerDay })}${askedOn(day)?.pending ? ` (${t("countPending")})` : ""}`
                    : isScheduled(schedule, day)
                      ? t("dayMissed")
                      : t("dayFree");
            return (
              <Button
                key={day}
                variant="ghost"
                aria-pressed={isDone}
                aria-label={t("routineDayLabel", { date: formatShortDate(dateOf(day), language), state, title })}
                disabled={!canWrite || !checkInAllowed(day, today)}
                loading={busy === day || (openDay === day && !(opens ? DaySteps : DayCount))}
                aria-haspopup={opens || opensCount ? "dialog" : undefined}
                onClick={() => {
                  if (!opens && !opensCount) return void run(day, () => onToggle(routine, day, isDone));
                  setOpenDay(day);
                  if (opens) requestDaySteps();
                  else requestDayCount();
                }}
                className={`!flex-col !gap-0 !px-0 !py-1 text-xs ${isDone ? "!bg-brand-600 !text-white" : partCount > 0 ? "border border-brand-300 !bg-brand-50" : isScheduled(schedule, day) ? "border border-slate-300" : "border border-dashed border-slate-200 text-slate-400"}`}
                data-date={day}
              >
                <span>{t(`weekdaysShort.${WEEKDAYS[isoWeekday(day) - 1]}`)}</span>
                <span className="font-semibold">{Number(day.slice(8))}</span>
                {/* A day half done, for the eye (the label says it in words): a bar filled by the steps ticked. */}
                {progress > 0 && (
                  <span aria-hidden="true" className="mt-0.5 block h-1 w-3/4 overflow-hidden rounded-full bg-slate-200" data-testid="day-progress">
                    <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.round((100 * progress) / stepIds.length)}%` }} />
                  </span>
                )}
                {partCount > 0 && (
                  <span aria-hidden="true" className="text-[10px] leading-none text-brand-800 tabular-nums" data-testid="day-count">
                    {partCount}/{routine.timesPerDay}
                  </span>
                )}
              </Button>
            );
          })}
        </div>
      </div>
      {openDay !== null && counted && DayCount && (
        <DayCount
          routine={routine}
          date={openDay}
          count={countOnDay(openDay)}
          pending={askedOn(openDay)?.pending === true}
          canWrite={canWrite && checkInAllowed(openDay, today)}
          onCount={(value) => onCount?.(routine, value, openDay)}
          onClose={() => setOpenDay(null)}
        />
      )}
      {openDay !== null && !counted && DaySteps && (
        <DaySteps
          routine={routine}
          date={openDay}
          ticked={tickedOn(openDay)}
          queued={queuedStepsOn(openDay)}
          done={done.has(openDay)}
          canWrite={canWrite && checkInAllowed(openDay, today)}
          onTick={(stepId, was) => onTick?.(routine, stepId, was, openDay) ?? Promise.resolve()}
          onToggle={(isDone) => onToggle(routine, openDay, isDone)}
          onClose={() => setOpenDay(null)}
        />
      )}
      {/* Removing stays open on every plan (decision 0029); changing needs the plan. */}
      <div className="mt-3 flex gap-2">
        {canWrite && (
          <Button variant="secondary" onClick={onEdit} aria-label={t("editRoutine", { title })} data-action="edit">
            {t("editAction")}
          </Button>
        )}
        <Button variant="ghost" className="text-red-700" onClick={onRemove} aria-label={t("removeRoutine", { title })}>
          {t("remove")}
        </Button>
      </div>
    </li>
  );
}

