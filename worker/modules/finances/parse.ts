/**
 * Entry by sentence: reads "café 2,50", "gastei 45,90 no Continente", "recebi salário 1.500€ dia 25"
 * or "spent 12.50 on lunch" (pt-PT, pt-BR, en) into a draft the user confirms. Pure and deterministic,
 * so the same sentence gives the same draft in the API and in tests.
 *
 * The reader first takes out what is not money (dates, times of day), so "reunião às 10" or
 * "amanhã às 15h" never become an amount; a sentence left with no amount is refused, never guessed
 * (docs/decisions/0026-finances-sentence-reader.md).
 */
import { cutText } from "../../lib/cut-text";
import { categoryFromWords, defaultCategoryLabel, fold } from "./categories";

export type TransactionDraft = {
  type: "income" | "expense";
  amountCents: number;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  /** A default category key or the id of one of the user's own categories (from history). */
  category: string;
};

export type ParseRefusal = "empty" | "no_amount" | "invalid_amount" | "invalid_date";
export type ParseResult = { ok: true; draft: TransactionDraft } | { ok: false; reason: ParseRefusal };

/** One of the user's past transactions, to guess the category the way they file things. */
export type HistoryEntry = { description: string; category: string };

export type ParseOptions = {
  /** The user's local date, YYYY-MM-DD: relative dates ("ontem", "dia 25") count from it. */
  today: string;
  language?: "pt" | "en";
  history?: readonly HistoryEntry[];
};

/** Amounts above this (10 million euros) are refused as absurd, like the API refuses them. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/**
 * The longest description a transaction keeps, in UTF-16 units as the API's check counts them: what
 * the sentence reader and the bank import make must be editable as it is (a re-filed imported row).
 */
export const MAX_DESCRIPTION_CHARS = 200;

/** `text` cut to MAX_DESCRIPTION_CHARS, never through the middle of a character (an emoji). */
export const fitDescription = (text: string) => cutText(text, MAX_DESCRIPTION_CHARS).trimEnd();

const MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};
/** Short month names, read only right after a day number ("3 nov", "3 de out"), where they cannot be ordinary words. */
const SHORT_MONTHS: Record<string, number> = {
  jan: 1, fev: 2, feb: 2, mar: 3, abr: 4, apr: 4, mai: 5, jun: 6, jul: 7, ago: 8, aug: 8, set: 9, sep: 9, sept: 9, out: 10, oct: 10, nov: 11, dez: 12, dec: 12,
};
/** Weekday names (folded) to their index, Monday = 0. */
const WEEKDAYS: Record<string, number> = {
  segunda: 0, terca: 1, quarta: 2, quinta: 3, sexta: 4, sabado: 5, domingo: 6,
  monday: 0, tuesday: 1, wednesday: 2, thursday: 3, friday: 4, saturday: 5, sunday: 6,
};

const INCOME_WORDS = [
  "recebi", "recebido", "recebida", "receber", "recebemos", "recebeu", "ganhei", "salario", "ordenado", "vencimento", "reembolso",
  "reembolsado", "reembolsaram", "devolucao", "devolveram", "vendi", "venda", "bonus", "premio", "mesada", "entrou", "pagaram-me",
  "pagaram me", "received", "receive", "refund", "refunded", "salary", "paycheck", "earned", "income", "sold", "got paid", "cashback",
  "reimbursement", "reimbursed", "pix recebido",
];

/** Verbs and fillers that say how, not what: dropped from the description. */
const FILLER_WORDS = new Set([
  "gastei", "gasto", "gastamos", "paguei", "pago", "pagamos", "comprei", "compramos", "despesa", "recebi", "recebemos", "ganhei",
  "spent", "spend", "paid", "pay", "bought", "buy", "received", "got", "earned", "i", "eu", "we", "nos", "foi", "foram", "custou",
  "cost", "costs", "valor", "total", "mais", "hoje", "today",
]);
/** Little words that only glue a sentence together; trimmed from the ends of a description. */
const GLUE_WORDS = new Set([
  "no", "na", "nos", "nas", "num", "numa", "em", "de", "do", "da", "dos", "das", "para", "pra", "pro", "com", "ao", "aos", "a", "o", "os",
  "as", "e", "por", "pelo", "pela", "um", "uma", "on", "at", "for", "in", "the", "an", "of", "from", "to", "with", "and", "my", "meu",
  "minha", "euros", "euro", "eur", "reais", "real", "-", ",", ".", ":", "!", "?",
]);

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on YYYY-MM-DD strings (UTC dates, so no time zone can shift a day).

const pad = (n: number) => String(n).padStart(2, "0");
const toIso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const fromIso = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: string, days: number) => {
  const d = fromIso(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
};
/** The date, or undefined when it does not exist (30 February, month 13). */
export function validDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 ? toIso(d) : undefined;
}
/** Monday = 0. */
const weekdayOf = (iso: string) => (fromIso(iso).getUTCDay() + 6) % 7;

/** The most recent day `day` of a month on or before `today` (skipping months without that day). */
function lastDayOfMonthNumbered(today: string, day: number): string | undefined {
  let [year, month] = today.split("-").map(Number);
  for (let i = 0; i < 13; i++) {
    const candidate = validDate(year, month, day);
    if (candidate && candidate <= today) return candidate;
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return undefined;
}

/** A day and month without a year: this year's, or last year's if this year's is still ahead. */
function dayMonthWithoutYear(today: string, day: number, month: number): string | undefined | null {
  const year = Number(today.slice(0, 4));
  const thisYear = validDate(year, month, day);
  if (!thisYear) return validDate(2024, month, day) ? validDate(year - 1, month, day) ?? null : null;
  return thisYear <= today ? thisYear : validDate(year - 1, month, day) ?? null;
}

// ---------------------------------------------------------------------------------------------

type Amount = { cents: number; score: number; start: number; end: number };

/** "1.500,50" / "1,500.50" / "12,5" / "12.30" / "1.500" into cents (two decimals at most). */
function numberToCents(raw: string): number {
  const text = raw.replace(/[\u00a0\u202f' ]/g, "");
  const lastComma = text.lastIndexOf(",");
  const lastPoint = text.lastIndexOf(".");
  let integer = text;
  let fraction = "";
  const decimalAt = Math.max(lastComma, lastPoint);
  if (decimalAt >= 0) {
    const after = text.slice(decimalAt + 1);
    const separator = text[decimalAt];
    const occurrences = text.split(separator).length - 1;
    const bothKinds = lastComma >= 0 && lastPoint >= 0;
    // One separator followed by 1–2 digits is a decimal mark; three digits (or repeated) group thousands.
    if (bothKinds || (occurrences === 1 && after.length <= 2)) {
      integer = text.slice(0, decimalAt);
      fraction = after;
    }
  }
  const whole = Number(integer.replace(/[.,]/g, "") || "0");
  return whole * 100 + Number(fraction.padEnd(2, "0") || "0");
}

const CURRENCY = String.raw`(?:€|eur(?:os?)?\b|reais\b|real\b|r\$|brl\b)`;
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\d.,])(?<pre>${CURRENCY}\s*)?(?<num>\d{1,3}(?: \d{3})+[.,]\d{2}|\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s*(?<mult>k\b|mil\b|thousand\b))?(?<post>\s*(?:${CURRENCY}|c[eê]ntimos\b|centavos\b|cents?\b))?(?![\p{L}\d])`,
  "gu",
);
/** "mil euros" with no number: a thousand. */
const BARE_THOUSAND = new RegExp(String.raw`(?<![\p{L}\d])mil(?=\s*${CURRENCY})`, "gu");

/** Times of day, which look like numbers but are never money. */
const TIMES = [
  /(?<![\p{L}\d])(?:as|pelas|ate as|das|at|around|by)\s+\d{1,2}(?:[:h.]\d{2})?\s*(?:h\b|horas\b|hrs?\b|am\b|pm\b|o'clock\b)?(?!\s*(?:€|eur|euros?\b|reais\b|k\b|mil\b))/gu,
  /(?<![\p{L}\d])\d{1,2}h(?:\d{2})?(?:m(?:in)?)?(?![\p{L}\d])/gu,
  /(?<![\p{L}\d])\d{1,2}:\d{2}(?::\d{2})?(?![\p{L}\d])/gu,
  /(?<![\p{L}\d])\d{1,2}\s*(?:am|pm|horas|hrs?)(?![\p{L}\d])/gu,
];

export function parseTransaction(text: string, options: ParseOptions): ParseResult {
  const original = text.normalize("NFC").replace(/\s+/g, " ").trim().slice(0, 500);
  if (!original) return { ok: false, reason: "empty" };
  // Folded char by char, so a position in `folded` is the same position in `original`.
  const folded = Array.from(original, (ch) => {
    const f = fold(ch);
    return f.length === ch.length ? f : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  }).join("");
  const masked = folded.split("");
  const taken = new Array<boolean>(original.length).fill(false);
  const current = () => masked.join("");
  const take = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      masked[i] = " ";
      taken[i] = true;
    }
  };
  const scan = (pattern: RegExp, handle: (m: RegExpExecArray) => boolean) => {
    for (const m of [...current().matchAll(pattern)]) if (handle(m)) take(m.index!, m.index! + m[0].length);
  };

  const { today } = options;
  let date: string | undefined;
  let badDate = false;
  const setDate = (value: string | undefined | null) => {
    if (value) date ??= value;
    else badDate = true;
    return true;
  };

  // Dates, most specific first.
  scan(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (m) => setDate(validDate(+m[1], +m[2], +m[3])));
  scan(/(?<![\d.,])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d.,])/g, (m) => {
    const year = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return setDate(validDate(year, +m[2], +m[1]) ?? (options.language === "en" ? validDate(year, +m[1], +m[2]) : undefined));
  });
  scan(/(?<![\d.,])(\d{1,2})\/(\d{1,2})(?![\d.,/])/g, (m) => setDate(dayMonthWithoutYear(today, +m[1], +m[2]) ?? dayMonthWithoutYear(today, +m[2], +m[1])));
  const monthNames = Object.keys(MONTHS).join("|");
  const shortNames = Object.keys(SHORT_MONTHS).join("|");
  scan(
    new RegExp(String.raw`(?:(?<![\p{L}])(?:no|na|em|a|on|the)\s+)?(?:dia\s+)?(?<![\d.,])([12]\d|3[01]|0?[1-9])(?:º|o|st|nd|rd|th)?\s+(?:de\s+|of\s+)?(${monthNames}|${shortNames})\.?(?![\p{L}])(?:,?\s+(?:de\s+)?(\d{4}))?`, "gu"),
    (m) => {
      const month = MONTHS[m[2]] ?? SHORT_MONTHS[m[2]];
      return setDate(m[3] ? validDate(+m[3], month, +m[1]) : dayMonthWithoutYear(today, +m[1], month));
    },
  );
  scan(new RegExp(String.raw`(?:(?<![\p{L}])on\s+)?(?<![\p{L}])(${monthNames})\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d.,]\d)(?!\s*(?:€|eur|euros?))(?:,?\s+(\d{4}))?`, "gu"), (m) => {
    const month = MONTHS[m[1]];
    return setDate(m[3] ? validDate(+m[3], month, +m[2]) : dayMonthWithoutYear(today, +m[2], month));
  });
  scan(/(?:(?<![\p{L}])(?:no|em|a|o)\s+)?(?<![\p{L}])dia\s+(\d{1,2})(?![\d.,]\d)(?![\p{L}\d])/gu, (m) => setDate(lastDayOfMonthNumbered(today, +m[1])));
  scan(/(?<![\p{L}])on\s+the\s+(\d{1,2})(?:st|nd|rd|th)?(?![\p{L}\d])/gu, (m) => setDate(lastDayOfMonthNumbered(today, +m[1])));
  scan(/(?<![\p{L}])(?:anteontem|antes de ontem|antes d'ontem|the day before yesterday|day before yesterday)(?![\p{L}])/gu, () => setDate(addDays(today, -2)));
  scan(/(?<![\p{L}])(?:ontem|yesterday)(?![\p{L}])/gu, () => setDate(addDays(today, -1)));
  scan(/(?<![\p{L}])(?:amanha|tomorrow)(?![\p{L}])/gu, () => setDate(addDays(today, 1)));
  scan(/(?<![\p{L}])(?:hoje|today)(?![\p{L}])/gu, () => setDate(today));
  // A weekday means its last occurrence (today included): "supermercado 43,27 no sábado".
  scan(
    new RegExp(String.raw`(?:(?<![\p{L}])(?:no|na|nesta|neste|esta|este|last|on|this)\s+)?(?<![\p{L}])(${Object.keys(WEEKDAYS).join("|")})(?:[- ]feira)?(?:\s+(?:passad[oa]|last))?(?![\p{L}])`, "gu"),
    (m) => setDate(addDays(today, -((weekdayOf(today) - WEEKDAYS[m[1]] + 7) % 7))),
  );
  for (const pattern of TIMES) scan(pattern, () => true);

  // Amounts in what is left; a currency sign or "k/mil" marks the money when there are several numbers.
  const amounts: Amount[] = [];
  for (const m of current().matchAll(AMOUNT)) {
    const g = m.groups!;
    const post = g.post?.trim() ?? "";
    const isCents = /^(?:c[eê]ntimos|centavos|cents?)$/.test(post);
    let cents = isCents ? Number(g.num.replace(/\D/g, "")) : numberToCents(g.num);
    if (g.mult) cents *= 1000;
    const score = (g.pre || post ? 4 : 0) + (g.mult ? 3 : 0) + (/[.,]\d{1,2}$/.test(g.num) ? 2 : 0);
    amounts.push({ cents, score, start: m.index!, end: m.index! + m[0].length });
  }
  for (const m of current().matchAll(BARE_THOUSAND)) amounts.push({ cents: 100_000, score: 5, start: m.index!, end: m.index! + m[0].length });
  if (!amounts.length) return { ok: false, reason: badDate ? "invalid_date" : "no_amount" };
  // Ties go to the last number: "2 cafés 3" is three euros for two coffees.
  const amount = amounts.reduce((best, a) => (a.score >= best.score ? a : best));
  if (badDate) return { ok: false, reason: "invalid_date" };
  if (!Number.isSafeInteger(amount.cents) || amount.cents <= 0 || amount.cents > MAX_AMOUNT_CENTS) return { ok: false, reason: "invalid_amount" };
  take(amount.start, amount.end);
  // A currency word left beside the amount ("20 euros" split by a time, "EUR") is not a description either.
  scan(new RegExp(CURRENCY, "gu"), () => true);

  const description = describe(original, taken);
  const foldedAll = fold(original);
  let type: TransactionDraft["type"] = INCOME_WORDS.some((w) => new RegExp(String.raw`(?<![\p{L}])${w}(?![\p{L}])`, "u").test(foldedAll)) ? "income" : "expense";
  const category = categoryFromHistory(description, options.history ?? []) ?? categoryFromWords(description) ?? categoryFromWords(original) ?? "other";
  if (category === "salary") type = "income";
  const label = defaultCategoryLabel(category, options.language ?? "pt") ?? defaultCategoryLabel("other", options.language ?? "pt")!;
  return { ok: true, draft: { type, amountCents: amount.cents, description: description || label, date: date ?? today, category } };
}

/** What is left of the sentence once amount, dates, times and filler words are out: "Continente", "Lunch". */
function describe(original: string, taken: boolean[]): string {
  const rest = Array.from(original, (ch, i) => (taken[i] ? " " : ch)).join("");
  let words = rest.split(/\s+/).filter(Boolean).map((w) => w.replace(/^[,.;:!?()"]+|[,.;:!?()"]+$/g, "")).filter(Boolean);
  words = words.filter((w) => !FILLER_WORDS.has(fold(w)));
  while (words.length && GLUE_WORDS.has(fold(words[0]))) words.shift();
  while (words.length && GLUE_WORDS.has(fold(words[words.length - 1]))) words.pop();
  const description = fitDescription(words.join(" "));
  return description.charAt(0).toLocaleUpperCase("pt") + description.slice(1);
}

const significantWords = (text: string) =>
  new Set(
    fold(text)
      .split(/[^a-z0-9&]+/)
      .filter((w) => w.length >= 3 && !GLUE_WORDS.has(w) && !FILLER_WORDS.has(w) && !/^\d+$/.test(w)),
  );

/**
 * The category the user filed the most similar past entries under: an identical description counts
 * three times a shared word (each past entry counts once). `undefined` when nothing in their
 * history resembles the sentence.
 */
export function categoryFromHistory(description: string, history: readonly HistoryEntry[]): string | undefined {
  return historyMatcher(history)(description);
}

/**
 * `categoryFromHistory` for many descriptions against one history (an import of thousands of rows):
 * the history's words are indexed once, so each row costs its own words, not the whole history.
 */
export function historyMatcher(history: readonly HistoryEntry[]): (description: string) => string | undefined {
  const entries = history.filter((e) => e.category);
  if (!entries.length) return () => undefined;
  const byWord = new Map<string, number[]>();
  const byText = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const word of significantWords(entry.description)) byWord.set(word, [...(byWord.get(word) ?? []), index]);
    const text = fold(entry.description).trim();
    byText.set(text, [...(byText.get(text) ?? []), index]);
  });
  const seen = new Int32Array(entries.length);
  let stamp = 0;
  return (description) => {
    const words = significantWords(description);
    if (!words.size) return undefined;
    stamp++;
    const scores = new Map<string, number>();
    const add = (index: number, weight: number) => {
      if (seen[index] === stamp) return;
      seen[index] = stamp;
      scores.set(entries[index].category, (scores.get(entries[index].category) ?? 0) + weight);
    };
    for (const index of byText.get(fold(description).trim()) ?? []) add(index, 3);
    for (const word of words) for (const index of byWord.get(word) ?? []) add(index, 1);
    let best: string | undefined;
    for (const [category, score] of scores) if (!best || score > scores.get(best)!) best = category;
    return best;
  };
}
