/**
 * One routine on /app/autocuidado: the today button, the last eight days (a forgotten day can be
 * marked up to 7 days back), the streak, and its actions. Without the plan (`canWrite` false) the
 * card is read-only, except that the routine can still be removed (decision 0029).
 *
 * Every button's name says the routine: in a list of cards, "Editar" or "12 jan: feito" alone does
 * not say which, and the today button and the eight days come before the title.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { formatTypedTime } from "~/components/ui/date-grid";
import type { QueuedChange } from "~/lib/offline/queue";
import type { Routine } from "./routine-form";
import { WEEKDAYS } from "./weekdays";
import { addDays, checkInAllowed, isoWeekday, isScheduled } from "@worker/modules/selfCare/streaks";
import { doneByTicks, tickedSteps } from "@worker/modules/selfCare/steps";
import type { RoutineCategory } from "@worker/modules/selfCare/vocabulary";

const dateOf = (iso: string) => new Date(`${iso}T12:00:00`);

/** The days of `routineId` among the queued check-ins (keyed "routineId|date"). */
export const daysOf = (queued: Map<string, QueuedChange>, routineId: string) => new Set([...queued.keys()].filter((key) => key.startsWith(`${routineId}|`)).map((key) => key.slice(routineId.length + 1)));

export function RoutineCard({
  routine,
  queuedDays,
  queuedSteps = new Set(),
  today,
  canWrite,
  onToggle,
  onTapToday,
  onTick,
  onEdit,
  onRemove,
}: {
  routine: Routine;
  /** Days checked in offline, still waiting to be sent. */
  queuedDays: ReadonlySet<string>;
  /** Its steps ticked today offline, still waiting to be sent. */
  queuedSteps?: ReadonlySet<string>;
  today: string;
  canWrite: boolean;
  onToggle: (routine: Routine, date: string, done: boolean) => Promise<void>;
  /** The "today" button, which writes the user's date at the tap (the day may have changed since `today`). */
  onTapToday: (routine: Routine, checkedIn: boolean) => Promise<void>;
  /** A step of today's checklist ticked (`ticked` false) or unticked (true); decision 0112. */
  onTick?: (routine: Routine, stepId: string, ticked: boolean) => Promise<void>;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation(["selfCare", "ui"]);
  const language = i18n.language === "en" ? "en" : "pt";
  const [busy, setBusy] = useState<string | null>(null);
  /** Runs a tap with `key` (a day, or "today" for the today button) shown as busy meanwhile. */
  const run = async (key: string, write: () => Promise<void>) => {
    setBusy(key);
    await write();
    setBusy(null);
  };
  const schedule = routine.frequency === "daily" ? { frequency: "daily" as const } : { frequency: "weekdays" as const, weekdays: routine.weekdays };
  const days = Array.from({ length: 8 }, (_, i) => addDays(today, i - 7));
  const stepIds = routine.steps.map((step) => step.id);
  // Ticks still in the queue count as the server will: the last one does the day (../steps rule).
  const queuedDone = doneByTicks(stepIds, [...routine.stepsTickedToday, ...queuedSteps]);
  const pendingToday = queuedDays.has(today) || (!routine.checkedInToday && queuedDone);
  const done = new Set([...routine.recentCheckIns, ...queuedDays, ...(pendingToday ? [today] : [])]);
  const checkedInToday = routine.checkedInToday || pendingToday;
  const ticked = new Set(tickedSteps(stepIds, [...routine.stepsTickedToday, ...queuedSteps], checkedInToday));
  const title = routine.title;
  // A current streak of 0 beside a best above 0 is a run that ended, not a routine never done:
  // "Sem sequência ainda" next to "Melhor: 10" would read as a contradiction.
  const streakBroken = routine.streakDays === 0 && routine.longestStreakDays > 0;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="routine" data-routine-id={routine.id}>
      <div className="flex flex-wrap items-center gap-3">
        {routine.scheduledToday && (
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
        // Today's checklist: native checkboxes (Space ticks), named by the step; the legend says the routine.
        <fieldset className="mt-3" data-testid="routine-steps">
          <legend className="text-xs text-slate-500">
            <span className="sr-only">{t("stepsOf", { title })} · </span>
            {t("stepsProgress", { done: ticked.size, count: stepIds.length })}
          </legend>
          <ul className="mt-1 space-y-1">
            {routine.steps.map((step) => (
              // While its write is on the way, a step shows the state asked for (back as it was if the write fails).
              <li key={step.id}>
                <Checkbox
                  checked={busy === step.id ? !ticked.has(step.id) : ticked.has(step.id)}
                  disabled={!canWrite || busy !== null}
                  onChange={() => run(step.id, () => onTick?.(routine, step.id, ticked.has(step.id)) ?? Promise.resolve())}
                  label={
                    <>
                      <span className={ticked.has(step.id) ? "text-slate-500 line-through" : ""}>{step.text}</span>
                      {queuedSteps.has(step.id) && <span className="text-xs text-amber-700">({t("stepPending")})</span>}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-3">
        <p className="mb-1 text-xs text-slate-500">{t("lastDays")}</p>
        <div className="grid grid-cols-8 gap-1">
          {days.map((day) => {
            const isDone = done.has(day);
            const state = queuedDays.has(day) ? t("dayPending") : isDone ? t("dayDone") : isScheduled(schedule, day) ? t("dayMissed") : t("dayFree");
            return (
              <Button
                key={day}
                variant="ghost"
                aria-pressed={isDone}
                aria-label={t("routineDayLabel", { date: formatShortDate(dateOf(day), language), state, title })}
                disabled={!canWrite || !checkInAllowed(day, today)}
                loading={busy === day}
                onClick={() => run(day, () => onToggle(routine, day, isDone))}
                className={`!flex-col !gap-0 !px-0 !py-1 text-xs ${isDone ? "!bg-brand-600 !text-white" : isScheduled(schedule, day) ? "border border-slate-300" : "border border-dashed border-slate-200 text-slate-400"}`}
                data-date={day}
              >
                <span>{t(`weekdaysShort.${WEEKDAYS[isoWeekday(day) - 1]}`)}</span>
                <span className="font-semibold">{Number(day.slice(8))}</span>
              </Button>
            );
          })}
        </div>
      </div>
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

