/**
 * The weekly report, built by pure functions from facts the job gathers through each module's own
 * queries (./gather.ts). Nothing is invented: every figure is a count, sum or mean of the user's
 * rows, and the cross-module finding is stated only over a minimum number of days (../shared/DECISIONS.md).
 * Weeks run Monday to Sunday in the user's time zone; instants are bucketed into that zone's days.
 */
import { phasesOn, type CyclePhase } from "../cycle/phase";
import type { CycleHistory } from "../cycle/predictions";
import { overview, type EntryFacts } from "../diary/analysis";
import { countShown } from "../selfCare/counts";
import type { Emotion } from "../diary/vocabulary";
import { addDays, isoWeekday, localDate, streakDays, type Schedule } from "../selfCare/streaks";

/** Days of the window the cross-module finding looks at (the report's week and the three before). */
export const FINDING_WINDOW_DAYS = 28;
/** Timed events in a day from which it counts as a busy day ("3+ meetings"). */
export const BUSY_DAY_EVENTS = 3;
/** Days with a mood needed on each side before a difference is worth saying. */
export const FINDING_MIN_DAYS = 3;
/** Differences of mood smaller than this (on the 1–5 scale) are noise, not a finding. */
export const FINDING_MIN_DIFFERENCE = 0.5;

export type Labels = { pt: string; en: string };

export type WeekFacts = {
  /** The Monday of the week, `YYYY-MM-DD` in `timeZone`. */
  weekStart: string;
  timeZone: string;
  /** Instants (ms) of the user's tasks created / completed around the week (others are ignored). */
  tasks: { createdAt: number[]; completedAt: number[] };
  /**
   * The user's goals now (the report is built the day after the week ends), with when each was made
   * (ms; absent on facts gathered without it) so that one made after the week is left out of it.
   */
  goals: { id: string; title: string; progress: number; status: string; completedAt: number | null; createdAt?: number }[];
  /**
   * Event occurrences over the finding window (ISO instants, or dates when all-day with `end`
   * exclusive, as the calendar stores them). Without `end` an occurrence is on its start day only;
   * `busy: false` is time the user marked free (absent: busy, the calendar's default).
   */
  events: { start: string; end?: string; allDay: boolean; busy?: boolean }[];
  /** Saved diary entries over the finding window. */
  diary: EntryFacts[];
  /** Expenses per category in the week and in the week before, and each category's labels. */
  spending: { week: Record<string, number>; previous: Record<string, number>; labels: Record<string, Labels> };
  /**
   * The routines with every check-in up to the week's Sunday; a routine counted in a day (0117) with
   * its times a day now and the counts stored for the week's days (absent: once a day, no counts).
   */
  routines: { id: string; title: string; schedule: Schedule; createdAt: Date; checkIns: string[]; timesPerDay?: number; counts?: { date: string; count: number }[] }[];
  /** Logged cycle days, or null without the user's opt-in (never gathered then). */
  cycle: CycleHistory | null;
  /** When the account was opened (absent: long before the week). */
  accountCreatedAt?: Date;
};

export type WeeklyReport = {
  version: 1;
  weekStart: string;
  weekEnd: string;
  timeZone: string;
  /** The seven days, Monday first: the index of every `byDay` array. */
  days: string[];
  tasks: { created: number; completed: number; completedByDay: number[] };
  goals: { completed: { id: string; title: string }[]; open: { id: string; title: string; progress: number }[]; averageProgress: number | null };
  /**
   * `count`: occurrences that take up some day of the week, each once; `byDay`: each on every day of
   * it that it takes up (since 2026-12-07; before, each on its start day only), so a multi-day
   * event makes the bars add up to more than `count`.
   */
  events: { count: number; byDay: number[] };
  mood: { average: number | null; entries: number; byDay: (number | null)[]; topEmotions: { emotion: Emotion; count: number }[] };
  spending: {
    totalCents: number;
    previousTotalCents: number;
    categories: { category: string; labels: Labels; cents: number; previousCents: number }[];
  };
  /**
   * `frequency` says how the streak counts: days in a row for a daily routine, times in a row
   * (due days done, unscheduled ones skipped) for one on chosen weekdays. Absent on reports stored
   * before it was kept, which are read as daily: what they said then.
   */
  routines: {
    id: string;
    title: string;
    frequency?: Schedule["frequency"];
    streakDays: number;
    checkIns: number;
    scheduled: number;
    /**
     * A routine counted more than once a day (0117, revised 2026-12-07): the times done over the
     * week's due days against the times planned (due days × its times a day). Absent for a routine
     * done once a day, and on reports stored before it was kept: the screen then says days only.
     */
    times?: { done: number; planned: number };
  }[];
  cycle: { days: ({ phase: CyclePhase; cycleDay: number } | null)[] } | null;
  /**
   * The account's first day when it was opened during the week: the report covers the days from it
   * on, and nothing before it (nor the week before) existed to compare with. Null for a whole week;
   * absent on reports stored before it was kept.
   */
  since?: string | null;
  finding: BusyDaysFinding | null;
  /** A phrasing of the figures by the configured AI provider, when there is one (else the screen's templates). */
  /** The provider's wording, in the language the account had when it was written (absent on reports stored before it was kept). */
  summary: { text: string; by: "provider"; language?: "pt" | "en" } | null;
};

export type BusyDaysFinding = {
  kind: "busyDaysMood";
  threshold: number;
  windowDays: number;
  minDays: number;
  /** The window's first and last day. */
  from: string;
  to: string;
  busy: { days: number; mood: number };
  other: { days: number; mood: number };
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/** The Monday of the last full week (Monday–Sunday) before the current one, in `timeZone`. */
export function lastWeekStart(now: Date, timeZone: string): string {
  const today = localDate(now, timeZone);
  return addDays(today, -(isoWeekday(today) - 1) - 7);
}

/** The week's days, Monday first. */
export const weekDays = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/**
 * The local days an occurrence takes up between `from` and `to` (inclusive), as a calendar shows it:
 * a three-day all-day event on each of its days (its end date is exclusive), a timed one from its
 * start's day to the day of its last minute in the zone, so 23:00–01:00 is on both days and one
 * ending at midnight is not on the next. A zero-length one is on its start day.
 */
function daysOf(event: WeekFacts["events"][number], timeZone: string, from: string, to: string): string[] {
  const first = event.allDay ? event.start.slice(0, 10) : localDate(new Date(event.start), timeZone);
  let last = first;
  if (event.end !== undefined) {
    const end = event.allDay ? addDays(event.end.slice(0, 10), -1) : localDate(new Date(Date.parse(event.end) - 1), timeZone);
    if (end > last) last = end;
  }
  const days: string[] = [];
  // Only the days inside [from, to]: a series' months-long occurrence costs no more than the window.
  for (let day = first < from ? from : first; day <= last && day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Mean mood of each day that has one (several entries of a day count as their mean). */
function moodByDate(entries: readonly EntryFacts[]) {
  const byDay = new Map<string, number[]>();
  for (const e of entries) if (e.mood !== null) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e.mood]);
  return new Map([...byDay].map(([date, moods]) => [date, mean(moods)!]));
}

/**
 * "On days with 3+ timed events your mood averaged 2.8 against 3.6": over the finding window, the
 * mean mood of busy days against the other days with a mood, only with `FINDING_MIN_DAYS` on each
 * side and a difference of at least `FINDING_MIN_DIFFERENCE`.
 */
export function busyDaysFinding(facts: Pick<WeekFacts, "events" | "diary" | "timeZone">, to: string): BusyDaysFinding | null {
  const from = addDays(to, -(FINDING_WINDOW_DAYS - 1));
  const timedPerDay = new Map<string, number>();
  for (const event of facts.events) {
    if (event.allDay) continue; // a holiday or a birthday is not a meeting
    // Time the user marked free (a reminder, "focus" they would give up) is not a meeting either.
    if (event.busy === false) continue;
    for (const day of daysOf(event, facts.timeZone, from, to)) timedPerDay.set(day, (timedPerDay.get(day) ?? 0) + 1);
  }
  const busy: number[] = [];
  const other: number[] = [];
  for (const [date, mood] of moodByDate(facts.diary)) {
    if (date < from || date > to) continue;
    ((timedPerDay.get(date) ?? 0) >= BUSY_DAY_EVENTS ? busy : other).push(mood);
  }
  if (busy.length < FINDING_MIN_DAYS || other.length < FINDING_MIN_DAYS) return null;
  const busyMood = round1(mean(busy)!);
  const otherMood = round1(mean(other)!);
  if (Math.abs(busyMood - otherMood) < FINDING_MIN_DIFFERENCE) return null;
  return {
    kind: "busyDaysMood",
    threshold: BUSY_DAY_EVENTS,
    windowDays: FINDING_WINDOW_DAYS,
    minDays: FINDING_MIN_DAYS,
    from,
    to,
    busy: { days: busy.length, mood: busyMood },
    other: { days: other.length, mood: otherMood },
  };
}

/**
 * Whether the user did anything in the report's week: a task made or done, an event, a diary entry,
 * a goal completed, money spent, a routine checked in or counted. Open goals and routines that were due are
 * standing state, not activity: a week with only those is one the user did not use the app in.
 */
export function weekHadActivity(report: WeeklyReport): boolean {
  return (
    report.tasks.created + report.tasks.completed + report.events.count + report.mood.entries + report.goals.completed.length > 0 ||
    report.spending.totalCents > 0 ||
    // A counted routine's glasses on days not done are something done too.
    report.routines.some((r) => r.checkIns > 0 || (r.times?.done ?? 0) > 0)
  );
}

/**
 * How far a routine counted several times a day got over its due days (0117, revised 2026-12-07),
 * or undefined for one done once a day. Each day counts as the strip and the history show it
 * (`countShown`): a day done counts the routine's target now, whether it was done by count, checked
 * in without one, or done at an older target; a day not done, its stored count, at most one under
 * the target. Only the target now is known (no history of targets is kept), and the times planned
 * are the due days at that target: a day the days' figure says done is then a full day in the
 * times' one too, never "7 of 7 days · 54 of 56 times". Extra days (not due) count neither, as for
 * the check-ins.
 */
function timesOf(routine: WeekFacts["routines"][number], due: readonly string[], checkIns: readonly string[]): { done: number; planned: number } | undefined {
  const target = routine.timesPerDay ?? 1;
  if (target <= 1) return undefined;
  const stored = new Map((routine.counts ?? []).map((c) => [c.date, c.count]));
  const done = due.reduce((sum, day) => sum + countShown(stored.get(day) ?? 0, target, checkIns.includes(day)), 0);
  return { done, planned: due.length * target };
}

/** The report of `facts.weekStart`'s week. */
export function buildWeeklyReport(facts: WeekFacts): WeeklyReport {
  const days = weekDays(facts.weekStart);
  const [weekStart, weekEnd] = [days[0], days[6]];
  const zone = facts.timeZone;
  const inWeek = (date: string) => date >= weekStart && date <= weekEnd;
  const index = (date: string) => days.indexOf(date);

  const createdDays = facts.tasks.createdAt.map((ms) => localDate(new Date(ms), zone)).filter(inWeek);
  const completedDays = facts.tasks.completedAt.map((ms) => localDate(new Date(ms), zone)).filter(inWeek);
  const completedByDay = days.map(() => 0);
  for (const day of completedDays) completedByDay[index(day)]++;

  const completedGoals = facts.goals.filter((g) => g.completedAt !== null && inWeek(localDate(new Date(g.completedAt), zone)));
  // A goal made after the week ended (between Sunday midnight and the report) had no part in it, as
  // routines made then have none.
  const openGoals = facts.goals.filter((g) => g.status !== "completed" && (g.createdAt === undefined || localDate(new Date(g.createdAt), zone) <= weekEnd)).sort((a, b) => b.progress - a.progress || a.title.localeCompare(b.title));
  const averageProgress = mean(openGoals.map((g) => g.progress));

  // Each occurrence on every day of the week it takes up (a three-day event is on three bars, one
  // started the week before is on its days in this one); the count is of occurrences, each once.
  const eventsByDay = days.map(() => 0);
  let eventCount = 0;
  for (const event of facts.events) {
    const spanned = daysOf(event, zone, weekStart, weekEnd);
    for (const day of spanned) eventsByDay[index(day)]++;
    if (spanned.length) eventCount++;
  }

  const weekEntries = facts.diary.filter((e) => inWeek(e.date));
  const diary = overview(weekEntries);
  const moods = moodByDate(weekEntries);

  const categories = [...new Set([...Object.keys(facts.spending.week), ...Object.keys(facts.spending.previous)])]
    .map((category) => ({
      category,
      labels: facts.spending.labels[category] ?? { pt: category, en: category },
      cents: facts.spending.week[category] ?? 0,
      previousCents: facts.spending.previous[category] ?? 0,
    }))
    .sort((a, b) => b.cents - a.cents || b.previousCents - a.previousCents || a.category.localeCompare(b.category));
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

  const routines = facts.routines.flatMap((r) => {
    // The week's days the routine was due: scheduled, and not before it existed (a check-in logged
    // back to a day before its creation counts that day in).
    const checkIns = r.checkIns.filter((d) => d <= weekEnd);
    const since = [localDate(r.createdAt, zone), ...checkIns].sort()[0];
    // Made after the week ended (between Sunday midnight and the report): it had no part in that
    // week, rather than "0 of 0 days".
    if (since > weekEnd) return [];
    const due = days.filter((d) => d >= since && (r.schedule.frequency === "daily" || r.schedule.weekdays.includes(isoWeekday(d))));
    const times = timesOf(r, due, checkIns);
    return [
      {
        id: r.id,
        title: r.title,
        frequency: r.schedule.frequency,
        // The streak the user had when the week closed: Sunday is over, so a missed Sunday breaks it
        // (as of Sunday itself the day would still be open, and the streak forgiven).
        streakDays: streakDays(r.schedule, checkIns, addDays(weekEnd, 1)),
        // Done on a day it was due: an extra Saturday does not make "6 of 5 days".
        checkIns: new Set(checkIns.filter((d) => due.includes(d))).size,
        scheduled: due.length,
        ...(times && { times }),
      },
    ];
  });
  const accountSince = facts.accountCreatedAt ? localDate(facts.accountCreatedAt, zone) : null;

  return {
    version: 1,
    weekStart,
    weekEnd,
    timeZone: zone,
    days,
    tasks: { created: createdDays.length, completed: completedDays.length, completedByDay },
    goals: {
      completed: completedGoals.map((g) => ({ id: g.id, title: g.title })),
      open: openGoals.slice(0, 5).map((g) => ({ id: g.id, title: g.title, progress: g.progress })),
      averageProgress: averageProgress === null ? null : Math.round(averageProgress),
    },
    events: { count: eventCount, byDay: eventsByDay },
    mood: {
      average: diary.averageMood,
      entries: diary.entries,
      byDay: days.map((d) => (moods.has(d) ? round1(moods.get(d)!) : null)),
      topEmotions: diary.emotions.slice(0, 3),
    },
    spending: { totalCents: sum(facts.spending.week), previousTotalCents: sum(facts.spending.previous), categories },
    routines,
    cycle: facts.cycle === null ? null : { days: phasesOn(facts.cycle.days, days, facts.cycle.longCycles).map((p) => (p ? { phase: p.phase, cycleDay: p.cycleDay } : null)) },
    since: accountSince !== null && accountSince > weekStart && accountSince <= weekEnd ? accountSince : null,
    finding: busyDaysFinding(facts, weekEnd),
    summary: null,
  };
}
