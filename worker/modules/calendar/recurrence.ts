/**
 * Calendar recurrence rules (API.md "Events and recurrence"): validation, expansion into
 * occurrences, "this and the following" splits and the rule in words (pt, en).
 *
 * Pure: no clock, no globals. Expansion is delegated to rrule-temporal, which computes every
 * occurrence on the wall clock of the event's IANA zone (never by adding 24-hour steps), so a
 * 09:30 Lisbon meeting stays 09:30 across daylight-saving changes. All-day events are expanded on
 * plain dates (UTC midnight, a zone without DST) so they never move a day.
 */
import { RRuleTemporal } from "rrule-temporal";
import { instantOfWallClock, wallClockOf } from "../../lib/time-zone";

type Zdt = ReturnType<RRuleTemporal["all"]>[number];
type ZdtClass = { from(value: string): Zdt };

/** The event as stored (API.md): timed = ISO instants with offset; all-day = YYYY-MM-DD, end exclusive. */
export interface RecurringEvent<O extends OccurrenceOverride = OccurrenceOverride> {
  start: string;
  end: string;
  allDay: boolean;
  timeZone: string;
  rrule: string | null;
  exdates: string[];
  overrides?: O[];
}

/** One changed occurrence (RECURRENCE-ID): `occurrenceStart` is the series' original start; other fields pass through. */
export interface OccurrenceOverride {
  occurrenceStart: string;
  start: string;
  end: string;
}

export interface Occurrence<O extends OccurrenceOverride = OccurrenceOverride> {
  /** The original start of this occurrence in the series (identifies it for PATCH/DELETE ?occurrence=). */
  occurrenceStart: string;
  start: string;
  end: string;
  allDay: boolean;
  /** The override applied, when this occurrence was changed on its own. */
  override?: O;
}

export type Check = { ok: true } | { ok: false; reason: string };

export const DEFAULT_OCCURRENCE_LIMIT = 1000;
const DAY_MS = 86_400_000;
// The widest window the calendar asks for (a year view); used when validation is given none.
const DEFAULT_WINDOW_DAYS = 366;
// Iterations validation will spend before calling a never-ending rule too dense to accept.
const VALIDATION_ITERATION_CAP = 200_000;

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---------------------------------------------------------------- time-zone and date helpers

/** Whether `timeZone` is an IANA zone name ("Europe/Lisbon", "UTC"), not an offset, abbreviation or unknown name. */
export function isIanaTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== "string" || timeZone.length > 64) return false;
  // Intl also accepts offsets ("+01:00") and legacy abbreviations ("EST", "CET"); the API wants Area/Location names.
  if (timeZone !== "UTC" && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds since epoch of a calendar date that exists (2026-02-30 → null). */
function dateMs(value: string): number | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

/** Milliseconds since epoch of an ISO instant with offset whose date and time exist, else null. */
function instantMs(value: string): number | null {
  const m = INSTANT_RE.exec(value);
  if (!m || dateMs(`${m[1]}-${m[2]}-${m[3]}`) === null) return null;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Whether `value` is a real calendar date in YYYY-MM-DD form (refuses 2026-02-30). */
export function isValidDate(value: string): boolean {
  return dateMs(value) !== null;
}

/** Whether `value` is an ISO 8601 instant with an offset (or Z) on a real date. */
export function isValidInstant(value: string): boolean {
  return instantMs(value) !== null;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let zdtClass: ZdtClass | undefined;
// rrule-temporal bundles its own Temporal (Node 20 has none) but does not export it; its
// ZonedDateTime class is reached through a rule's resolved DTSTART.
function zonedDateTime(): ZdtClass {
  if (!zdtClass) {
    const probe = new RRuleTemporal({ freq: "DAILY", count: 1, dtstart: { timeZoneId: "UTC", toString: () => "2000-01-01T00:00:00+00:00[UTC]" } });
    zdtClass = (probe.options().dtstart as unknown as { constructor: ZdtClass }).constructor;
  }
  return zdtClass;
}

/** The instant `ms` on the wall clock of `timeZone`. */
const zdtAt = (ms: number, timeZone: string) => zonedDateTime().from(`${new Date(ms).toISOString()}[${timeZone}]`);

/** Start of local day `date` in `timeZone`, as epoch ms (a missing midnight resolves forward, as Temporal does). */
const startOfDayMs = (date: string, timeZone: string) => zonedDateTime().from(`${date}T00:00:00[${timeZone}]`).startOfDay().epochMilliseconds;

/** The instant `ms` as the API writes it: ISO with the offset of `timeZone`, seconds precision. */
export const formatInstant = (ms: number, timeZone: string) => isoWithOffset(zdtAt(ms, timeZone));

/** Epoch ms of a local day's start in `timeZone` (all-day reminders). */
export const localDayStartMs = (date: string, timeZone: string) => startOfDayMs(date, timeZone);

/** Epoch ms of an instant or a date (UTC midnight), or null when it is neither. */
export const pointMs = (value: string): number | null => (DATE_RE.test(value) ? dateMs(value) : instantMs(value));

/** ISO with offset, seconds precision, as the API writes instants. */
const isoWithOffset = (z: Zdt) => z.toString({ timeZoneName: "never", smallestUnit: "second" });

// ---------------------------------------------------------------- RRULE parsing (strict)

const FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"] as const;
type Freq = (typeof FREQS)[number];
const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
type Weekday = (typeof WEEKDAYS)[number];

interface ParsedRule {
  freq: Freq;
  interval: number;
  count?: number;
  until?: string;
  byDay?: { n: number; day: Weekday }[];
  byMonthDay?: number[];
  byMonth?: number[];
  bySetPos?: number[];
  other: Record<string, string>;
  parts: [string, string][];
}

const intList = (value: string, min: number, max: number, allowNegative: boolean): number[] | null => {
  const out: number[] = [];
  for (const item of value.split(",")) {
    if (!/^[+-]?\d{1,3}$/.test(item)) return null;
    const n = Number(item);
    const abs = Math.abs(n);
    if (abs < min || abs > max || (n < 0 && !allowNegative) || n === 0 && min > 0) return null;
    out.push(n);
  }
  return out;
};

/** Parses an RRULE value into its parts, refusing what RFC 5545 does not allow (the library is lenient). */
function parseRrule(rrule: string): { ok: true; rule: ParsedRule } | { ok: false; reason: string } {
  if (typeof rrule !== "string" || rrule.trim() === "") return { ok: false, reason: "empty rule" };
  if (rrule.length > 500) return { ok: false, reason: "rule too long" };
  if (/[\r\n]/.test(rrule)) return { ok: false, reason: "one RRULE value only (no DTSTART, EXDATE or other lines)" };
  if (/^RRULE:/i.test(rrule)) return { ok: false, reason: "give the RRULE value without the RRULE: prefix" };
  const parts: [string, string][] = [];
  const seen = new Set<string>();
  for (const piece of rrule.split(";")) {
    const m = /^([A-Za-z]+)=(.+)$/.exec(piece);
    if (!m) return { ok: false, reason: `malformed part "${piece}"` };
    const key = m[1].toUpperCase();
    if (seen.has(key)) return { ok: false, reason: `${key} given twice` };
    seen.add(key);
    parts.push([key, m[2].toUpperCase()]);
  }
  const get = (k: string) => parts.find(([key]) => key === k)?.[1];
  const freq = get("FREQ");
  if (!freq) return { ok: false, reason: "FREQ is required" };
  if (!(FREQS as readonly string[]).includes(freq)) return { ok: false, reason: `unknown FREQ ${freq}` };
  const rule: ParsedRule = { freq: freq as Freq, interval: 1, other: {}, parts };
  for (const [key, value] of parts) {
    switch (key) {
      case "FREQ":
        break;
      case "INTERVAL":
        if (!/^\d{1,4}$/.test(value) || Number(value) < 1) return { ok: false, reason: "INTERVAL must be a whole number from 1" };
        rule.interval = Number(value);
        break;
      case "COUNT":
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1) return { ok: false, reason: "COUNT must be a whole number from 1" };
        rule.count = Number(value);
        break;
      case "UNTIL":
        if (!/^\d{8}(T\d{6}Z?)?$/.test(value) || dateMs(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`) === null)
          return { ok: false, reason: "UNTIL must be a date (YYYYMMDD) or a UTC date-time (YYYYMMDDTHHMMSSZ)" };
        rule.until = value;
        break;
      case "BYDAY": {
        const days: { n: number; day: Weekday }[] = [];
        for (const item of value.split(",")) {
          const d = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
          if (!d) return { ok: false, reason: `BYDAY value ${item} is not a weekday` };
          const n = d[1] ? Number(d[1]) : 0;
          if (d[1] && (n === 0 || Math.abs(n) > 53)) return { ok: false, reason: `BYDAY ordinal ${d[1]} out of range` };
          if (n !== 0 && rule.freq !== "MONTHLY" && rule.freq !== "YEARLY") return { ok: false, reason: "numbered BYDAY (2TU) needs FREQ=MONTHLY or YEARLY" };
          days.push({ n, day: d[2] as Weekday });
        }
        rule.byDay = days;
        break;
      }
      case "BYMONTHDAY": {
        const list = intList(value, 1, 31, true);
        if (!list) return { ok: false, reason: "BYMONTHDAY values are 1..31 or -31..-1" };
        rule.byMonthDay = list;
        break;
      }
      case "BYMONTH": {
        const list = intList(value, 1, 12, false);
        if (!list) return { ok: false, reason: "BYMONTH values are 1..12" };
        rule.byMonth = list;
        break;
      }
      case "BYSETPOS": {
        const list = intList(value, 1, 366, true);
        if (!list) return { ok: false, reason: "BYSETPOS values are 1..366 or -366..-1" };
        rule.bySetPos = list;
        break;
      }
      case "BYYEARDAY":
        if (!intList(value, 1, 366, true)) return { ok: false, reason: "BYYEARDAY values are 1..366 or -366..-1" };
        rule.other[key] = value;
        break;
      case "BYWEEKNO":
        if (!intList(value, 1, 53, true)) return { ok: false, reason: "BYWEEKNO values are 1..53 or -53..-1" };
        rule.other[key] = value;
        break;
      case "BYHOUR":
        if (!intList(value, 0, 23, false)) return { ok: false, reason: "BYHOUR values are 0..23" };
        rule.other[key] = value;
        break;
      case "BYMINUTE":
      case "BYSECOND":
        if (!intList(value, 0, key === "BYSECOND" ? 60 : 59, false)) return { ok: false, reason: `${key} values out of range` };
        rule.other[key] = value;
        break;
      case "WKST":
        if (!(WEEKDAYS as readonly string[]).includes(value)) return { ok: false, reason: "WKST must be a weekday (MO..SU)" };
        rule.other[key] = value;
        break;
      default:
        // RSCALE/SKIP (RFC 7529) and X- parts are refused: nothing in the product writes or shows them.
        return { ok: false, reason: `unsupported part ${key}` };
    }
  }
  if (rule.count !== undefined && rule.until !== undefined) return { ok: false, reason: "COUNT and UNTIL cannot both be given" };
  if (rule.other.BYWEEKNO && rule.freq !== "YEARLY") return { ok: false, reason: "BYWEEKNO needs FREQ=YEARLY" };
  if (rule.byMonthDay && rule.freq === "WEEKLY") return { ok: false, reason: "BYMONTHDAY cannot be used with FREQ=WEEKLY" };
  return { ok: true, rule };
}

/** Serialises parts back, in the order given, with the changes applied (undefined removes a part). */
function formatRrule(parts: [string, string][], changes: Record<string, string | undefined>): string {
  const out: [string, string][] = [];
  const keys = new Set(parts.map(([k]) => k));
  for (const [k, v] of parts) {
    if (k in changes) {
      const nv = changes[k];
      if (nv !== undefined) out.push([k, nv]);
    } else out.push([k, v]);
  }
  for (const [k, v] of Object.entries(changes)) if (!keys.has(k) && v !== undefined) out.push([k, v]);
  return out.map(([k, v]) => `${k}=${v}`).join(";");
}

// ---------------------------------------------------------------- building the library's rule

interface Series {
  rule: RRuleTemporal | null;
  allDay: boolean;
  startMs: number;
  durationMs: number;
  timeZone: string;
}

/** Builds the rule for an event whose start/end were already checked. */
function buildSeries(event: Pick<RecurringEvent, "start" | "end" | "allDay" | "timeZone" | "rrule">): Series {
  const startMs = event.allDay ? dateMs(event.start) : instantMs(event.start);
  const endMs = event.allDay ? dateMs(event.end) : instantMs(event.end);
  if (startMs === null || endMs === null) throw new Error("event start/end are not valid");
  // All-day dates are expanded as UTC midnights, so a date can never move with a zone.
  const tz = event.allDay ? "UTC" : event.timeZone;
  const dtstartText = `${new Date(startMs).toISOString()}[${tz}]`;
  const rule = event.rrule
    ? new RRuleTemporal({ rruleString: event.rrule, dtstart: { timeZoneId: tz, toString: () => dtstartText }, cache: false })
    : null;
  return { rule, allDay: event.allDay, startMs, durationMs: Math.max(0, endMs - startMs), timeZone: event.timeZone };
}

// ---------------------------------------------------------------- validation

export interface ValidateOptions {
  /** Series start: ISO instant with offset (timed) or YYYY-MM-DD (all-day). */
  start: string;
  timeZone: string;
  allDay: boolean;
  /** The request window a never-ending rule is measured in (ISO instants); default [start, start + 366 days). */
  from?: string;
  to?: string;
  /** Most occurrences a never-ending rule may yield in the window (default 1,000). */
  maxOccurrences?: number;
}

/**
 * Checks an RRULE for an event: parts and values per RFC 5545, what rrule-temporal accepts, and a
 * never-ending rule (no COUNT/UNTIL) that would yield more than `maxOccurrences` in the window.
 */
export function validateRrule(rrule: string, options: ValidateOptions): Check {
  if (!isIanaTimeZone(options.timeZone)) return { ok: false, reason: "time zone is not an IANA name" };
  const startOk = options.allDay ? isValidDate(options.start) : isValidInstant(options.start);
  if (!startOk) return { ok: false, reason: options.allDay ? "start must be a date YYYY-MM-DD" : "start must be an ISO instant with offset" };
  const parsed = parseRrule(rrule);
  if (!parsed.ok) return parsed;
  const { rule } = parsed;
  if (rule.until && options.allDay && rule.until.length !== 8) return { ok: false, reason: "UNTIL of an all-day event must be a date (YYYYMMDD)" };
  if (rule.until && !options.allDay && rule.until.length === 15) return { ok: false, reason: "UNTIL of a timed event must be in UTC (ends in Z)" };
  if (options.allDay && (rule.freq === "HOURLY" || rule.freq === "MINUTELY" || rule.freq === "SECONDLY" || rule.other.BYHOUR || rule.other.BYMINUTE || rule.other.BYSECOND))
    return { ok: false, reason: "an all-day event repeats on days, not hours or minutes" };
  let series: Series;
  try {
    series = buildSeries({ start: options.start, end: options.start, allDay: options.allDay, timeZone: options.timeZone, rrule });
  } catch (error) {
    return { ok: false, reason: `rejected by the recurrence library: ${(error as Error).message}` };
  }
  const max = options.maxOccurrences ?? DEFAULT_OCCURRENCE_LIMIT;
  const fromMs = options.from ? instantMs(options.from) : series.startMs;
  const toMs = options.to ? instantMs(options.to) : series.startMs + DEFAULT_WINDOW_DAYS * DAY_MS;
  if (fromMs === null || toMs === null) return { ok: false, reason: "window bounds must be ISO instants with offset" };
  const endless = rule.count === undefined && rule.until === undefined;
  // Iterate from DTSTART (the library's own order) and stop as soon as the answer is known; a rule
  // that ends is only asked for its first occurrence, so the library reports what it rejects lazily.
  let inWindow = 0;
  let iterations = 0;
  let tooDense = false;
  try {
    series.rule!.all((date) => {
      iterations += 1;
      if (!endless) return false;
      const ms = date.epochMilliseconds;
      if (ms >= toMs) return false;
      if (ms >= fromMs) inWindow += 1;
      if ((inWindow > max || iterations > VALIDATION_ITERATION_CAP)) {
        tooDense = true;
        return false;
      }
      return true;
    });
  } catch (error) {
    return { ok: false, reason: `rejected by the recurrence library: ${(error as Error).message}` };
  }
  if (tooDense) return { ok: false, reason: `a rule without COUNT or UNTIL may not produce more than ${max} occurrences in a window` };
  return { ok: true };
}

// ---------------------------------------------------------------- expansion

export interface ExpandOptions {
  /** Window start: ISO instant, or YYYY-MM-DD (start of that day in `timeZone`). */
  from: string;
  /** Window end: ISO instant (exclusive), or YYYY-MM-DD (inclusive: the whole day in `timeZone`). */
  to: string;
  /** The viewer's zone: places all-day dates and date bounds (default the event's zone). */
  timeZone?: string;
  /** Most occurrences returned (default 1,000); `truncated` says when more existed. */
  limit?: number;
}

export interface Expansion<O extends OccurrenceOverride = OccurrenceOverride> {
  items: Occurrence<O>[];
  truncated: boolean;
}

/** A window bound in epoch ms: an instant, or a date (its local midnight in `timeZone`; an end date is inclusive). Throws on bad input. */
export const boundMs = (value: string, timeZone: string, isEnd: boolean): number => {
  if (DATE_RE.test(value)) {
    if (dateMs(value) === null) throw new Error(`window bound ${value} is not a real date`);
    return isEnd ? startOfDayMs(isoDate(dateMs(value)! + DAY_MS), timeZone) : startOfDayMs(value, timeZone);
  }
  const ms = instantMs(value);
  if (ms === null) throw new Error(`window bound ${value} is not an ISO instant or date`);
  return ms;
};

/**
 * Every occurrence of `event` overlapping [from, to) (an occurrence that began before `from` and
 * ends after it is included), exdates removed and overrides applied, sorted by start, at most `limit`.
 * Throws on a malformed event or window bound: the route validates those first (validateRrule, isValidDate, isValidInstant).
 * Timed occurrences keep the series' exact duration (RFC 5545 for DTEND), written in the event's zone offset.
 */
export function expandOccurrences<O extends OccurrenceOverride>(event: RecurringEvent<O>, options: ExpandOptions): Expansion<O> {
  const viewerZone = options.timeZone ?? event.timeZone;
  const limit = options.limit ?? DEFAULT_OCCURRENCE_LIMIT;
  const fromMs = boundMs(options.from, viewerZone, false);
  const toMs = boundMs(options.to, viewerZone, true);
  const series = buildSeries(event);

  // Identity of an occurrence: epoch ms for timed events, the date for all-day ones.
  const keyOf = (value: string): string | null => {
    const ms = event.allDay ? dateMs(value) : instantMs(value);
    return ms === null ? null : String(ms);
  };
  // An all-day date occupies that local day wherever the viewer is ("floating"), so its span is
  // measured in the viewer's zone; a timed occurrence is its own instants.
  const span = (startText: string, endText: string, allDay: boolean): [number, number] =>
    allDay ? [startOfDayMs(startText, viewerZone), startOfDayMs(endText, viewerZone)] : [instantMs(startText)!, instantMs(endText)!];
  const overlaps = ([s, e]: [number, number]) => (e > s ? s < toMs && e > fromMs : s >= fromMs && s < toMs);

  // Occurrences are only written out (Temporal string work) once they are known to be kept.
  const make = (originalMs: number, zoned?: Zdt): Occurrence<O> => {
    if (series.allDay) {
      const start = isoDate(originalMs);
      return { occurrenceStart: start, start, end: isoDate(originalMs + series.durationMs), allDay: true };
    }
    const start = zoned ?? zdtAt(originalMs, event.timeZone);
    const startText = isoWithOffset(start);
    return { occurrenceStart: startText, start: startText, end: isoWithOffset(start.add({ milliseconds: series.durationMs })), allDay: false };
  };

  const exdated = new Set(event.exdates.map(keyOf).filter((k): k is string => k !== null));
  const overrides = new Map<string, O>();
  for (const o of event.overrides ?? []) {
    const k = keyOf(o.occurrenceStart);
    if (k !== null) overrides.set(k, o);
  }

  const kept: { sort: number; build: () => Occurrence<O> }[] = [];
  const consider = (s: [number, number], build: () => Occurrence<O>) => {
    if (overlaps(s)) kept.push({ sort: s[0], build });
  };
  const seriesSpan = (ms: number): [number, number] =>
    series.allDay ? span(isoDate(ms), isoDate(ms + series.durationMs), true) : [ms, ms + series.durationMs];

  if (!series.rule) {
    consider(seriesSpan(series.startMs), () => make(series.startMs));
  } else {
    // Ask the library for series starts that could overlap: all-day spans can sit up to 14 hours
    // either side of UTC midnight in the viewer's zone, hence the margin.
    const margin = series.allDay ? DAY_MS : 0;
    const starts = series.rule.between(new Date(fromMs - series.durationMs - margin), new Date(toMs + margin), true);
    for (const date of starts) {
      const ms = date.epochMilliseconds;
      const k = String(ms);
      if (exdated.has(k) || overrides.has(k)) continue;
      consider(seriesSpan(ms), () => make(ms, date));
    }
    // Overrides are placed where they now are, so one can move into or out of the window.
    for (const [k, o] of overrides) {
      if (exdated.has(k)) continue;
      const original = Number(k);
      if (series.rule.between(new Date(original), new Date(original), true).length === 0) continue; // no longer in the series
      const allDayOverride = series.allDay;
      const s = allDayOverride ? (isValidDate(o.start) && isValidDate(o.end) ? span(o.start, o.end, true) : null) : (isValidInstant(o.start) && isValidInstant(o.end) ? span(o.start, o.end, false) : null);
      if (!s) continue; // a malformed override is not shown rather than breaking the whole listing
      consider(s, () => ({ ...make(original), start: o.start, end: o.end, override: o }));
    }
  }
  // Stable sort: equal starts keep the library's order, then overrides.
  kept.sort((a, b) => a.sort - b.sort);
  return { items: kept.slice(0, limit).map((k) => k.build()), truncated: kept.length > limit };
}

/**
 * Where an exdate, or a changed occurrence's RECURRENCE-ID, goes when its series (same rule and
 * zone) moves from starting at `fromStart` to `toStart`: by the same days and the same change of
 * wall-clock time in the event's zone, as its occurrences move. Not by the same milliseconds: a move
 * across a clock change (a week later, from 23 March to 30 March in Lisbon, is 167 hours) would put
 * it an hour off every occurrence, and the exception would be lost.
 */
export function moveWithSeries(value: string, fromStart: string, toStart: string, allDay: boolean, timeZone: string): string {
  if (allDay) return isoDate(pointMs(value)! + pointMs(toStart)! - pointMs(fromStart)!);
  const delta = wallClockOf(pointMs(toStart)!, timeZone) - wallClockOf(pointMs(fromStart)!, timeZone);
  return formatInstant(instantOfWallClock(wallClockOf(pointMs(value)!, timeZone) + delta, timeZone), timeZone);
}

// ---------------------------------------------------------------- this and the following

export type SplitResult<O extends OccurrenceOverride> =
  | { ok: true; before: RecurringEvent<O> | null; after: RecurringEvent<O> }
  | { ok: false; reason: string };

const icsUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/**
 * Splits a series at one occurrence for "this and the following": the old series ends just
 * before it (UNTIL, or COUNT of what came before) and a new one starts there with the same rule
 * (COUNT reduced). Exdates and overrides go to the part they belong to. `before` is null when
 * the split is at the first occurrence.
 */
export function splitSeries<O extends OccurrenceOverride>(event: RecurringEvent<O>, occurrenceStart: string): SplitResult<O> {
  if (!event.rrule) return { ok: false, reason: "the event does not repeat" };
  const parsed = parseRrule(event.rrule);
  if (!parsed.ok) return parsed;
  const series = buildSeries(event);
  const atMs = event.allDay ? dateMs(occurrenceStart) : instantMs(occurrenceStart);
  if (atMs === null || series.rule!.between(new Date(atMs), new Date(atMs), true).length === 0)
    return { ok: false, reason: "not an occurrence of this series" };
  // COUNT counts the rule's occurrences before EXDATE (RFC 5545), so exdates are not subtracted here.
  const earlier = series.rule!.between(new Date(series.startMs), new Date(atMs - 1), true).length;
  const { parts, count } = parsed.rule;
  const keyMs = (value: string) => (event.allDay ? dateMs(value) : instantMs(value)) ?? Number.NaN;

  let before: RecurringEvent<O> | null = null;
  if (earlier > 0) {
    const beforeRule =
      count !== undefined
        ? formatRrule(parts, { COUNT: String(earlier) })
        : formatRrule(parts, { UNTIL: event.allDay ? icsUtc(atMs - DAY_MS).slice(0, 8) : icsUtc(atMs - 1000) });
    before = {
      ...event,
      rrule: beforeRule,
      exdates: event.exdates.filter((d) => keyMs(d) < atMs),
      overrides: event.overrides?.filter((o) => keyMs(o.occurrenceStart) < atMs),
    };
  }
  const first = expandOccurrences({ ...event, exdates: [], overrides: [] }, { from: occurrenceStart, to: event.allDay ? occurrenceStart : new Date(atMs + series.durationMs + 1).toISOString(), limit: 1_000_000 })
    .items.find((o) => keyMs(o.occurrenceStart) === atMs)!;
  const after: RecurringEvent<O> = {
    ...event,
    start: first.start,
    end: first.end,
    rrule: count !== undefined ? formatRrule(parts, { COUNT: String(count - earlier) }) : event.rrule,
    exdates: event.exdates.filter((d) => keyMs(d) >= atMs),
    overrides: event.overrides?.filter((o) => keyMs(o.occurrenceStart) >= atMs),
  };
  return { ok: true, before, after };
}

// ---------------------------------------------------------------- the same rule in other words

/** What a rule leaves to its start: the start's weekday, day of the month and month, on its own wall clock. */
function impliedByStart(event: Pick<RecurringEvent, "start" | "allDay" | "timeZone">): { weekday: Weekday; day: number; month: number } | null {
  if (event.allDay) {
    const ms = dateMs(event.start);
    if (ms === null) return null;
    const d = new Date(ms);
    return { weekday: WEEKDAYS[(d.getUTCDay() + 6) % 7], day: d.getUTCDate(), month: d.getUTCMonth() + 1 };
  }
  const ms = instantMs(event.start);
  if (ms === null || !isIanaTimeZone(event.timeZone)) return null;
  const z = zdtAt(ms, event.timeZone);
  return { weekday: WEEKDAYS[z.dayOfWeek - 1], day: z.day, month: z.month };
}

const CANONICAL_ORDER = ["FREQ", "INTERVAL", "COUNT", "BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS", "WKST"];
const sortedNumbers = (values: readonly number[]) => [...new Set(values)].sort((x, y) => x - y).join(",");

/**
 * A rule written one way: defaults written out or dropped (INTERVAL=1, WKST=MO), what RFC 5545
 * takes from DTSTART filled in (a weekly rule's weekday, a monthly rule's day, a yearly rule's day
 * and month), lists sorted without repeats, parts in a fixed order. UNTIL is left out: two UNTILs
 * are compared by the occurrences between them (`sameEnd`).
 */
function canonicalRule(rule: ParsedRule, start: { weekday: Weekday; day: number; month: number }): string {
  let { byDay, byMonthDay, byMonth } = rule;
  const dayLevel = byDay || byMonthDay || rule.other.BYYEARDAY || rule.other.BYWEEKNO;
  if (rule.freq === "WEEKLY" && !byDay) byDay = [{ n: 0, day: start.weekday }];
  if (rule.freq === "MONTHLY" && !byDay && !byMonthDay) byMonthDay = [start.day];
  if (rule.freq === "YEARLY" && !dayLevel) {
    byMonthDay = [start.day];
    byMonth ??= [start.month];
  }
  const parts: Record<string, string> = { FREQ: rule.freq, INTERVAL: String(rule.interval) };
  if (rule.count !== undefined) parts.COUNT = String(rule.count);
  if (byMonth) parts.BYMONTH = sortedNumbers(byMonth);
  if (byMonthDay) parts.BYMONTHDAY = sortedNumbers(byMonthDay);
  if (byDay) {
    const key = (d: { n: number; day: Weekday }) => d.n * 7 + WEEKDAYS.indexOf(d.day);
    parts.BYDAY = [...new Map(byDay.map((d) => [key(d), `${d.n || ""}${d.day}`]))].sort(([x], [y]) => x - y).map(([, text]) => text).join(",");
  }
  if (rule.bySetPos) parts.BYSETPOS = sortedNumbers(rule.bySetPos);
  for (const key of ["BYWEEKNO", "BYYEARDAY", "BYHOUR", "BYMINUTE", "BYSECOND"]) if (rule.other[key]) parts[key] = sortedNumbers(rule.other[key].split(",").map(Number));
  if (rule.other.WKST && rule.other.WKST !== "MO") parts.WKST = rule.other.WKST;
  return CANONICAL_ORDER.filter((k) => k in parts).map((k) => `${k}=${parts[k]}`).join(";");
}

/**
 * Whether two UNTILs of rules that are otherwise the same end the series alike: no occurrence falls
 * after the earlier one and up to the later one (a date, the end of a local day, or the last
 * occurrence's own instant can all name the same last occurrence).
 */
function sameEnd(a: { text: string; rule: ParsedRule }, b: { text: string; rule: ParsedRule }, event: Pick<RecurringEvent, "start" | "allDay" | "timeZone">): boolean {
  if (a.rule.until === b.rule.until) return true;
  if (!a.rule.until || !b.rule.until) return false;
  const [sa, sb] = [a, b].map((x) => buildSeries({ ...event, end: event.start, rrule: x.text }));
  const [ua, ub] = [sa, sb].map((s) => s.rule!.options().until?.epochMilliseconds);
  if (ua === undefined || ub === undefined) return false;
  const [earlier, later, laterSeries] = ua <= ub ? [ua, ub, sb] : [ub, ua, sa];
  return laterSeries.rule!.between(new Date(earlier + 1), new Date(later), true).length === 0;
}

/**
 * Whether rules `a` and `b` repeat alike for an event starting at `event.start`, however each is
 * written: "FREQ=WEEKLY" and "FREQ=WEEKLY;BYDAY=TU" for a Tuesday start, parts in another order,
 * an UNTIL spelt as a date or as the end of that local day. What this does not recognise counts as
 * a different rule (the safe answer for an edit: a new rule starts without the old exceptions).
 */
export function sameRecurrence(a: string | null, b: string | null, event: Pick<RecurringEvent, "start" | "allDay" | "timeZone">): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const [pa, pb] = [parseRrule(a), parseRrule(b)];
  const start = impliedByStart(event);
  if (!pa.ok || !pb.ok || !start) return false;
  if (canonicalRule(pa.rule, start) !== canonicalRule(pb.rule, start)) return false;
  try {
    return sameEnd({ text: a, rule: pa.rule }, { text: b, rule: pb.rule }, event);
  } catch {
    // A rule the library refuses for this start (a date-time UNTIL on an all-day event, say).
    return false;
  }
}

// ---------------------------------------------------------------- the rule in words

// The strings live here until the calendar screen's i18n catalogue takes them over; both
// languages are written by hand because rrule-temporal's toText has no Portuguese.
const WORDS = {
  pt: {
    days: { MO: "segunda", TU: "terça", WE: "quarta", TH: "quinta", FR: "sexta", SA: "sábado", SU: "domingo" },
    fullDays: { MO: "segunda-feira", TU: "terça-feira", WE: "quarta-feira", TH: "quinta-feira", FR: "sexta-feira", SA: "sábado", SU: "domingo" },
    months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    and: " e ",
  },
  en: {
    days: { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" },
    fullDays: { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" },
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    and: " and ",
  },
} as const;

const PT_ORDINAL_F = ["", "primeira", "segunda", "terceira", "quarta", "quinta"];
const PT_ORDINAL_M = ["", "primeiro", "segundo", "terceiro", "quarto", "quinto"];
const EN_ORDINAL = ["", "first", "second", "third", "fourth", "fifth"];

const joinList = (items: string[], and: string) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")}${and}${items[items.length - 1]}`);

/**
 * The rule in words, in pt or en ("Todas as semanas à segunda e quarta", "Monthly on the second
 * Tuesday"); `start` (ISO instant or date) supplies what the rule leaves implicit; `timeZone` (the
 * event's) places it and UNTIL on local dates. Rules it cannot word say "Regra personalizada" / "Custom rule".
 */
export function describeRrule(rrule: string, language: "pt" | "en", start: string, timeZone?: string): string {
  const parsed = parseRrule(rrule);
  const custom = language === "pt" ? "Regra personalizada" : "Custom rule";
  if (!parsed.ok) return custom;
  const r = parsed.rule;
  const w = WORDS[language];
  const pt = language === "pt";
  // The start's local date: the literal date for all-day, the zone's wall date for instants.
  let local: { y: number; m: number; d: number; wd: Weekday };
  const dm = dateMs(start);
  const im = dm === null ? instantMs(start) : null;
  if (dm !== null) local = { y: new Date(dm).getUTCFullYear(), m: new Date(dm).getUTCMonth() + 1, d: new Date(dm).getUTCDate(), wd: WEEKDAYS[(new Date(dm).getUTCDay() + 6) % 7] };
  else if (im !== null) {
    if (timeZone) {
      const z = zdtAt(im, timeZone);
      local = { y: z.year, m: z.month, d: z.day, wd: WEEKDAYS[z.dayOfWeek - 1] };
    } else {
      // No zone given: the wall date as written in the instant (its own offset).
      const wall = dateMs(start.slice(0, 10))!;
      local = { y: Number(start.slice(0, 4)), m: Number(start.slice(5, 7)), d: Number(start.slice(8, 10)), wd: WEEKDAYS[(new Date(wall).getUTCDay() + 6) % 7] };
    }
  } else return custom;

  if (Object.keys(r.other).some((k) => k !== "WKST") || (r.byMonth && r.byMonth.length > 1) || (r.bySetPos && r.bySetPos.length > 1)) return custom;
  const n = r.interval;
  const every = (one: { pt: string; en: string }, many: { pt: string; en: string }) => (n === 1 ? one[language] : (pt ? many.pt : many.en).replaceAll("{n}", String(n)));

  const weekdayList = (days: Weekday[]) => {
    const names = days.map((d) => w.days[d]);
    if (!pt) return joinList(names, w.and);
    return `${days[0] === "SA" || days[0] === "SU" ? "ao" : "à"} ${joinList(names, w.and)}`;
  };
  const nthWeekday = (nth: number, day: Weekday) => {
    if (nth > 5 || nth < -1) return null;
    if (!pt) return `on the ${nth === -1 ? "last" : EN_ORDINAL[nth]} ${w.fullDays[day]}`;
    const masculine = day === "SA" || day === "SU";
    const ord = nth === -1 ? (masculine ? "último" : "última") : (masculine ? PT_ORDINAL_M : PT_ORDINAL_F)[nth];
    return `${masculine ? "no" : "na"} ${ord} ${w.fullDays[day]}`;
  };

  let text: string | null = null;
  switch (r.freq) {
    case "SECONDLY":
      return custom;
    case "MINUTELY":
      if (r.byDay || r.byMonthDay || r.byMonth) return custom;
      text = every({ pt: "Todos os minutos", en: "Every minute" }, { pt: "De {n} em {n} minutos", en: "Every {n} minutes" });
      break;
    case "HOURLY":
      if (r.byDay || r.byMonthDay || r.byMonth) return custom;
      text = every({ pt: "De hora a hora", en: "Every hour" }, { pt: "De {n} em {n} horas", en: "Every {n} hours" });
      break;
    case "DAILY": {
      if (r.byMonthDay || r.byMonth || r.bySetPos) return custom;
      const base = every({ pt: "Todos os dias", en: "Every day" }, { pt: "De {n} em {n} dias", en: "Every {n} days" });
      text = r.byDay ? `${base}, ${pt ? "" : "on "}${weekdayList(r.byDay.map((d) => d.day))}` : base;
      break;
    }
    case "WEEKLY": {
      if (r.byMonth || r.bySetPos) return custom;
      const days = r.byDay ? [...new Set(r.byDay.map((d) => d.day))].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)) : [local.wd];
      if (n === 1 && days.join() === "MO,TU,WE,TH,FR") text = pt ? "Todos os dias úteis" : "Every weekday";
      else text = `${every({ pt: "Todas as semanas", en: "Every week" }, { pt: "De {n} em {n} semanas", en: "Every {n} weeks" })} ${pt ? "" : "on "}${weekdayList(days)}`;
      break;
    }
    case "MONTHLY": {
      if (r.byMonth) return custom;
      const base = every({ pt: "Todos os meses", en: "Monthly" }, { pt: "De {n} em {n} meses", en: "Every {n} months" });
      let where: string | null = null;
      if (r.byDay && r.byDay.length === 1 && !r.byMonthDay) {
        const nth = r.byDay[0].n || (r.bySetPos ? r.bySetPos[0] : 0);
        if (nth === 0 || (r.byDay[0].n && r.bySetPos)) return custom;
        where = nthWeekday(nth, r.byDay[0].day);
      } else if (!r.byDay && !r.bySetPos) {
        const days = r.byMonthDay ?? [local.d];
        if (days.some((d) => d < -1)) return custom;
        const words = days.map((d) => (d === -1 ? (pt ? "último dia" : "the last day") : String(d)));
        where = pt
          ? days.length === 1 && days[0] === -1 ? "no último dia" : `no${days.length > 1 ? "s dias" : " dia"} ${joinList(words, w.and)}`
          : days.length === 1 && days[0] === -1 ? "on the last day" : `on day${days.length > 1 ? "s" : ""} ${joinList(words, w.and)}`;
      }
      if (!where) return custom;
      text = `${base} ${where}`;
      break;
    }
    case "YEARLY": {
      if (r.byDay || r.bySetPos || (r.byMonthDay && r.byMonthDay.length > 1) || (r.byMonthDay && r.byMonthDay[0] < 1)) return custom;
      const month = r.byMonth ? r.byMonth[0] : local.m;
      const day = r.byMonthDay ? r.byMonthDay[0] : local.d;
      const base = every({ pt: "Todos os anos", en: "Every year" }, { pt: "De {n} em {n} anos", en: "Every {n} years" });
      text = pt ? `${base} a ${day} de ${w.months[month - 1]}` : `${base} on ${w.months[month - 1]} ${day}`;
      break;
    }
  }
  if (!text) return custom;
  if (r.count !== undefined) text += pt ? `, ${r.count} ${r.count === 1 ? "vez" : "vezes"}` : r.count === 1 ? ", once" : `, ${r.count} times`;
  if (r.until) {
    const u = r.until;
    let [y, m, d] = [u.slice(0, 4), u.slice(4, 6), u.slice(6, 8)];
    if (u.length > 8 && timeZone) {
      // A UTC UNTIL is shown on the event's local date.
      const z = zdtAt(Date.parse(`${y}-${m}-${d}T${u.slice(9, 11)}:${u.slice(11, 13)}:${u.slice(13, 15)}Z`), timeZone);
      [y, m, d] = [String(z.year), String(z.month).padStart(2, "0"), String(z.day).padStart(2, "0")];
    }
    text += pt ? `, até ${d}/${m}/${y}` : `, until ${m}/${d}/${y}`;
  }
  return text;
}
