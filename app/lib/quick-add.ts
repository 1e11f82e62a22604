// Quick add: one sentence in pt-PT or en becomes a draft task/event the user confirms or edits.
//
// Design: the sentence is read by small rules, each of which removes the words it understood
// (recurrence, duration, dates, times); what is left is the title. chrono-node is only a
// fallback for absolute dates our rules do not cover ("March 3", "dec 25"), because its pt
// locale misses "15h", "dia 25", "próxima", "depois de amanhã", "daqui a 3 dias", and because it
// takes UTC offsets rather than IANA zones (chrono#580). Dates are therefore resolved here from
// the user's local wall clock, computed from the passed-in `now` and `timeZone`.
//
// Decisions (documented for the screens):
// - Periods of the day without an hour: "de manhã"/"morning" 09:00, "à tarde"/"afternoon" 15:00,
//   "à noite"/"evening"/"tonight" 20:00, "meio-dia"/"noon" 12:00, "meia-noite"/"midnight" 00:00.
//   With an hour ("às 3 da tarde", "8 à noite") the period only moves hours below 12 to the PM.
// - A weekday that is today ("sexta" said on a Friday) means today while its time is still ahead
//   (or when no time was given), otherwise the same weekday next week.
// - "próxima terça"/"next tuesday" means the first Tuesday after today (never today).
// - A time with no date means today if still ahead, otherwise tomorrow; "hoje" keeps today.
// - "dia 31" in a month without a 31st goes to the next month that has it (never clamped).
// - A day and month without a year ("2 de janeiro") is the next such date on or after today.
// - No date and no time: today, all day, with `dated: false` so a task can stay undated (an event
//   needs a day; a task given none would be overdue tomorrow).
// - "fim de semana"/"weekend" means the coming Saturday; "aos fins de semana"/"weekends" BYDAY=SA,SU.
// - English "at 6" with no am/pm is 06:00 (24-hour reading); the user confirms the draft.
// - Weeks start on Monday ("próxima semana" → Monday of next week).
// - Refusals: dates that do not exist ("30/2/2027", "dia 45"), hours past 23 ("25h"); empty text, text over 500 characters, a title over 200 characters, a title with
//   no letters or made only of connector words (e.g. the sentence was only a date), an invalid
//   time zone. Real gibberish made of letters cannot be told from a title and is kept.
import * as chrono from "chrono-node";
import { intlLocale } from "~/i18n/language";

export type QuickAddLanguage = "pt" | "en";

export interface QuickAddRecurrence {
  /** RFC 5545 RRULE value without the "RRULE:" prefix, e.g. "FREQ=WEEKLY;BYDAY=MO". */
  rrule: string;
  /** The words the user wrote for it, e.g. "todas as segundas". */
  text?: string;
}

export interface QuickAddDraft {
  title: string;
  /** Local date in the user's time zone, YYYY-MM-DD (first occurrence for a recurrence). */
  date: string;
  /** Local time HH:mm, or null for an all-day item. */
  time: string | null;
  /** Whether the sentence said a day or a time; without one `date` is today by default. */
  dated: boolean;
  durationMinutes: number | null;
  allDay: boolean;
  recurrence: QuickAddRecurrence | null;
}

export type QuickAddRefusal = "empty" | "too_long" | "title_too_long" | "no_title" | "invalid_time_zone" | "invalid_date" | "invalid_time";

export type QuickAddResult = { ok: true; draft: QuickAddDraft } | { ok: false; reason: QuickAddRefusal };

export interface QuickAddOptions {
  language: QuickAddLanguage;
  now: Date;
  timeZone: string;
}

export const QUICK_ADD_MAX_INPUT = 500;
export const QUICK_ADD_MAX_TITLE = 200;

type Weekday = "MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU";
const WEEKDAY_ORDER: Weekday[] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const WORKDAYS: Weekday[] = ["MO", "TU", "WE", "TH", "FR"];

// Letters/digits boundaries: \b does not know accented letters ("amanhã", "às").
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const re = (source: string) => new RegExp(B + source + E, "iu");

const PT_WEEKDAYS: Record<string, Weekday> = {
  segunda: "MO", terça: "TU", terca: "TU", quarta: "WE", quinta: "TH", sexta: "FR",
  sábado: "SA", sabado: "SA", domingo: "SU",
};
const EN_WEEKDAYS: Record<string, Weekday> = {
  monday: "MO", tuesday: "TU", wednesday: "WE", thursday: "TH", friday: "FR", saturday: "SA", sunday: "SU",
};
const PT_MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, março: 3, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8,
  setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
};
const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, dois: 2, duas: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8,
  nove: 9, dez: 10, quinze: 15, vinte: 20, trinta: 30,
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  fifteen: 15, twenty: 20, thirty: 30, other: 2,
};
const NUM = "(\\d{1,3}|" + Object.keys(NUMBER_WORDS).join("|") + ")";
const toNumber = (s: string) => (/^\d/.test(s) ? Number(s) : NUMBER_WORDS[s.toLowerCase()] ?? NaN);

const PT_WD_SINGULAR = "(segunda|ter[çc]a|quarta|quinta|sexta)(?:[-\\s]feira)?|(s[áa]bado|domingo)";
const PT_WD_PLURAL = "(?:segundas|ter[çc]as|quartas|quintas|sextas)(?:[-\\s]feiras)?|s[áa]bados|domingos";
const EN_WD = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const PT_MONTH = Object.keys(PT_MONTHS).join("|");

// Words that may follow a bare hour ("às 10 amanhã", "às 3 da tarde"); any other word means the
// number is not an hour ("comprar as 3 prendas").
const BARE_HOUR_NEXT = "(?:da|de|do|e|em|no|na|para|com|at[ée]|amanh[ãa]|hoje|depois|segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|todos|todas|por|durante|dia)(?![\\p{L}])";

type Period = "morning" | "afternoon" | "evening" | "noon" | "midnight";
const PERIOD_DEFAULT: Record<Period, [number, number]> = {
  morning: [9, 0], afternoon: [15, 0], evening: [20, 0], noon: [12, 0], midnight: [0, 0],
};
const periodOf = (word: string): Period => {
  const w = word.toLowerCase();
  if (w.startsWith("manh") || w.includes("morning")) return "morning";
  if (w.startsWith("tarde") || w.includes("afternoon")) return "afternoon";
  return "evening";
};

interface Civil { y: number; m: number; d: number }
const pad = (n: number) => String(n).padStart(2, "0");
const iso = (c: Civil) => `${c.y}-${pad(c.m)}-${pad(c.d)}`;
const fromUtc = (ms: number): Civil => {
  const dt = new Date(ms);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
};
const addDays = (c: Civil, n: number) => fromUtc(Date.UTC(c.y, c.m - 1, c.d + n));
const weekdayOf = (c: Civil): Weekday => WEEKDAY_ORDER[(new Date(Date.UTC(c.y, c.m - 1, c.d)).getUTCDay() + 6) % 7];
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const cmp = (a: Civil, b: Civil) => Date.UTC(a.y, a.m - 1, a.d) - Date.UTC(b.y, b.m - 1, b.d);

/** The user's local wall clock (date and minutes since midnight) at `now` in an IANA zone. */
export function localClock(now: Date, timeZone: string): { today: Civil; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { today: { y: get("year"), m: get("month"), d: get("day") }, minutes: (get("hour") % 24) * 60 + get("minute") };
}

/** Mutable sentence from which each rule removes the words it understood. */
class Sentence {
  constructor(public rest: string) {}
  take(pattern: RegExp): RegExpExecArray | null {
    const m = pattern.exec(this.rest);
    if (m) this.rest = this.rest.slice(0, m.index) + " " + this.rest.slice(m.index + m[0].length);
    return m;
  }
}

interface Parsed {
  recurrence: { freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY"; interval: number; byDay?: Weekday[]; text: string } | null;
  durationMinutes: number | null;
  hour: number | null;
  minute: number;
  period: Period | null;
  offsetDays: number | null; // "amanhã", "daqui a 3 dias"
  explicitToday: boolean;
  weekday: { day: Weekday; next: boolean } | null;
  nextWeek: boolean;
  dayOfMonth: number | null;
  month: number | null;
  year: number | null;
}

function parseDuration(s: Sentence, lang: QuickAddLanguage): number | null {
  if (lang === "pt") {
    const half = s.take(re("(?:por|durante)\\s+(?:uma\\s+)?(?:hora\\s+e\\s+meia|meia\\s+hora)"));
    if (half) return /hora\s+e\s+meia/i.test(half[0]) ? 90 : 30;
    const m = s.take(re(`(?:por|durante|dura[çc][ãa]o(?:\\s+de)?)\\s+${NUM}\\s*(h|horas?|min|mins|minutos?|m)(?:\\s*(?:e\\s+)?(meia|\\d{1,2})(?:\\s*(?:min|minutos?|m))?)?`));
    if (!m) return null;
    return toMinutes(toNumber(m[1]), m[2], m[3]);
  }
  const half = s.take(re("for\\s+(?:half\\s+an\\s+hour|an?\\s+hour\\s+and\\s+a\\s+half)"));
  if (half) return /half\s+an\s+hour/i.test(half[0]) ? 30 : 90;
  const m = s.take(re(`for\\s+${NUM}(?:\\.(\\d))?\\s*(h|hrs?|hours?|mins?|minutes?|m)(?:\\s*(?:and\\s+)?(\\d{1,2})\\s*(?:mins?|minutes?|m)?)?`));
  if (!m) return null;
  const whole = toNumber(m[1]) + (m[2] ? Number(m[2]) / 10 : 0);
  return toMinutes(whole, m[3], m[4]);
}

function toMinutes(amount: number, unit: string, extra?: string): number | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const hours = /^h/i.test(unit);
  let minutes = hours ? amount * 60 : amount;
  if (extra) minutes += extra.toLowerCase() === "meia" ? 30 : Number(extra);
  return Math.round(minutes);
}

function parseRecurrence(s: Sentence, lang: QuickAddLanguage): Parsed["recurrence"] {
  const mk = (freq: NonNullable<Parsed["recurrence"]>["freq"], m: RegExpExecArray, interval = 1, byDay?: Weekday[]) =>
    ({ freq, interval, byDay, text: m[0].trim() });
  if (lang === "pt") {
    let m = s.take(re("(?:(?:tod[oa]s\\s+os|em|nos|aos)\\s+)?dias\\s+[úu]teis|de\\s+segunda\\s+a\\s+sexta(?:[-\\s]feira)?"));
    if (m) return mk("WEEKLY", m, 1, WORKDAYS);
    m = s.take(re(`(?:(?:tod[oa]s\\s+(?:as|os)|[àa]s|aos|nas|nos)\\s+)?(?:${PT_WD_PLURAL})(?:\\s*(?:,|e)\\s*(?:(?:[àa]s|aos|nas|nos)\\s+)?(?:${PT_WD_PLURAL}))*`));
    if (m) return mk("WEEKLY", m, ptWeekInterval(s), weekdaysIn(m[0], PT_WEEKDAYS));
    m = s.take(re("(?:tod[oa]s\\s+os\\s+|aos\\s+|nos\\s+)?fins[-\\s]de[-\\s]semana"));
    if (m) return mk("WEEKLY", m, 1, ["SA", "SU"]);
    m = s.take(re(`(?:de\\s+(\\d{1,3})\\s+em\\s+\\d{1,3}|a\\s+cada\\s+${NUM}?)\\s*(dias?|semanas?|m[eê]s(?:es)?|anos?)`));
    if (m) return mk(unitFreq(m[3]), m, toNumber(m[1] ?? m[2] ?? "1") || 1);
    m = s.take(re("quinzenalmente"));
    if (m) return mk("WEEKLY", m, 2);
    m = s.take(re("tod[oa]s?\\s+(?:os\\s+|o\\s+)?dias?\\s+(\\d{1,2})(?!\\s*(?:h|:|\\d))"));
    if (m) { s.rest = ` dia ${m[1]} ${s.rest}`; return mk("MONTHLY", m); }
    m = s.take(re("tod[oa]s\\s+os\\s+dias|todo\\s+(?:o\\s+)?dia|diariamente"));
    if (m) return mk("DAILY", m);
    m = s.take(re("todas\\s+as\\s+semanas|toda\\s+(?:a\\s+)?semana|semanalmente|uma\\s+vez\\s+por\\s+semana"));
    if (m) return mk("WEEKLY", m);
    m = s.take(re("(?:de\\s+|em\\s+)?cada\\s+m[eê]s|todos\\s+os\\s+meses|todo\\s+(?:o\\s+)?m[eê]s|mensalmente|uma\\s+vez\\s+por\\s+m[eê]s"));
    if (m) return mk("MONTHLY", m);
    m = s.take(re("(?:de\\s+)?cada\\s+ano|todos\\s+os\\s+anos|todo\\s+(?:o\\s+)?ano|anualmente"));
    if (m) return mk("YEARLY", m);
    return null;
  }
  let m = s.take(re("every\\s+weekday|(?:on\\s+)?weekdays|monday\\s+(?:to|through|-)\\s+friday"));
  if (m) return mk("WEEKLY", m, 1, WORKDAYS);
  m = s.take(re(`(?:every\\s+(?:${EN_WD})|(?:on\\s+)?(?:${EN_WD})s)(?:\\s*(?:,|and|&)\\s*(?:(?:every|on)\\s+)?(?:${EN_WD})s?)*`));
  if (m) return mk("WEEKLY", m, enWeekInterval(s), weekdaysIn(m[0], EN_WEEKDAYS));
  m = s.take(re("(?:every|on)\\s+weekends?|weekends"));
  if (m) return mk("WEEKLY", m, 1, ["SA", "SU"]);
  m = s.take(re(`every\\s+${NUM}\\s+(days?|weeks?|months?|years?)`));
  if (m) return mk(unitFreq(m[2]), m, toNumber(m[1]) || 1);
  m = s.take(re("fortnightly|biweekly"));
  if (m) return mk("WEEKLY", m, 2);
  m = s.take(re("every\\s+day|each\\s+day|daily"));
  if (m) return mk("DAILY", m);
  m = s.take(re("every\\s+week|each\\s+week|weekly"));
  if (m) return mk("WEEKLY", m);
  m = s.take(re("(?:of\\s+)?(?:every|each)\\s+month|monthly"));
  if (m) return mk("MONTHLY", m);
  m = s.take(re("(?:of\\s+)?(?:every|each)\\s+year|yearly|annually"));
  if (m) return mk("YEARLY", m);
  return null;
}

/** "às quartas, quinzenalmente": an interval said beside the weekdays. */
function ptWeekInterval(s: Sentence): number {
  const m = s.take(re(`quinzenalmente|de\\s+(\\d{1,2})\\s+em\\s+\\d{1,2}\\s+semanas|a\\s+cada\\s+${NUM}\\s+semanas`));
  if (!m) return 1;
  return m[1] || m[2] ? toNumber(m[1] ?? m[2]) || 1 : 2;
}

function enWeekInterval(s: Sentence): number {
  const m = s.take(re(`fortnightly|biweekly|every\\s+${NUM}\\s+weeks`));
  if (!m) return 1;
  return m[1] ? toNumber(m[1]) || 1 : 2;
}

function unitFreq(unit: string): "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" {
  const u = unit.toLowerCase();
  if (u.startsWith("d")) return "DAILY";
  if (u.startsWith("s") || u.startsWith("w")) return "WEEKLY";
  if (u.startsWith("m")) return "MONTHLY";
  return "YEARLY";
}

function weekdaysIn(text: string, names: Record<string, Weekday>): Weekday[] {
  const found = new Set<Weekday>();
  for (const [name, day] of Object.entries(names)) if (text.toLowerCase().includes(name)) found.add(day);
  return WEEKDAY_ORDER.filter((d) => found.has(d));
}

function parseTime(s: Sentence, p: Parsed, lang: QuickAddLanguage) {
  const set = (h: number, min: number) => { p.hour = h; p.minute = min; };
  if (lang === "pt") {
    // Range "das 15h às 16h30": start time plus a duration.
    const r = s.take(re("(?:d[ae]s?\\s+|entre\\s+as\\s+)?(\\d{1,2})(?:h(\\d{2})?|:(\\d{2}))\\s*(?:-|–|às|as|até\\s+[àa]s|e\\s+as)\\s*(\\d{1,2})(?:h(\\d{2})?|:(\\d{2}))"));
    if (r) {
      const start = Number(r[1]) * 60 + Number(r[2] ?? r[3] ?? 0);
      const end = Number(r[4]) * 60 + Number(r[5] ?? r[6] ?? 0);
      set(Number(r[1]), Number(r[2] ?? r[3] ?? 0));
      if (end > start && p.durationMinutes === null) p.durationMinutes = end - start;
    }
    const suffix = "(?:\\s+(?:da|de|à|a)\\s+(manh[ãa]|tarde|noite))?";
    const m = r ? null : s.take(re(`(?:(?:[àa]s?|pelas?|por\\s+volta\\s+das?)\\s+)?(\\d{1,2})(?:h(?:oras?)?\\s*(\\d{2})?(?:m(?:in)?)?|:(\\d{2}))${suffix}`));
    if (m) { set(Number(m[1]), Number(m[2] ?? m[3] ?? 0)); if (m[4]) p.period = periodOf(m[4]); }
    const bare = r || m ? null : s.take(re(`(?:(?:[àa]s|pelas|à)\\s+(\\d{1,2})|à\\s+(uma))(?:\\s+horas?)?(?![\\d:])${suffix}(?=\\s*(?:$|[,.;:!?)]|${BARE_HOUR_NEXT}))`));
    if (bare) { set(bare[2] ? 1 : Number(bare[1]), 0); if (bare[3]) p.period = periodOf(bare[3]); }
    const noon = s.take(re("(?:(?:ao|[àa]o?|para\\s+o)\\s+)?meio[-\\s]dia(\\s+e\\s+meia)?"));
    if (noon && p.hour === null) { set(12, noon[1] ? 30 : 0); }
    const midnight = s.take(re("(?:(?:[àa]|para\\s+a)\\s+)?meia[-\\s]noite"));
    if (midnight && p.hour === null) set(0, 0);
    const period = s.take(re("(?:(?:de|à|a|pela|da|ao\\s+fim\\s+da)\\s+)?(manh[ãa]|tarde|noite)"));
    if (period) p.period = periodOf(period[1]);
    return;
  }
  const r = s.take(re("(?:from\\s+|between\\s+)?(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)?\\s*(?:-|–|to|until|and)\\s*(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)"));
  if (r) {
    const endH = to24(Number(r[4]), r[6]);
    const startH = to24(Number(r[1]), r[3] ?? r[6]);
    set(startH, Number(r[2] ?? 0));
    const start = startH * 60 + Number(r[2] ?? 0), end = endH * 60 + Number(r[5] ?? 0);
    if (end > start && p.durationMinutes === null) p.durationMinutes = end - start;
  }
  const m = r ? null : s.take(re("(?:(?:at|@|around|by)\\s*)?(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)"));
  if (m) set(to24(Number(m[1]), m[3]), Number(m[2] ?? 0));
  const h24 = r || m ? null : s.take(re("(?:(?:at|@|around|by)\\s*)?(\\d{1,2}):(\\d{2})"));
  if (h24) set(Number(h24[1]), Number(h24[2]));
  const bare = r || m || h24 ? null : s.take(re("(?:at|@)\\s*(\\d{1,2})(?![\\d:])"));
  if (bare) set(Number(bare[1]), 0);
  const noon = s.take(re("(?:at\\s+)?(?:noon|midday)"));
  if (noon && p.hour === null) set(12, 0);
  const midnight = s.take(re("(?:at\\s+)?midnight"));
  if (midnight && p.hour === null) set(0, 0);
  const tonight = s.take(re("tonight"));
  if (tonight) { p.period = "evening"; p.offsetDays ??= 0; p.explicitToday = true; }
  const period = s.take(re("(?:(?:in\\s+the|this)\\s+)?(morning|afternoon|evening)"));
  if (period) p.period = periodOf(period[1]);
}

const to24 = (h: number, meridiem?: string) => {
  if (!meridiem) return h;
  const pm = meridiem.toLowerCase().startsWith("p");
  return (h % 12) + (pm ? 12 : 0);
};

function parseDate(s: Sentence, p: Parsed, lang: QuickAddLanguage) {
  if (lang === "pt") {
    if (s.take(re("(?:(?:para|até)\\s+)?depois\\s+d(?:e\\s+|')amanh[ãa]"))) p.offsetDays = 2;
    else if (s.take(re("(?:(?:para|até)\\s+)?amanh[ãa]"))) p.offsetDays = 1;
    else if (s.take(re("(?:(?:para|até)\\s+)?hoje"))) { p.offsetDays = 0; p.explicitToday = true; }
    const rel = s.take(re(`(?:daqui\\s+a|dentro\\s+de|em)\\s+${NUM}\\s+(dias?|semanas?)`));
    if (rel) p.offsetDays = toNumber(rel[1]) * (/^s/i.test(rel[2]) ? 7 : 1);
    if (s.take(re("(?:(?:na|para\\s+a)\\s+)?pr[óo]xima\\s+semana|para\\s+a\\s+semana"))) p.nextWeek = true;
    if (s.take(re("(?:(?:n?o|este|neste|para\\s+o)\\s+)?fim[-\\s]de[-\\s]semana"))) p.weekday = { day: "SA", next: false };
    const wd = s.take(re(`(?:(?:n[ao]|[àa]|ao|para\\s+(?:a|o)|at[ée]\\s+(?:[àa]|ao))\\s+)?(?:(pr[óo]xim[ao]|est[ae]|nest[ae])\\s+)?(?:${PT_WD_SINGULAR})`));
    if (wd && !p.weekday) p.weekday = { day: PT_WEEKDAYS[(wd[2] ?? wd[3]).toLowerCase()], next: !!wd[1] && /^pr/i.test(wd[1]) };
    const full = s.take(re(`(?:(?:no|a|em|para|até)\\s+)?(?:(?:o\\s+)?dia\\s+)?(\\d{1,2})\\s+de\\s+(${PT_MONTH})(?:\\s+de\\s+(\\d{4}))?`));
    if (full) { p.dayOfMonth = Number(full[1]); p.month = PT_MONTHS[full[2].toLowerCase()]; p.year = full[3] ? Number(full[3]) : null; return; }
    const numeric = s.take(re("(?:(?:no|a|em|para|até)\\s+)?(?:(?:o\\s+)?dia\\s+)?(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?"));
    if (numeric) {
      p.dayOfMonth = Number(numeric[1]); p.month = Number(numeric[2]);
      p.year = numeric[3] ? Number(numeric[3].length === 2 ? "20" + numeric[3] : numeric[3]) : null;
      return;
    }
    const day = s.take(re("(?:(?:no|ao|para\\s+o|at[ée]\\s+(?:ao|o)|em)\\s+)?dia\\s+(\\d{1,2})(?!\\s*(?:h|:|\\d))"));
    if (day) p.dayOfMonth = Number(day[1]);
    return;
  }
  if (s.take(re("(?:the\\s+)?day\\s+after\\s+tomorrow"))) p.offsetDays = 2;
  else if (s.take(re("(?:by\\s+)?tomorrow"))) p.offsetDays = 1;
  else if (s.take(re("(?:by\\s+)?today"))) { p.offsetDays = 0; p.explicitToday = true; }
  const rel = s.take(re(`in\\s+${NUM}\\s+(days?|weeks?)`));
  if (rel) p.offsetDays = toNumber(rel[1]) * (/^w/i.test(rel[2]) ? 7 : 1);
  if (s.take(re("next\\s+week"))) p.nextWeek = true;
  if (s.take(re("(?:(?:on\\s+the|this|at\\s+the)\\s+)?weekend"))) p.weekday = { day: "SA", next: false };
  const wd = s.take(re(`(?:(?:on|by|this|next)\\s+)*(${EN_WD})`));
  if (wd && !p.weekday) p.weekday = { day: EN_WEEKDAYS[wd[1].toLowerCase()], next: /next/i.test(wd[0]) };
  const day = s.take(re("(?:on\\s+)?the\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\s+of\\s+\\p{L})"));
  if (day) p.dayOfMonth = Number(day[1]);
}

/** Absolute dates our rules do not cover ("March 3", "dec 25"), read by chrono in a UTC frame of the local wall clock. */
function chronoFallback(s: Sentence, p: Parsed, lang: QuickAddLanguage, today: Civil, minutes: number) {
  if (p.offsetDays !== null || p.weekday || p.dayOfMonth !== null || p.nextWeek) return;
  const instant = new Date(Date.UTC(today.y, today.m - 1, today.d, Math.floor(minutes / 60), minutes % 60));
  const parser = lang === "pt" ? chrono.pt : chrono.en;
  const found = parser.parse(s.rest, { instant, timezone: 0 }, { forwardDate: true })
    .find((r) => r.start.isCertain("day") && r.start.isCertain("month"));
  if (!found) return;
  s.rest = s.rest.slice(0, found.index) + " " + s.rest.slice(found.index + found.text.length);
  p.dayOfMonth = found.start.get("day") ?? null;
  p.month = found.start.get("month") ?? null;
  p.year = found.start.isCertain("year") ? found.start.get("year") ?? null : null;
  if (found.start.isCertain("hour") && p.hour === null) { p.hour = found.start.get("hour") ?? 0; p.minute = found.start.get("minute") ?? 0; }
}

// Connector words left at the edges once dates and times are gone ("para", "de", "at"...).
const EDGE_WORDS_PT = ["para", "de", "do", "da", "no", "na", "em", "e", "às", "as", "à", "a", "ao", "até", "pelas", "com", "por"];
const EDGE_WORDS_EN = ["on", "at", "by", "for", "to", "the", "and", "in", "from", "of"];

function tidyTitle(rest: string, lang: QuickAddLanguage): string {
  let words = rest.replace(/[\s,;]+/g, " ").trim().split(" ").filter(Boolean);
  const edges = new Set(lang === "pt" ? EDGE_WORDS_PT : EDGE_WORDS_EN);
  // "com" and "to" only make sense inside a title; drop them only at the end.
  const leading = new Set([...edges].filter((w) => w !== "com" && w !== "to" && w !== "and" || lang === "en" && w === "and"));
  while (words.length && leading.has(words[0].toLowerCase())) words = words.slice(1);
  while (words.length && edges.has(words[words.length - 1].toLowerCase())) words = words.slice(0, -1);
  const title = words.join(" ").replace(/^[\s\-–:,.]+|[\s\-–:,]+$/g, "");
  return title.charAt(0).toLocaleUpperCase(intlLocale(lang)) + title.slice(1);
}

/** Parse one quick-add sentence (pt-PT or en) into a draft, resolved in the user's IANA time zone. */
export function parseQuickAdd(text: string, options: QuickAddOptions): QuickAddResult {
  const { language: lang, now, timeZone } = options;
  const input = (text ?? "").trim();
  if (!input) return { ok: false, reason: "empty" };
  if (input.length > QUICK_ADD_MAX_INPUT) return { ok: false, reason: "too_long" };
  let clock: ReturnType<typeof localClock>;
  try {
    clock = localClock(now, timeZone);
  } catch {
    return { ok: false, reason: "invalid_time_zone" };
  }
  const { today, minutes: nowMinutes } = clock;

  const s = new Sentence(` ${input} `);
  const p: Parsed = {
    recurrence: null, durationMinutes: null, hour: null, minute: 0, period: null, offsetDays: null,
    explicitToday: false, weekday: null, nextWeek: false, dayOfMonth: null, month: null, year: null,
  };
  // Order matters: durations ("durante 1h") and recurrences ("todos os dias") before times and dates.
  p.durationMinutes = parseDuration(s, lang);
  p.recurrence = parseRecurrence(s, lang);
  parseDate(s, p, lang);
  parseTime(s, p, lang);
  chronoFallback(s, p, lang, today, nowMinutes);

  // Time of day: an explicit hour wins; a period moves a morning hour to the afternoon/evening.
  let time: [number, number] | null = null;
  if (p.hour !== null) {
    let h = p.hour;
    if (p.period && (p.period === "afternoon" || p.period === "evening") && h < 12) h += 12;
    if (h <= 23 && p.minute <= 59) time = [h, p.minute];
  } else if (p.period) time = PERIOD_DEFAULT[p.period];
  const timeMinutes = time ? time[0] * 60 + time[1] : null;
  // Today still counts when no time was given, or the time is still ahead.
  const todayOk = timeMinutes === null || timeMinutes > nowMinutes;

  const title = tidyTitle(s.rest, lang);
  if (!/\p{L}/u.test(title)) return { ok: false, reason: "no_title" };
  if (title.length > QUICK_ADD_MAX_TITLE) return { ok: false, reason: "title_too_long" };

  // Dates that do not exist ("dia 45", "30/2/2027", "31 de abril") and hours like "25h" are refused, not guessed.
  if (p.dayOfMonth !== null && (p.dayOfMonth < 1 || p.dayOfMonth > 31)) return { ok: false, reason: "invalid_date" };
  if (p.month !== null && (p.month < 1 || p.month > 12)) return { ok: false, reason: "invalid_date" };
  if (p.month !== null && p.dayOfMonth !== null && p.dayOfMonth > daysInMonth(p.year ?? 2028, p.month)) return { ok: false, reason: "invalid_date" };
  if (p.hour !== null && time === null) return { ok: false, reason: "invalid_time" };
  const date = resolveDate(p, today, todayOk);
  let rrule: string | null = null;
  if (p.recurrence) {
    const r = p.recurrence;
    const parts = [`FREQ=${r.freq}`];
    if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
    const byDay = r.byDay ?? (r.freq === "WEEKLY" && p.weekday ? [p.weekday.day] : undefined);
    if (byDay?.length) parts.push(`BYDAY=${byDay.join(",")}`);
    if (r.freq === "MONTHLY" && p.dayOfMonth !== null && p.month === null) parts.push(`BYMONTHDAY=${p.dayOfMonth}`);
    rrule = parts.join(";");
  }
  return {
    ok: true,
    draft: {
      title,
      date: iso(date),
      time: time ? `${pad(time[0])}:${pad(time[1])}` : null,
      dated: time !== null || p.offsetDays !== null || p.weekday !== null || p.nextWeek || p.dayOfMonth !== null || p.month !== null,
      durationMinutes: p.durationMinutes,
      allDay: time === null,
      recurrence: rrule ? { rrule, text: p.recurrence!.text } : null,
    },
  };
}

function resolveDate(p: Parsed, today: Civil, todayOk: boolean): Civil {
  const firstFrom = (start: Civil, matches: (c: Civil) => boolean): Civil => {
    for (let i = 0; i < 366 * 2; i++) {
      const c = addDays(start, i);
      if (c.y === today.y && c.m === today.m && c.d === today.d && !todayOk) continue;
      if (matches(c)) return c;
    }
    return start;
  };
  const days = p.recurrence?.byDay;
  if (days?.length) return firstFrom(today, (c) => days.includes(weekdayOf(c)));
  if (p.month !== null && p.dayOfMonth !== null) {
    const month = p.month, day = p.dayOfMonth;
    if (p.year !== null) return { y: p.year, m: month, d: day };
    // Next such date on or after today ("2 de janeiro" said in December → next year); 29 Feb waits for a leap year.
    return firstFrom(today, (c) => c.m === month && c.d === day);
  }
  if (p.dayOfMonth !== null) {
    const day = p.dayOfMonth;
    return firstFrom(today, (c) => c.d === day);
  }
  if (p.offsetDays !== null) return addDays(today, p.offsetDays);
  if (p.weekday) {
    const wd = p.weekday.day;
    if (p.weekday.next) return firstFrom(addDays(today, 1), (c) => weekdayOf(c) === wd);
    if (p.nextWeek) {
      const monday = addDays(today, 7 - WEEKDAY_ORDER.indexOf(weekdayOf(today)));
      return addDays(monday, WEEKDAY_ORDER.indexOf(wd));
    }
    return firstFrom(today, (c) => weekdayOf(c) === wd);
  }
  if (p.nextWeek) return addDays(today, 7 - WEEKDAY_ORDER.indexOf(weekdayOf(today)));
  // Only a time (or nothing): today while ahead, else tomorrow; "hoje" keeps today.
  if (p.explicitToday || todayOk) return today;
  return addDays(today, 1);
}
