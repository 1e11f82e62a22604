/**
 * Smart scheduling rules (issue 12, "Agendar" and "Planear o dia"): pure functions, every input passed
 * in (`now`, the user's IANA time zone, busy intervals), nothing read from the clock.
 *
 * Decisions (documented here so the API and screens follow them):
 * - Instants are `Date` (or ISO strings on input); intervals are half-open [start, end).
 * - Working hours are local wall-clock times in the user's zone; each working day's window is converted
 *   to UTC through Intl, so a 09:00–18:00 day stays 09:00–18:00 local on DST days (Lisbon 29 March and
 *   25 October 2026 change at 01:00/02:00, outside the window: still 9 hours) and for zones far from UTC.
 *   Hours that end at or before they start (overnight shifts) are rejected by `validateWorkingHours`.
 * - `now` is rounded UP to the next 15 minutes (calendar grid step; time-zone offsets are whole quarter
 *   hours, so a UTC quarter is also a local quarter in +05:30 or +05:45). Other slot starts are the start
 *   of working hours or the end of a busy interval, unrounded: those are times the user chose.
 * - A task longer than one working day (wall-clock minutes end - start) is `too_long`; tasks are never
 *   split across days.
 * - Due date: the task must END by the end of its local due date (next local midnight), and a due date
 *   before today (local) is `due_passed`.
 * - `horizonDays` (default 14): the search covers today (local) and the next `horizonDays` local days.
 * - planDay order: priority high > medium > low, then earlier due date (no due date last), then the
 *   order the caller gave (stable sort; pass tasks in creation order). Creation order rather than
 *   shortest-first so the result is predictable to the user ("what I added first is placed first").
 * - planDay on a date that is not one of the working days places nothing: every task is unplaced as
 *   `not_working_day` (not `no_slot`), so the screen can say the day itself is off rather than full.
 */
import { zonedParts } from "../../lib/time-zone";

/** Stored shape of `preferences.workingHours` (worker/api/me.ts `preferencesSchema`): local "HH:MM" and ISO weekdays (1 = Monday). */
export type WorkingHours = { start: string; end: string; days?: number[] };

export type Priority = "low" | "medium" | "high";
export type Instant = Date | string;
export type Interval = { start: Date; end: Date };
export type BusyInterval = { start: Instant; end: Instant };

export type SchedulableTask = { durationMinutes: number; dueDate?: string | null; priority: Priority };
export type ScheduleFailure = "no_slot" | "too_long" | "due_passed";
/** Why planDay left a task out: a placement failure, or the date is not one of the user's working days. */
export type PlanFailure = ScheduleFailure | "not_working_day";
export type ScheduleResult = { ok: true; start: Date; end: Date } | { ok: false; reason: ScheduleFailure };

/** Default when the user has set none: 09:00–18:00, Monday to Friday (issue 12). */
export const DEFAULT_WORKING_HOURS: WorkingHours = { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5] };
/** Step `now` is rounded up to before placing a task. */
export const SLOT_STEP_MINUTES = 15;
export const DEFAULT_HORIZON_DAYS = 14;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

type PlainDate = { year: number; month: number; day: number };

/** Validates working hours: both clocks "HH:MM", end after start, days distinct ISO weekdays; field errors are i18n keys. */
export function validateWorkingHours(
  value: WorkingHours,
): { ok: true; value: Required<WorkingHours> } | { ok: false; errors: Partial<Record<keyof WorkingHours, string>> } {
  const errors: Partial<Record<keyof WorkingHours, string>> = {};
  if (!CLOCK.test(value.start)) errors.start = "errors:field.invalid";
  if (!CLOCK.test(value.end)) errors.end = "errors:field.invalid";
  // Overnight hours (22:00–06:00) would need windows that cross local midnight: not offered, so refused.
  else if (!errors.start && clockMinutes(value.end) <= clockMinutes(value.start)) errors.end = "errors:field.invalid";
  const days = value.days ?? DEFAULT_WORKING_HOURS.days!;
  if (
    days.length === 0 ||
    days.some((d) => !Number.isInteger(d) || d < 1 || d > 7) ||
    new Set(days).size !== days.length
  ) {
    errors.days = "errors:field.invalid";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { start: value.start, end: value.end, days: [...days].sort((a, b) => a - b) } };
}

/** Free intervals inside working hours between `from` and `to`, busy intervals (merged) subtracted. */
export function freeSlots(input: {
  from: Instant;
  to: Instant;
  workingHours?: WorkingHours | null;
  timeZone: string;
  busy: BusyInterval[];
}): Interval[] {
  const from = toMs(input.from);
  const to = toMs(input.to);
  if (to <= from) return [];
  const hours = checkedHours(input.workingHours);
  const busy = mergeIntervals(input.busy.map((b) => ({ start: toMs(b.start), end: toMs(b.end) })));
  const windows: { start: number; end: number }[] = [];
  // Walk local calendar dates (not 24-hour steps) from the local date of `from` until windows pass `to`.
  let date = localDate(from, input.timeZone);
  for (let guard = 0; guard < 3700; guard++, date = addDays(date, 1)) {
    const start = zonedToUtc(date, hours.start, input.timeZone);
    if (start >= to) break;
    if (!hours.days.includes(isoWeekday(date))) continue;
    const end = zonedToUtc(date, hours.end, input.timeZone);
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    if (e > s) windows.push({ start: s, end: e });
  }
  const free: Interval[] = [];
  for (const w of windows) {
    let cursor = w.start;
    for (const b of busy) {
      if (b.end <= cursor) continue;
      if (b.start >= w.end) break;
      if (b.start > cursor) free.push({ start: new Date(cursor), end: new Date(b.start) });
      cursor = Math.max(cursor, b.end);
      if (cursor >= w.end) break;
    }
    if (cursor < w.end) free.push({ start: new Date(cursor), end: new Date(w.end) });
  }
  return free;
}

/** First free slot that fits the whole task, from `now` (rounded up to 15 min) and before the end of its local due date. */
export function scheduleTask(
  task: SchedulableTask,
  ctx: {
    now: Instant;
    workingHours?: WorkingHours | null;
    timeZone: string;
    busy: BusyInterval[];
    horizonDays?: number;
  },
): ScheduleResult {
  const now = toMs(ctx.now);
  const today = localDate(now, ctx.timeZone);
  const horizonEnd = zonedToUtc(addDays(today, (ctx.horizonDays ?? DEFAULT_HORIZON_DAYS) + 1), "00:00", ctx.timeZone);
  return place(task, { ...ctx, now, windowEnd: horizonEnd });
}

/** Places the given unscheduled tasks on one local date, by priority, due date, then given order; each placement becomes busy for the next. */
export function planDay<T extends SchedulableTask & { id: string }>(
  tasks: T[],
  ctx: { date: string; now: Instant; workingHours?: WorkingHours | null; timeZone: string; busy: BusyInterval[] },
): { placed: { id: string; start: Date; end: Date }[]; unplaced: { id: string; reason: PlanFailure }[] } {
  const date = parseDate(ctx.date);
  const workingDay = checkedHours(ctx.workingHours).days.includes(isoWeekday(date));
  const dayStart = zonedToUtc(date, "00:00", ctx.timeZone);
  const dayEnd = zonedToUtc(addDays(date, 1), "00:00", ctx.timeZone);
  const ordered = tasks
    .map((task, index) => ({ task, index }))
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.task.priority] - PRIORITY_RANK[b.task.priority] ||
        compareDue(a.task.dueDate, b.task.dueDate) ||
        a.index - b.index,
    );
  const busy = [...ctx.busy];
  const placed: { id: string; start: Date; end: Date }[] = [];
  const unplaced: { id: string; reason: PlanFailure }[] = [];
  const now = toMs(ctx.now);
  for (const { task } of ordered) {
    // A day off has no working hours at all: say so rather than "no free slot" for each task.
    if (!workingDay) {
      unplaced.push({ id: task.id, reason: "not_working_day" });
      continue;
    }
    const result = place(task, { ...ctx, busy, now, windowStart: dayStart, windowEnd: dayEnd });
    if (result.ok) {
      placed.push({ id: task.id, start: result.start, end: result.end });
      busy.push({ start: result.start, end: result.end });
    } else {
      unplaced.push({ id: task.id, reason: result.reason });
    }
  }
  return { placed, unplaced };
}

/** Shared placement: the window is [max(now rounded, windowStart), min(windowEnd, end of due date)). */
function place(
  task: SchedulableTask,
  ctx: {
    now: number;
    windowStart?: number;
    windowEnd: number;
    workingHours?: WorkingHours | null;
    timeZone: string;
    busy: BusyInterval[];
  },
): ScheduleResult {
  if (!Number.isInteger(task.durationMinutes) || task.durationMinutes <= 0) {
    throw new RangeError(`durationMinutes must be a positive integer, got ${task.durationMinutes}`);
  }
  const hours = checkedHours(ctx.workingHours);
  if (task.durationMinutes > clockMinutes(hours.end) - clockMinutes(hours.start)) return { ok: false, reason: "too_long" };
  let windowEnd = ctx.windowEnd;
  if (task.dueDate) {
    const dueEnd = zonedToUtc(addDays(parseDate(task.dueDate), 1), "00:00", ctx.timeZone);
    if (dueEnd <= ctx.now) return { ok: false, reason: "due_passed" };
    windowEnd = Math.min(windowEnd, dueEnd);
  }
  const step = SLOT_STEP_MINUTES * MINUTE;
  const earliest = Math.max(Math.ceil(ctx.now / step) * step, ctx.windowStart ?? -Infinity);
  const need = task.durationMinutes * MINUTE;
  for (const slot of freeSlots({ from: new Date(earliest), to: new Date(windowEnd), workingHours: hours, timeZone: ctx.timeZone, busy: ctx.busy })) {
    if (slot.end.getTime() - slot.start.getTime() >= need) {
      return { ok: true, start: slot.start, end: new Date(slot.start.getTime() + need) };
    }
  }
  return { ok: false, reason: "no_slot" };
}

function checkedHours(value: WorkingHours | null | undefined): Required<WorkingHours> {
  const checked = validateWorkingHours(value ?? DEFAULT_WORKING_HOURS);
  if (!checked.ok) throw new RangeError(`invalid working hours: ${JSON.stringify(checked.errors)}`);
  return checked.value;
}

function compareDue(a: string | null | undefined, b: string | null | undefined): number {
  if (a && b) return a < b ? -1 : a > b ? 1 : 0; // "YYYY-MM-DD" sorts as text
  return a ? -1 : b ? 1 : 0;
}

/** Sorted, overlapping or touching intervals joined; empty or inverted ones dropped. */
function mergeIntervals(items: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = items.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const item of sorted) {
    const last = out[out.length - 1];
    if (last && item.start <= last.end) last.end = Math.max(last.end, item.end);
    else out.push({ ...item });
  }
  return out;
}

function toMs(value: Instant | number): number {
  const ms = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`invalid instant: ${String(value)}`);
  return ms;
}

function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

function parseDate(text: string): PlainDate {
  const m = DATE.exec(text);
  const date = m && { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  // Round-trip through Date.UTC refuses dates that do not exist (2026-02-30).
  const back = date && new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (!date || !back || back.getUTCMonth() !== date.month - 1 || back.getUTCDate() !== date.day) {
    throw new RangeError(`invalid date: ${text}`);
  }
  return date;
}

function addDays(date: PlainDate, days: number): PlainDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isoWeekday(date: PlainDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
}

/** Wall-clock parts of an instant (ms) in the zone. */
const wallClock = (ms: number, timeZone: string) => zonedParts(new Date(ms), timeZone);

function localDate(ms: number, timeZone: string): PlainDate {
  const p = wallClock(ms, timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

/** Offset (local minus UTC, ms) of `timeZone` at instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallClock(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of local wall time `date` `hhmm` in `timeZone`, settled like Temporal's "compatible":
 * a wall time repeated in a fold takes its first occurrence, one skipped by a gap moves forward by the
 * gap's length. The offsets a day either side cover both sides of any transition near `wall` (zones
 * change at most once within two days), so a fold is seen even when the offset at `wall` itself already
 * is the later one.
 */
function zonedToUtc(date: PlainDate, hhmm: string, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + clockMinutes(hhmm) * MINUTE;
  const before = offsetAt(wall - DAY, timeZone);
  const offsets = new Set([before, offsetAt(wall, timeZone), offsetAt(wall + DAY, timeZone)]);
  const valid = [...offsets].map((o) => wall - o).filter((t) => t + offsetAt(t, timeZone) === wall);
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

/** The user's local calendar date (YYYY-MM-DD) at an instant. */
export function localDateOf(instant: Instant, timeZone: string): string {
  return formatDate(localDate(toMs(instant), timeZone));
}

/** The instant local day `date` (YYYY-MM-DD) begins in `timeZone` (a skipped midnight moves forward). */
export function startOfDate(date: string, timeZone: string): Date {
  return new Date(zonedToUtc(parseDate(date), "00:00", timeZone));
}

/** `date` (YYYY-MM-DD) moved by whole calendar days. */
export function shiftDate(date: string, days: number): string {
  return formatDate(addDays(parseDate(date), days));
}

function formatDate(date: PlainDate): string {
  return `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** The instant of local wall time `date` `hhmm` in `timeZone` (as Agendar reads working hours). */
export function zonedInstant(date: string, hhmm: string, timeZone: string): Date {
  return new Date(zonedToUtc(parseDate(date), hhmm, timeZone));
}

/** The user's working hours (`preferences.workingHours`), or the default when unset or no longer valid. */
export function workingHoursOf(user: { preferences: unknown }): WorkingHours {
  const stored = (user.preferences as { workingHours?: WorkingHours | null }).workingHours;
  if (!stored) return DEFAULT_WORKING_HOURS;
  const checked = validateWorkingHours(stored);
  return checked.ok ? checked.value : DEFAULT_WORKING_HOURS;
}
