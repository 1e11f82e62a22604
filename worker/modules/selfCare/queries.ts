/**
 * Self-care's only data access: every query is scoped by the user id (worker/db/scoped.ts), except
 * the reminders cron's page of user ids (ids only, as worker/db/jobs.ts does for the platform's jobs).
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listPageIds, listPageRead } from "../../db/lists";
import { mapRead, read, readAll, run, type Read } from "../../db/reads";
import { isWellFormedId, ownedOr404 } from "../../db/owned";
import { scopedTo } from "../../db/scoped";
import { apiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { localDate } from "../../lib/time-zone";
import { replaceSteps, type StepInput } from "../../lib/step-list";
import type { IdPage } from "../../db/jobs";
import type { PageRequest } from "../../lib/pagination";
import { routineCheckIns, routineDayCounts, routines, routineSteps, routineStepTicks, type CheckInRuns, type Routine } from "./schema";
import { countShown, countsInProgress, doneByCount } from "./counts";
import { stepsTickedByDate, tickedSteps } from "./steps";
import type { RoutineCategory } from "./vocabulary";
import { addDays, dueBetween, isScheduled, type Schedule } from "./streaks";
import { nextReminderAt } from "./reminder-times";

export type RoutineInput = {
  title: string;
  category: RoutineCategory;
  description: string;
  frequency: "daily" | "weekdays";
  weekdays: number[];
  durationMinutes: number | null;
  /** "HH:MM" in the account's zone, or null: no reminder (docs/decisions/0099). */
  reminderTime: string | null;
  /** How many times a day (docs/decisions/0117): 1, one tap. */
  timesPerDay: number;
};

/** A step as the API takes it: with the id of one the routine has (kept, with its ticks), or without (a new one). */
export type { StepInput };
/** A step as the API answers it. */
export type StepAnswer = { id: string; text: string };

export const scheduleOf = (routine: Pick<Routine, "frequency" | "weekdays">): Schedule =>
  routine.frequency === "daily" ? { frequency: "daily" } : { frequency: "weekdays", weekdays: routine.weekdays };

/** How many recent days the answers carry (the past-day check-in window and today). */
const RECENT_DAYS = 8;
/** A date after every check-in: runs over the whole history. */
const LAST_DATE = "9999-12-31";

/**
 * What a routine's answer needs of its check-ins up to today: the recent ones, and its runs (none
 * without check-ins); and its steps in order with its ticks of the recent days, today's and the
 * past days' of the check-in window (decision 0112).
 */
export type CheckInSummary = { recent: string[]; runs: CheckInRuns | null; steps: StepAnswer[]; ticks: { date: string; stepId: string }[]; counts: { date: string; count: number }[] };

/** A routine as the API answers it: its fields, streaks and recent days, for `today` (the user's). */
export function routineAnswer({ userId: _userId, checkInRuns: _runs, nextReminderAt: _next, ...routine }: Routine, { recent, runs, steps, ticks, counts }: CheckInSummary, today: string) {
  const schedule = scheduleOf(routine);
  const checkedInToday = recent.includes(today);
  const stepIds = steps.map((step) => step.id);
  return {
    ...routine,
    // The latest run goes on to today unless a due day between its end and today was missed (./streaks.ts).
    streakDays: runs && !dueBetween(schedule, runs.latestEnd, today) ? runs.latest : 0,
    longestStreakDays: runs?.longest ?? 0,
    scheduledToday: isScheduled(schedule, today),
    checkedInToday,
    recentCheckIns: recent,
    // Today's count of a routine done several times a day (./counts.ts): the target on a day done.
    countToday: countShown(counts.find((c) => c.date === today)?.count ?? 0, routine.timesPerDay, checkedInToday),
    // The past days of the check-in window counted part of the way (above 0, under the target, not
    // done), for the card's strip (decision 0117, revised): an optional field; days done or untouched are not in it.
    countsByDate: countsInProgress(
      counts.filter((c) => c.date < today),
      routine.timesPerDay,
      recent,
    ),
    steps,
    // A day done shows every step ticked (./steps.ts).
    stepsTickedToday: tickedSteps(
      stepIds,
      ticks.filter((tick) => tick.date === today).map((tick) => tick.stepId),
      checkedInToday,
    ),
    // The past days of the check-in window in progress (some steps ticked, not done), for their
    // checklists: an optional field (decision 0112, revised); days done or untouched are not in it.
    stepsTickedByDate: stepsTickedByDate(
      stepIds,
      ticks.filter((tick) => tick.date < today),
      recent,
    ),
  };
}
export type RoutineAnswer = ReturnType<typeof routineAnswer>;

/** The check-ins of the routines `routineIds` selects (ids or a subquery) from `from` on, oldest first. */
const checkInsFromQuery = (db: Db, userId: string, routineIds: SQLWrapper | string[], from: string) =>
  db
    .select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date })
    .from(routineCheckIns)
    .where(scopedTo(db, userId).owned(routineCheckIns, and(inArray(routineCheckIns.routineId, routineIds), gte(routineCheckIns.date, from))))
    .orderBy(asc(routineCheckIns.date));

/** The days a routine is due as bits of SQLite's weekdays (%w: 0 = Sunday … 6, so ISO 7 is 0); all of them for a daily one. */
const dueBits = (routineId: SQLWrapper, userId: string) =>
  sql<number>`(select case ${routines.frequency} when 'daily' then 127 else coalesce((select sum(distinct 1 << (value % 7)) from json_each(${routines.weekdays})), 0) end from ${routines} where ${routines.id} = ${routineId} and ${routines.userId} = ${userId})`;

/**
 * The runs of the check-ins up to `upTo` of the routines `routineIds` selects, under the rules of
 * ./streaks.ts, summed up in the database (gaps and islands): a row per routine with check-ins,
 * with its longest run, its latest run and the day that one ended. Two check-ins in a row belong
 * to one run when no day between them is due: consecutive days, or only a weekday routine's days
 * off between them (bit masks of weekdays; only the first 7 days between need a look, as they hold
 * every weekday). migrations/20261206101349 does the same.
 */
function runsQuery(db: Db, userId: string, routineIds: SQLWrapper | string[], upTo: string) {
  const { date, routineId } = routineCheckIns;
  const ordered = db
    .select({ routineId, date, previous: sql<string | null>`lag(${date}) over (partition by ${routineId} order by ${date})`.as("previous") })
    .from(routineCheckIns)
    .where(scopedTo(db, userId).owned(routineCheckIns, and(inArray(routineId, routineIds), lte(date, upTo))))
    .as("ordered_check_ins");
  const gap = sql`(julianday(${ordered.date}) - julianday(${ordered.previous}) - 1)`;
  // The due bits twice over (14 bits: ×129 is bits | bits << 7), so the days after `previous` are read without wrapping round the week.
  const missedDue = sql`((${dueBits(ordered.routineId, userId)} * 129) & (((1 << min(${gap}, 7)) - 1) << (cast(strftime('%w', ${ordered.previous}) as integer) + 1))) <> 0`;
  const numbered = db
    .select({
      routineId: ordered.routineId,
      date: ordered.date,
      run: sql<number>`sum(case when ${ordered.previous} is null then 1 when ${gap} = 0 then 0 when ${missedDue} then 1 else 0 end) over (partition by ${ordered.routineId} order by ${ordered.date})`.as("run"),
    })
    .from(ordered)
    .as("numbered_check_ins");
  const runs = db
    .select({
      routineId: numbered.routineId,
      run: numbered.run,
      days: sql<number>`count(*)`.as("days"),
      end: sql<string>`max(${numbered.date})`.as("end_date"),
      latestRun: sql<number>`max(${numbered.run}) over (partition by ${numbered.routineId})`.as("latest_run"),
    })
    .from(numbered)
    .groupBy(numbered.routineId, sql`${numbered.run}`)
    .as("check_in_runs");
  return db
    .select({
      routineId: runs.routineId,
      longest: sql<number>`max(${runs.days})`.mapWith(Number).as("longest"),
      latest: sql<number>`max(case when ${runs.run} = ${runs.latestRun} then ${runs.days} end)`.mapWith(Number).as("latest"),
      latestEnd: sql<string>`max(${runs.end})`.as("latest_end"),
    })
    .from(runs)
    .groupBy(runs.routineId);
}

/** The steps of the routines `routineIds` selects, in their order. */
const stepsQuery = (db: Db, userId: string, routineIds: SQLWrapper | string[]) =>
  db
    .select({ routineId: routineSteps.routineId, id: routineSteps.id, text: routineSteps.text })
    .from(routineSteps)
    .where(scopedTo(db, userId).owned(routineSteps, inArray(routineSteps.routineId, routineIds)))
    .orderBy(asc(routineSteps.routineId), asc(routineSteps.position));

/** The routine's steps in order (the routine's ownership is checked before). */
export const stepsOf = (db: Db, userId: string, routineId: string) => stepsQuery(db, userId, [routineId]);

/** The statement that rewrites the routine's stored runs from all its check-ins: for the batch of every write of them or of its schedule. */
function storeRunsStatement(db: Db, userId: string, routineId: string, when?: SQL) {
  const runs = runsQuery(db, userId, [routineId], LAST_DATE).as("runs");
  return db
    .update(routines)
    .set({ checkInRuns: sql`(select json_object('longest', ${runs.longest}, 'latest', ${runs.latest}, 'latestEnd', ${runs.latestEnd}) from ${runs})` })
    .where(scopedTo(db, userId).owned(routines, and(eq(routines.id, routineId), when)));
}

/** Rewrites the routine's stored runs from its check-ins (for check-ins written around this module, e.g. by tests or a repair). */
export async function storeCheckInRuns(db: Db, userId: string, routineId: string) {
  await storeRunsStatement(db, userId, routineId);
}

/**
 * Each routine's check-in summary for `today`, from its stored runs and its recent check-ins. A
 * check-in dated after today (made in a zone already a day ahead, before the user's zone changed)
 * is in the stored runs but not yet in today's streaks: for such a routine alone the runs up to
 * today are computed from its check-ins, in the same batch.
 */
function checkInSummariesRead(db: Db, userId: string, routineIds: SQLWrapper | string[], today: string): Read<(routine: Routine) => CheckInSummary> {
  // The routines of the page with a check-in after today, the only ones whose runs are computed
  // here: one list for the runs query to look up (by the user, routine and date index), nearly
  // always empty. As a second condition beside the page's ids it was a filter, and the query walked
  // every check-in of the page's routines (53,000 rows at 50 routines × 3 years) to keep none.
  const later = db
    .selectDistinct({ id: routineCheckIns.routineId })
    .from(routineCheckIns)
    .where(scopedTo(db, userId).owned(routineCheckIns, and(gt(routineCheckIns.date, today), inArray(routineCheckIns.routineId, routineIds))));
  return mapRead(
    readAll([
      read(checkInsFromQuery(db, userId, routineIds, addDays(today, -(RECENT_DAYS - 1)))),
      read(runsQuery(db, userId, later, today)),
      read(stepsQuery(db, userId, routineIds)),
      // The recent days' ticks (the check-in window and today): a day's ticks are at most its steps.
      read(
        db
          .select({ routineId: routineStepTicks.routineId, stepId: routineStepTicks.stepId, date: routineStepTicks.date })
          .from(routineStepTicks)
          .where(scopedTo(db, userId).owned(routineStepTicks, and(inArray(routineStepTicks.routineId, routineIds), gte(routineStepTicks.date, addDays(today, -(RECENT_DAYS - 1))), lte(routineStepTicks.date, today)))),
      ),
      // The recent days' counts (decision 0117, revised: the strip shows a past day's), by the user,
      // routine and date index: at most 8 rows per counted routine.
      dayCountsRead(db, userId, addDays(today, -(RECENT_DAYS - 1)), today, routineIds),
    ]),
    ([recentRows, runsUpToToday, stepRows, tickRows, countRows]) =>
      (routine) => {
        const dates = recentRows.filter((r) => r.routineId === routine.id).map((r) => r.date);
        const recent = dates.filter((d) => d <= today);
        const steps = stepRows.filter((r) => r.routineId === routine.id).map(({ id, text }) => ({ id, text }));
        const ticks = tickRows.filter((r) => r.routineId === routine.id).map(({ date, stepId }) => ({ date, stepId }));
        const counts = countRows.filter((r) => r.routineId === routine.id).map(({ date, count }) => ({ date, count }));
        if (recent.length === dates.length) return { recent, runs: routine.checkInRuns, steps, ticks, counts };
        const found = runsUpToToday.find((r) => r.routineId === routine.id);
        return { recent, runs: found ? { longest: found.longest, latest: found.latest, latestEnd: found.latestEnd } : null, steps, ticks, counts };
      },
  );
}

/**
 * One page of the user's routines with their streaks for `today`: three statements for one D1
 * batch (the check-ins select the page's routines by subquery).
 */
export function listRoutinesRead(db: Db, userId: string, page: PageRequest, today: string) {
  const scoped = scopedTo(db, userId);
  const list = { order: [{ by: routines.createdAt, of: (r: Routine) => r.createdAt }], page };
  return mapRead(readAll([listPageRead(scoped, routines, list), checkInSummariesRead(db, userId, listPageIds(scoped, routines, list), today)]), ([result, summaryOf]) => ({
    items: result.items.map((r) => routineAnswer(r, summaryOf(r), today)),
    nextCursor: result.nextCursor,
  }));
}

export async function listRoutines(db: Db, userId: string, page: PageRequest, today: string) {
  return run(db, listRoutinesRead(db, userId, page, today));
}

export const routineOr404 = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), routines, id);

/**
 * The user's routine, its steps and the one `stepId` names, in one batch; 404 for another user's
 * routine, another routine's step, or none.
 */
export async function stepOr404(db: Db, userId: string, routineId: string | undefined, stepId: string | undefined) {
  if (!isWellFormedId(routineId)) throw apiError("not_found");
  const [routine, steps] = await run(db, readAll([read(scopedTo(db, userId).select(routines, eq(routines.id, routineId)).limit(1), ([row]) => row), read(stepsOf(db, userId, routineId))]));
  const step = steps.find((s) => s.id === stepId);
  if (!routine || !step) throw apiError("not_found");
  return { routine, step, steps };
}

/** The routine's answer for `today`, read after a write (one batch), or 404 when it is gone. */
export async function answerFor(db: Db, userId: string, routineId: string, today: string) {
  if (!isWellFormedId(routineId)) throw apiError("not_found");
  const [routine, summaryOf] = await run(db, readAll([read(scopedTo(db, userId).select(routines, eq(routines.id, routineId)).limit(1), ([row]) => row), checkInSummariesRead(db, userId, [routineId], today)]));
  if (!routine) throw apiError("not_found");
  return routineAnswer(routine, summaryOf(routine), today);
}

/** The answer of a routine without check-ins (one just created, with its steps). */
export const newRoutineAnswer = (routine: Routine, steps: StepAnswer[], today: string) => routineAnswer(routine, { recent: [], runs: null, steps, ticks: [], counts: [] }, today);

/**
 * The writes that make the routine's steps `wanted`, in that order, from `current` (its steps now):
 * a step named by the id of a current one keeps its id and its ticks; any other is new (a fresh id,
 * so an id from elsewhere names nothing here); a current step left out goes, with its ticks. For
 * the batch that writes the routine. Answers the steps as they will be.
 */
function stepWrites(db: Db, userId: string, routineId: string, current: readonly StepAnswer[], wanted: readonly StepInput[]) {
  const scoped = scopedTo(db, userId);
  const { steps, gone } = replaceSteps(current.map((step) => step.id), wanted);
  const writes = [
    ...(gone.length ? [scoped.delete(routineStepTicks, inArray(routineStepTicks.stepId, gone)), scoped.delete(routineSteps, and(eq(routineSteps.routineId, routineId), inArray(routineSteps.id, gone)))] : []),
    ...steps.map((step, position) =>
      step.isNew
        ? scoped.insert(routineSteps, { id: step.id, routineId, position, text: step.text })
        : scoped.update(routineSteps, { position, text: step.text }, and(eq(routineSteps.routineId, routineId), eq(routineSteps.id, step.id))),
    ),
  ];
  return { writes, steps: steps.map(({ id, text }) => ({ id, text })) };
}

/** The routine's next reminder after `now`, in the account's zone `timeZone` (./reminder-times.ts). */
export const nextReminderOf = (routine: Pick<Routine, "frequency" | "weekdays" | "reminderTime">, timeZone: string, now: Date) =>
  nextReminderAt(scheduleOf(routine), routine.reminderTime, timeZone, now.getTime());

/** Creates a routine with its steps (one batch) and its first reminder planned in the account's zone `timeZone`. */
export async function createRoutine(db: Db, userId: string, { steps: wanted = [], ...input }: RoutineInput & { steps?: StepInput[] }, timeZone: string, now = new Date()) {
  const id = newId();
  const { writes, steps } = stepWrites(db, userId, id, [], wanted);
  const [[row]] = await db.batch([scopedTo(db, userId).insert(routines, { id, ...input, nextReminderAt: nextReminderOf(input, timeZone, now) }).returning(), ...writes]);
  return { routine: row, steps };
}

/**
 * Changes the routine `current`; its stored runs are rewritten in the same batch (a new schedule
 * changes which days are due). A new schedule or reminder time plans the next reminder again from
 * `now`; other changes leave a pending one as it is (even one due this minute and not sent yet).
 * A target lowered to today's count or below does today (`today`, the user's date: decision 0117).
 */
export async function updateRoutine(db: Db, userId: string, current: Routine, { steps: wanted, ...change }: Partial<RoutineInput> & { steps?: StepInput[] }, timeZone: string, now = new Date(), today = localDate(now, timeZone)) {
  const after = { ...current, ...change };
  // New steps are written with the routine (one batch): the list as sent replaces the one it had.
  const steps = wanted ? stepWrites(db, userId, current.id, await stepsOf(db, userId, current.id), wanted).writes : [];
  const replans = after.reminderTime !== current.reminderTime || after.frequency !== current.frequency || after.weekdays.join() !== current.weekdays.join();
  const next = replans ? { nextReminderAt: nextReminderOf(after, timeZone, now) } : {};
  const [[row]] = await db.batch([
    scopedTo(db, userId).update(routines, { ...change, ...next, updatedAt: now }, eq(routines.id, current.id)).returning(),
    ...(after.timesPerDay < current.timesPerDay ? [checkInByCount(db, userId, current.id, today, after.timesPerDay)] : []),
    storeRunsStatement(db, userId, current.id),
    ...steps,
  ]);
  return row;
}

/**
 * Checks `date` in when the count stored for it has reached `timesPerDay` (a target lowered to it:
 * "8 vezes" made 5 with 5 done is a day done, as the next tap would have said). A raised target
 * leaves a day done as it is (decision 0117).
 */
function checkInByCount(db: Db, userId: string, routineId: string, date: string, timesPerDay: number) {
  const reached = db
    // Every column of routine_check_ins, in its order (drizzle's INSERT ... SELECT asks for them all).
    .select({ id: sql<string>`${newId()}`.as("id"), userId: routineDayCounts.userId, routineId: routineDayCounts.routineId, date: routineDayCounts.date, createdAt: sql<Date>`(unixepoch('subsec') * 1000)`.as("created_at") })
    .from(routineDayCounts)
    .where(scopedTo(db, userId).owned(routineDayCounts, and(eq(routineDayCounts.routineId, routineId), eq(routineDayCounts.date, date), gte(routineDayCounts.count, timesPerDay))));
  return db.insert(routineCheckIns).select(reached).onConflictDoNothing({ target: [routineCheckIns.routineId, routineCheckIns.date] });
}

/** The routine, its check-ins and its steps with their ticks, in one batch (the foreign keys cascade too; explicit is clearer). */
export async function deleteRoutine(db: Db, userId: string, id: string) {
  const scoped = scopedTo(db, userId);
  await scoped.batch([
    scoped.delete(routineCheckIns, eq(routineCheckIns.routineId, id)),
    scoped.delete(routineStepTicks, eq(routineStepTicks.routineId, id)),
    scoped.delete(routineDayCounts, eq(routineDayCounts.routineId, id)),
    scoped.delete(routineSteps, eq(routineSteps.routineId, id)),
    scoped.delete(routines, eq(routines.id, id)),
  ]);
}

/**
 * Records a check-in and rewrites the routine's stored runs, in one batch; a second one for the
 * same day adds nothing. Answers whether a row was added.
 */
export async function checkIn(db: Db, userId: string, routineId: string, date: string) {
  const [rows] = await db.batch([
    scopedTo(db, userId)
      .insert(routineCheckIns, { id: newId(), routineId, date })
      .onConflictDoNothing({ target: [routineCheckIns.routineId, routineCheckIns.date] })
      .returning({ id: routineCheckIns.id }),
    storeRunsStatement(db, userId, routineId),
  ]);
  return rows.length > 0;
}

/**
 * Removes a check-in and rewrites the routine's stored runs, in one batch. The day's step ticks and
 * count go too: a day undone shows its checklist empty and its count at 0, not all done and yet not
 * done (decisions 0112, 0117).
 */
export async function removeCheckIn(db: Db, userId: string, routineId: string, date: string) {
  const scoped = scopedTo(db, userId);
  await scoped.batch([
    scoped.delete(routineCheckIns, and(eq(routineCheckIns.routineId, routineId), eq(routineCheckIns.date, date))),
    scoped.delete(routineStepTicks, and(eq(routineStepTicks.routineId, routineId), eq(routineStepTicks.date, date))),
    scoped.delete(routineDayCounts, and(eq(routineDayCounts.routineId, routineId), eq(routineDayCounts.date, date))),
    storeRunsStatement(db, userId, routineId),
  ]);
}

/**
 * Sets how many times `routine` was done on `date` (docs/decisions/0117): an absolute value, so a
 * request sent twice (a retry, the offline queue) writes the same state. One batch: the count (no
 * row at 0), the day's check-in by ./counts.ts's rule (written at the target, removed under it, with
 * the day's step ticks as an undo removes them) and the stored runs rewritten from the check-ins.
 */
export async function setDayCount(db: Db, userId: string, routine: Pick<Routine, "id" | "timesPerDay">, date: string, count: number) {
  const scoped = scopedTo(db, userId);
  const at = and(eq(routineDayCounts.routineId, routine.id), eq(routineDayCounts.date, date));
  await db.batch([
    count > 0
      ? scoped
          .insert(routineDayCounts, { id: newId(), routineId: routine.id, date, count })
          .onConflictDoUpdate({ target: [routineDayCounts.routineId, routineDayCounts.date], set: { count, updatedAt: new Date() } })
      : scoped.delete(routineDayCounts, at),
    ...(doneByCount(count, routine.timesPerDay)
      ? [scoped.insert(routineCheckIns, { id: newId(), routineId: routine.id, date }).onConflictDoNothing({ target: [routineCheckIns.routineId, routineCheckIns.date] })]
      : [
          scoped.delete(routineCheckIns, and(eq(routineCheckIns.routineId, routine.id), eq(routineCheckIns.date, date))),
          scoped.delete(routineStepTicks, and(eq(routineStepTicks.routineId, routine.id), eq(routineStepTicks.date, date))),
        ]),
    storeRunsStatement(db, userId, routine.id),
    // The routine's answer is newer than any read before this write: the screen keeps it over a
    // reload begun before (taps follow each other faster than the page reloads).
    scoped.update(routines, { updatedAt: new Date() }, eq(routines.id, routine.id)),
  ]);
}

// The two conditional inserts below list every column in the table's order (drizzle's insert … select).

/**
 * Ticks a step on `date`, and when that leaves no step of the routine unticked, checks the day in
 * (the same check-in as "done", so streaks and reports count it) and rewrites the stored runs: one
 * batch, the completion decided in SQL by ./steps.ts's rule (doneByTicks), so two devices ticking
 * the last two steps at once still complete the day. A second tick adds nothing. Answers whether
 * a tick row was added.
 */
export async function tickStep(db: Db, userId: string, routineId: string, stepId: string, date: string) {
  const allTicked = sql`not exists (select 1 from ${routineSteps} where ${routineSteps.routineId} = ${routineId} and ${routineSteps.userId} = ${userId}
    and not exists (select 1 from ${routineStepTicks} where ${routineStepTicks.stepId} = ${routineSteps.id} and ${routineStepTicks.date} = ${date}))`;
  const [rows] = await db.batch([
    scopedTo(db, userId)
      .insert(routineStepTicks, { id: newId(), routineId, stepId, date })
      .onConflictDoNothing({ target: [routineStepTicks.stepId, routineStepTicks.date] })
      .returning({ id: routineStepTicks.id }),
    db
      .insert(routineCheckIns)
      .select(sql`select ${newId()}, ${userId}, ${routineId}, ${date}, ${Date.now()} where ${allTicked}`)
      .onConflictDoNothing(),
    // Only a tick that completes the day changes the check-ins: the others leave the runs alone
    // (rewriting them reads the routine's whole history, about 1,000 rows after three years).
    storeRunsStatement(db, userId, routineId, allTicked),
  ]);
  return rows.length > 0;
}

/**
 * Unticks a step on `date`. On a day done, the day is undone (its check-in goes, the runs are
 * rewritten) and the other steps stay ticked: they are written as ticks first (a day done in one
 * go has none). One batch; unticking a step not ticked changes nothing.
 */
export async function untickStep(db: Db, userId: string, routineId: string, stepId: string, date: string, steps: readonly StepAnswer[]) {
  const scoped = scopedTo(db, userId);
  const doneThatDay = sql`exists (select 1 from ${routineCheckIns} where ${routineCheckIns.routineId} = ${routineId} and ${routineCheckIns.userId} = ${userId} and ${routineCheckIns.date} = ${date})`;
  await db.batch([
    scoped.delete(routineStepTicks, and(eq(routineStepTicks.stepId, stepId), eq(routineStepTicks.date, date))),
    // Before the check-in goes: they read it.
    ...steps
      .filter((step) => step.id !== stepId)
      .map((step) =>
        db
          .insert(routineStepTicks)
          .select(sql`select ${newId()}, ${userId}, ${routineId}, ${step.id}, ${date}, ${Date.now()} where ${doneThatDay}`)
          .onConflictDoNothing(),
      ),
    scoped.delete(routineCheckIns, and(eq(routineCheckIns.routineId, routineId), eq(routineCheckIns.date, date))),
    storeRunsStatement(db, userId, routineId),
  ]);
}

/**
 * The stored counts of the days in [from, to] of `routineIds` (a list, or a subquery of ids), by
 * the user, routine and date index, oldest first (decision 0117). Without `routineIds`, the user's
 * routines counted now (`timesPerDay` above 1): by the user alone, every count the user ever stored
 * would be walked for the range.
 */
function dayCountsRead(db: Db, userId: string, from: string, to: string, routineIds?: SQLWrapper | string[]) {
  const scoped = scopedTo(db, userId);
  const ids = routineIds ?? db.select({ id: routines.id }).from(routines).where(scoped.owned(routines, gt(routines.timesPerDay, 1)));
  return read(
    db
      .select({ routineId: routineDayCounts.routineId, date: routineDayCounts.date, count: routineDayCounts.count })
      .from(routineDayCounts)
      .where(scoped.owned(routineDayCounts, and(inArray(routineDayCounts.routineId, ids), gte(routineDayCounts.date, from), lte(routineDayCounts.date, to))))
      .orderBy(asc(routineDayCounts.date)),
  );
}

/**
 * The history view of [from, to]: every check-in of the user, and the stored counts of the days of
 * the routines counted now (`timesPerDay` above 1; decision 0117, revised: a day counted part of the way shows apart
 * from one done and one not touched). Two statements of one batch; a count of a day done is there
 * too, the screen reads the check-in first (its count is the target, ./counts.ts countShown). The
 * counts are read by routine (a list of the user's counted ones, by the user, routine and date
 * index): by the user alone, every count the user ever stored would be walked for the range.
 */
export function historyRead(db: Db, userId: string, from: string, to: string) {
  const scoped = scopedTo(db, userId);
  return mapRead(
    readAll([
      read(
        db
          .select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date })
          .from(routineCheckIns)
          .where(scoped.owned(routineCheckIns, and(gte(routineCheckIns.date, from), lte(routineCheckIns.date, to))))
          .orderBy(asc(routineCheckIns.date)),
      ),
      dayCountsRead(db, userId, from, to),
    ]),
    ([items, counts]) => ({ items, counts }),
  );
}

export const historyBetween = (db: Db, userId: string, from: string, to: string) => run(db, historyRead(db, userId, from, to));

export async function exportSelfCare(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, checkIns, steps, ticks, counts] = await Promise.all([
    scoped.select(routines).orderBy(asc(routines.createdAt)),
    scoped.select(routineCheckIns).orderBy(asc(routineCheckIns.date)),
    scoped.select(routineSteps).orderBy(asc(routineSteps.routineId), asc(routineSteps.position)),
    scoped.select(routineStepTicks).orderBy(asc(routineStepTicks.date)),
    scoped.select(routineDayCounts).orderBy(asc(routineDayCounts.date)),
  ]);
  return {
    // The stored runs are derived from the check-ins, exported beside them.
    // The next reminder is derived from the reminder time (exported), the schedule and the zone.
    routines: rows.map(({ userId: _userId, checkInRuns: _runs, nextReminderAt: _next, ...r }) => r),
    routineCheckIns: checkIns.map(({ userId: _userId, ...c }) => c),
    routineSteps: steps.map(({ userId: _userId, ...step }) => step),
    routineStepTicks: ticks.map(({ userId: _userId, ...tick }) => tick),
    routineDayCounts: counts.map(({ userId: _userId, ...count }) => count),
  };
}

/**
 * Demo routines with a few weeks of check-ins for the seeded account. Two have steps, so the
 * checklist shows in the demo (decision 0112, revised): the walk's first step is ticked today (a
 * day in progress; on the following days a past day's checklist with one step ticked), the days
 * checked in show every step ticked. The water is counted (decision 0117): 8 glasses a day, 3 today,
 * and the last days done.
 */
export async function seedSelfCare(db: Db, userId: string, today: string) {
  const scoped = scopedTo(db, userId);
  const walk = { id: newId(), title: "Caminhada de 20 minutos", category: "movement" as const, description: "Ao fim da tarde, sem telemóvel.", frequency: "daily" as const, weekdays: [], durationMinutes: 20 };
  const stretch = { id: newId(), title: "Alongamentos", category: "body" as const, description: "", frequency: "weekdays" as const, weekdays: [1, 3, 5], durationMinutes: 10 };
  const water = { id: newId(), title: "Beber água", category: "nutrition" as const, description: "Um copo de cada vez, ao longo do dia.", frequency: "daily" as const, weekdays: [], durationMinutes: null, timesPerDay: 8 };
  const days = Array.from({ length: 10 }, (_, i) => addDays(today, -i - 1));
  const walkSteps = stepWrites(db, userId, walk.id, [], [{ text: "Calçar os ténis" }, { text: "Caminhar 20 minutos sem olhar para o telemóvel" }, { text: "Beber um copo de água ao voltar" }]);
  const stretchSteps = stepWrites(db, userId, stretch.id, [], [{ text: "Pescoço e ombros" }, { text: "Costas" }, { text: "Pernas" }]);
  await scoped.batch([
    scoped.insert(routines, walk),
    scoped.insert(routines, stretch),
    scoped.insert(routines, water),
    scoped.insert(routineDayCounts, { id: newId(), routineId: water.id, date: today, count: 3 }),
    ...days.slice(0, 4).flatMap((date) => [scoped.insert(routineDayCounts, { id: newId(), routineId: water.id, date, count: 8 }), scoped.insert(routineCheckIns, { id: newId(), routineId: water.id, date })]),
    ...walkSteps.writes,
    ...stretchSteps.writes,
    scoped.insert(routineStepTicks, { id: newId(), routineId: walk.id, stepId: walkSteps.steps[0].id, date: today }),
    ...days.map((date) => scoped.insert(routineCheckIns, { id: newId(), routineId: walk.id, date })),
    ...days.filter((d) => isScheduled(scheduleOf(stretch), d)).map((date) => scoped.insert(routineCheckIns, { id: newId(), routineId: stretch.id, date })),
    storeRunsStatement(db, userId, walk.id),
    storeRunsStatement(db, userId, stretch.id),
    storeRunsStatement(db, userId, water.id),
  ]);
}


/**
 * Every routine of the user with its schedule and check-in dates up to `to` (the weekly report's
 * streaks), its times a day, and the counts stored for the days from `countsFrom` to `to` of the
 * routines counted now (decision 0117, revised: the report's times done of times planned). One
 * batch of three statements, one round trip; the counts are read by routine (the user's counted
 * ones, by the user, routine and date index), so a report reads at most 7 rows per counted routine
 * and not every count the user ever stored.
 */
export async function routinesWithCheckIns(db: Db, userId: string, to: string, countsFrom: string = to) {
  const scoped = scopedTo(db, userId);
  const [rows, checkIns, counts] = await run(
    db,
    readAll([
      read(scoped.select(routines).orderBy(asc(routines.createdAt))),
      read(db.select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date }).from(routineCheckIns).where(scoped.owned(routineCheckIns, lte(routineCheckIns.date, to)))),
      dayCountsRead(db, userId, countsFrom, to),
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    schedule: scheduleOf(r),
    createdAt: r.createdAt,
    checkIns: checkIns.filter((c) => c.routineId === r.id).map((c) => c.date),
    timesPerDay: r.timesPerDay,
    counts: counts.filter((c) => c.routineId === r.id).map(({ date, count }) => ({ date, count })),
  }));
}

// ---------------------------------------------------------------- reminders (docs/decisions/0099)

/** Due reminders handled per user and run: a backlog (the cron was down) drains over the next minutes. */
const REMINDERS_PER_RUN = 50;

/**
 * One keyset page of the ids of users with a routine reminder due at `now` (cross-user: ids only).
 * It reads the due range of routines_next_reminder_idx, never the user index: left to itself,
 * SQLite walks routines_user_created_idx from `afterId` on, for the order of the page, which reads
 * every routine there is (the unary `+` keeps the user id out of index choice; the few due rows are
 * then sorted). tests/worker/cron-query-plans.test.ts pins the plan.
 */
export const usersWithDueRoutineReminders = async (db: Db, now: Date, page: IdPage): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: routines.userId })
      .from(routines)
      .where(and(lte(routines.nextReminderAt, now.getTime()), sql`+${routines.userId} > ${page.afterId}`))
      .orderBy(sql`+${routines.userId}`)
      .limit(page.limit)
  ).map((r) => r.id);

/** The user's routines whose reminder is due at `now`, oldest first. */
export const dueRoutineReminders = (db: Db, userId: string, now: Date) =>
  scopedTo(db, userId).select(routines, lte(routines.nextReminderAt, now.getTime())).orderBy(asc(routines.nextReminderAt)).limit(REMINDERS_PER_RUN);

/** Which of these (routine, day) pairs are checked in already, as "routineId|date". */
export async function checkedInDays(db: Db, userId: string, pairs: { routineId: string; date: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date })
    .from(routineCheckIns)
    .where(scopedTo(db, userId).owned(routineCheckIns, and(inArray(routineCheckIns.routineId, [...new Set(pairs.map((p) => p.routineId))]), inArray(routineCheckIns.date, [...new Set(pairs.map((p) => p.date))]))));
  return new Set(rows.map((r) => `${r.routineId}|${r.date}`));
}

/**
 * Claims the reminder due at `due` and moves the routine's next one to `next`, in one statement:
 * only the call that still finds `due` there wins, so a rerun, a retry or a second consumer sends
 * nothing (and the notification's dedupe key stops any other). True when this call claimed it.
 *
 * `next` was planned in the account's zone `timeZone` as the job read it: if the zone has changed
 * since (PATCH /me leaves a due reminder for the job), the claim fails and the next run, which
 * reads the new zone, sends it and plans the next one there (decision 0099, revised).
 */
export async function claimRoutineReminder(db: Db, userId: string, routineId: string, due: number, next: number | null, timeZone: string) {
  // The users table by its name, not its schema (tables' schemas are worker/db's and each module's own).
  const zoneUnchanged = sql`(select "time_zone" from "users" where "id" = ${userId}) = ${timeZone}`;
  const moved = await scopedTo(db, userId)
    .update(routines, { nextReminderAt: next }, and(eq(routines.id, routineId), eq(routines.nextReminderAt, due), zoneUnchanged))
    .returning({ id: routines.id });
  return moved.length > 0;
}

/**
 * The writes that plan the user's routine reminders again in a new account zone, for the batch
 * that changes the zone (never one without the other): 08:00 is 08:00 where the user now is.
 * Rows changed meanwhile (their next reminder is no longer the one read) are left as they are, and
 * so is a reminder already due and not sent yet (the minute job has not run): planned again from
 * now, it was lost whenever the new zone's time that day was past (a move east). The job sends it,
 * then plans the next one in the new zone; the key per routine and day keeps the new zone's time
 * that day, still to come after a move west, from reminding twice (decision 0099, revised).
 */
export async function routineRemindersIn(db: Db, userId: string, timeZone: string, now: Date) {
  const scoped = scopedTo(db, userId);
  const rows = await scoped.select(routines, isNotNull(routines.reminderTime));
  return rows.flatMap((row) => {
    if (row.nextReminderAt !== null && row.nextReminderAt <= now.getTime()) return [];
    const next = nextReminderOf(row, timeZone, now);
    if (next === row.nextReminderAt) return [];
    const unchanged = row.nextReminderAt === null ? sql`${routines.nextReminderAt} is null` : eq(routines.nextReminderAt, row.nextReminderAt);
    return [scoped.update(routines, { nextReminderAt: next }, and(eq(routines.id, row.id), unchanged))];
  });
}
