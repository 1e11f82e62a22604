/**
 * The calendar views' layout math, pure (tested in layout.test.ts): which days a view shows, the
 * month grid with all-day/multi-day bars in lanes, overlapping timed items side by side in
 * columns, and wall-clock conversions in the user's zone (never the browser's).
 */

export type View = "month" | "week" | "day" | "agenda";
export const VIEWS: readonly View[] = ["month", "week", "day", "agenda"];

/** What the views place: an event occurrence or another module's item (a scheduled task). */
export type CalendarItem = {
  /** Unique on screen: the source id and its occurrence. */
  key: string;
  id: string;
  occurrenceStart: string;
  title: string;
  /** Instants (ISO) or `YYYY-MM-DD` dates (end exclusive) when all-day. */
  start: string;
  end: string;
  allDay: boolean;
  kind: "event" | "task";
  recurring: boolean;
  /** Created offline and not sent yet (drawn dashed, named "por enviar"). */
  queued?: boolean;
};

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- plain dates (YYYY-MM-DD)

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
export const mondayOf = (date: string) => addDays(date, -weekdayOf(date));
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The first and last dates a view shows around `anchor` (inclusive): a month as whole Monday weeks. */
export function visibleRange(view: View, anchor: string): { from: string; to: string } {
  if (view === "day") return { from: anchor, to: anchor };
  if (view === "week") return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 6) };
  const first = `${anchor.slice(0, 8)}01`;
  if (view === "agenda") return { from: anchor, to: addDays(anchor, 29) };
  const from = mondayOf(first);
  const nextMonth = addDays(first, 32).slice(0, 8) + "01";
  const to = addDays(mondayOf(addDays(nextMonth, -1)), 6);
  return { from, to };
}

/** The anchor one step before or after (a month, week, day, or 30 days for the agenda). */
export function stepAnchor(view: View, anchor: string, direction: 1 | -1): string {
  if (view === "day") return addDays(anchor, direction);
  if (view === "week") return addDays(anchor, 7 * direction);
  if (view === "agenda") return addDays(anchor, 30 * direction);
  const [y, m] = anchor.split("-").map(Number);
  const month = m - 1 + direction;
  const date = new Date(Date.UTC(y, month, 1));
  return date.toISOString().slice(0, 10);
}

/** The month grid: weeks (Monday first) of dates covering the anchor's month. */
export function monthWeeks(anchor: string): string[][] {
  const { from, to } = visibleRange("month", anchor);
  const weeks: string[][] = [];
  for (let d = from; d <= to; d = addDays(d, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(d, i)));
  return weeks;
}

// ---------------------------------------------------------------- wall clocks in a zone

const formatters = new Map<string, Intl.DateTimeFormat>();
function parts(ms: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: (Number(p.hour) % 24) * 60 + Number(p.minute), seconds: Number(p.second) };
}

/** The local date and minute of the day of an instant in `timeZone`. */
export const wallOf = (instant: string | number, timeZone: string) => parts(typeof instant === "number" ? instant : Date.parse(instant), timeZone);

/**
 * The instant of local `date` at `minutes` after midnight in `timeZone` (a time in a DST gap
 * resolves forward, as the clock does; a repeated time takes its first instance).
 */
export function instantAt(date: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const shown = (ms: number) => {
    const p = parts(ms, timeZone);
    return Date.parse(`${p.date}T00:00:00Z`) + p.minutes * 60_000 + p.seconds * 1000;
  };
  const offsetAt = (ms: number) => shown(ms) - Math.floor(ms / 1000) * 1000;
  // The zone's offsets around that wall time (a change is at most one a day).
  const offsets = [...new Set([offsetAt(wall - DAY_MS), offsetAt(wall), offsetAt(wall + DAY_MS)])];
  const matches = offsets.map((o) => wall - o).filter((ms) => shown(ms) === wall);
  if (matches.length) return Math.min(...matches);
  // In a gap: the offset from before the change, which lands as far past the gap as the time was into it.
  return wall - Math.min(...offsets);
}

/** An instant as an ISO string with the offset of `timeZone` (as the API writes them). */
export function isoInZone(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  const offset = Math.round((Date.parse(`${p.date}T00:00:00Z`) + p.minutes * 60_000 + p.seconds * 1000 - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${p.date}T${String(Math.floor(p.minutes / 60)).padStart(2, "0")}:${String(p.minutes % 60).padStart(2, "0")}:${String(p.seconds).padStart(2, "0")}${sign}${hh}:${mm}`;
}

/** Dates an item covers in `timeZone` (all-day: its dates, end exclusive; timed: each local day it touches). */
export function datesOf(item: Pick<CalendarItem, "start" | "end" | "allDay">, timeZone: string): { first: string; last: string } {
  if (item.allDay) return { first: item.start, last: addDays(item.end, -1) < item.start ? item.start : addDays(item.end, -1) };
  const s = wallOf(item.start, timeZone);
  const endMs = Date.parse(item.end);
  const e = wallOf(Math.max(Date.parse(item.start), endMs - 1), timeZone);
  return { first: s.date, last: e.date };
}

// ---------------------------------------------------------------- agenda

/** How much of an item a day of the agenda holds: all of it, its start, a whole day in between, or its end. */
export type AgendaPart = "whole" | "first" | "middle" | "last";
export type AgendaDay = { day: string; entries: { item: CalendarItem; part: AgendaPart }[] };

/**
 * The agenda's days that hold something, in order. An item is listed under every day it covers in
 * the user's zone, like Google Calendar's schedule view: a timed event from Tuesday 09:00 to
 * Wednesday 10:00 is on Tuesday (from 09:00) and on Wednesday (until 10:00), not only on its first day.
 */
export function agendaDays(items: readonly CalendarItem[], days: readonly string[], timeZone: string): AgendaDay[] {
  const spans = items.map((item) => ({ item, ...datesOf(item, timeZone) }));
  return days
    .map((day) => ({
      day,
      entries: spans
        .filter((s) => s.first <= day && s.last >= day)
        .map(({ item, first, last }) => ({ item, part: (item.allDay || first === last ? "whole" : day === first ? "first" : day === last ? "last" : "middle") as AgendaPart })),
    }))
    .filter((d) => d.entries.length);
}

// ---------------------------------------------------------------- month grid bars

export type Bar = { item: CalendarItem; startCol: number; span: number; lane: number; continuesBefore: boolean; continuesAfter: boolean };

/**
 * One week row of the month grid: every item touching the week as a bar from its first to its
 * last day (clipped to the week), in the lowest lane free over its columns. All-day and
 * multi-day items first and longest first, so bars stay straight; then timed items by start.
 */
export function weekBars(items: readonly CalendarItem[], week: readonly string[], timeZone: string): Bar[] {
  const [first, last] = [week[0], week[6]];
  const placed = items
    .map((item) => ({ item, ...datesOf(item, timeZone) }))
    .filter((x) => x.first <= last && x.last >= first)
    .map((x) => {
      const startCol = Math.max(0, daysBetween(first, x.first));
      const endCol = Math.min(6, daysBetween(first, x.last));
      return { ...x, startCol, span: endCol - startCol + 1, multi: x.item.allDay || x.first !== x.last };
    })
    .sort((a, b) => Number(b.multi) - Number(a.multi) || a.startCol - b.startCol || b.span - a.span || Date.parse(a.item.start) - Date.parse(b.item.start) || a.item.title.localeCompare(b.item.title));
  const lanes: boolean[][] = [];
  const bars: Bar[] = [];
  for (const x of placed) {
    let lane = 0;
    while (lanes[lane]?.slice(x.startCol, x.startCol + x.span).some(Boolean)) lane++;
    lanes[lane] ??= Array(7).fill(false);
    for (let c = x.startCol; c < x.startCol + x.span; c++) lanes[lane][c] = true;
    bars.push({ item: x.item, startCol: x.startCol, span: x.span, lane, continuesBefore: x.first < first, continuesAfter: x.last > last });
  }
  return bars;
}

// ---------------------------------------------------------------- time grid columns

export type Block = { item: CalendarItem; top: number; height: number; column: number; columns: number; continuesBefore: boolean; continuesAfter: boolean };

/** Shortest drawn block (minutes), so a zero-length event can still be seen and clicked. */
export const MIN_BLOCK_MINUTES = 20;

/** The time grid's height in minutes: 24 clock hours, on every day. */
const GRID_MINUTES = 24 * 60;

/**
 * The timed items of one local day as blocks at their wall-clock minutes (clipped to the day), side
 * by side where they overlap: each cluster of overlapping items shares the width, every item in
 * the first column free at its start (the way Google and Outlook draw a busy day).
 *
 * Wall-clock minutes, not minutes since midnight: the grid labels clock hours (as the now-line and
 * a double-click read them), and on the days the clocks change (23 or 25 hours) time elapsed since
 * midnight would draw everything after the change an hour off its label.
 */
export function dayBlocks(items: readonly CalendarItem[], date: string, timeZone: string): Block[] {
  const dayStart = instantAt(date, 0, timeZone);
  const dayEnd = instantAt(addDays(date, 1), 0, timeZone);
  const spans = items
    .filter((i) => !i.allDay)
    .map((item) => {
      const s = Date.parse(item.start);
      const e = Math.max(Date.parse(item.end), s);
      return { item, s, e };
    })
    .filter(({ s, e }) => (e > s ? s < dayEnd && e > dayStart : s >= dayStart && s < dayEnd))
    .map(({ item, s, e }) => {
      const top = s <= dayStart ? 0 : wallOf(s, timeZone).minutes;
      const wallEnd = e >= dayEnd ? GRID_MINUTES : wallOf(e, timeZone).minutes;
      // In the hour that repeats when the clocks go back, an end can read earlier than its start: the block keeps its length.
      const bottom = wallEnd >= top ? wallEnd : Math.min(GRID_MINUTES, top + (e - Math.max(s, dayStart)) / 60_000);
      return { item, top, bottom: Math.max(bottom, Math.min(GRID_MINUTES, top + MIN_BLOCK_MINUTES)), continuesBefore: s < dayStart, continuesAfter: e > dayEnd };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom || a.item.title.localeCompare(b.item.title));

  const blocks: Block[] = [];
  let cluster: { column: number; bottom: number; index: number }[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    const columns = Math.max(1, ...cluster.map((c) => c.column + 1));
    for (const c of cluster) blocks[c.index].columns = columns;
    cluster = [];
  };
  for (const span of spans) {
    if (span.top >= clusterEnd) closeCluster();
    const busy = new Set(cluster.filter((c) => c.bottom > span.top).map((c) => c.column));
    let column = 0;
    while (busy.has(column)) column++;
    blocks.push({ item: span.item, top: span.top, height: span.bottom - span.top, column, columns: 1, continuesBefore: span.continuesBefore, continuesAfter: span.continuesAfter });
    cluster.push({ column, bottom: span.bottom, index: blocks.length - 1 });
    clusterEnd = Math.max(clusterEnd, span.bottom);
  }
  closeCluster();
  return blocks;
}

/** Rounds minutes to the grid's step (15 minutes by default). */
export const snap = (minutes: number, step = 15) => Math.round(minutes / step) * step;

/**
 * Where an item lands when moved by `deltaDays` and `deltaMinutes` (drag or Alt+arrows): same
 * duration, moved on the user's wall clock (so a move across a DST change keeps the shown hour).
 */
export function moved(item: Pick<CalendarItem, "start" | "end" | "allDay">, deltaDays: number, deltaMinutes: number, timeZone: string): { start: string; end: string } {
  if (item.allDay) return { start: addDays(item.start, deltaDays), end: addDays(item.end, deltaDays) };
  const wall = wallOf(item.start, timeZone);
  const duration = Date.parse(item.end) - Date.parse(item.start);
  const start = instantAt(addDays(wall.date, deltaDays), wall.minutes + deltaMinutes, timeZone);
  return { start: isoInZone(start, timeZone), end: isoInZone(start + duration, timeZone) };
}

/** The item with its end moved by `deltaMinutes` (resize), never shorter than the grid's step. */
export function resized(item: Pick<CalendarItem, "start" | "end">, deltaMinutes: number, timeZone: string, step = 15): { start: string; end: string } {
  const s = Date.parse(item.start);
  const end = Math.max(s + step * 60_000, Date.parse(item.end) + deltaMinutes * 60_000);
  return { start: item.start, end: isoInZone(end, timeZone) };
}
