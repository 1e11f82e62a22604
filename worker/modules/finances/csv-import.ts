/**
 * Reading bank and app exports (CGD, Millennium bcp, Santander, Novo Banco, BPI, Montepio, Revolut,
 * N26, Wise...) into transactions, pure: the bytes' encoding, the delimiter, the title lines before
 * the header and the balance lines after the rows, the date and number formats, the sign convention,
 * and rows that are not completed movements. Cells are text and are never evaluated.
 * docs/decisions/0027-finances-bank-import.md says what is guessed and why.
 */
import { translator } from "../../lib/translate";
import { categoryFromWords, DEFAULT_CATEGORIES, fold, isDefaultCategory } from "./categories";
import { parseCsv, type CsvRow } from "./csv";
import { fitDescription, historyMatcher, MAX_AMOUNT_CENTS, validDate, type HistoryEntry } from "./parse";

export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type Encoding = "utf-8" | "utf-8-bom" | "windows-1252" | "utf-16le" | "utf-16be";
export type Delimiter = ";" | "," | "\t";
export type DateFormat = "dmy" | "ymd" | "mdy";

/** Which column (0-based index) holds what; absent columns are `null`. */
export type ImportMapping = {
  encoding: Encoding;
  delimiter: Delimiter;
  /** The 1-based line of the header row. */
  headerLine: number;
  columns: string[];
  date: number | null;
  description: number | null;
  /** One signed amount column... */
  amount: number | null;
  /** ...or separate debit and credit columns. */
  debit: number | null;
  credit: number | null;
  /** A debit/credit marker column (D/C, Débito/Crédito) that sets the sign of `amount`. */
  type: number | null;
  fee: number | null;
  status: number | null;
  category: number | null;
  reference: number | null;
  dateFormat: DateFormat;
  decimal: "," | ".";
};
export type MappingOverride = Partial<Pick<ImportMapping, "date" | "description" | "amount" | "debit" | "credit" | "type" | "fee" | "status" | "category" | "reference" | "dateFormat" | "decimal">>;

export type ImportItem = {
  line: number;
  date: string;
  type: "income" | "expense";
  amountCents: number;
  description: string;
  category: string;
  duplicate: boolean;
  /** The row's fingerprint, stored in `transactions.import_key`. */
  importKey: string;
};
export type SkipReason = "pending" | "declined" | "reverted" | "failed" | "zero_amount";
export type RowError = "invalid_date" | "invalid_amount" | "missing_amount";
export type ImportReport = {
  items: ImportItem[];
  skipped: { line: number; reason: SkipReason }[];
  /** Rows that cannot be read: a real import refuses the whole file while there is one. */
  errors: { line: number; reason: RowError }[];
  mapping: ImportMapping;
};
export type ImportFailure = "not_csv" | "no_header" | "too_many_rows";

/** What the user already has, to flag duplicates and file rows the way they do. */
export type ImportContext = {
  existingKeys?: ReadonlySet<string>;
  /** `date|type|cents|folded description` of the user's transactions, with how many of each. */
  existingContent?: ReadonlyMap<string, number>;
  history?: readonly HistoryEntry[];
  /** The user's own categories: folded name -> id. */
  ownCategories?: ReadonlyMap<string, string>;
  /** For the words the importer adds (a fee's description). */
  language?: "pt" | "en";
};

// ---------------------------------------------------------------------------------------------
// Encoding

/** Windows-1252's 0x80–0x9F (the rest of the byte range is Latin-1). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

const decodeUtf16 = (bytes: Uint8Array, start: number, littleEndian: boolean) => {
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = start; i + 1 < bytes.length; i += 2) {
    chunk.push(littleEndian ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
    if (chunk.length === 8192) {
      parts.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCharCode(...chunk));
  return parts.join("");
};

/** The text of the bytes and the encoding it was in: BOMs first, then UTF-16 by its zero bytes, then strict UTF-8, else Windows-1252. */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8-bom" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeUtf16(bytes, 2, true), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeUtf16(bytes, 2, false), encoding: "utf-16be" };
  // ASCII text in UTF-16 has a zero in every other byte.
  const sample = bytes.subarray(0, 4096);
  let zeroOdd = 0;
  let zeroEven = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? zeroOdd++ : zeroEven++;
  if (sample.length >= 4 && zeroOdd > sample.length / 4 && zeroEven === 0) return { text: decodeUtf16(bytes, 0, true), encoding: "utf-16le" };
  if (sample.length >= 4 && zeroEven > sample.length / 4 && zeroOdd === 0) return { text: decodeUtf16(bytes, 0, false), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    let text = "";
    for (let i = 0; i < bytes.length; i += 8192) {
      text += String.fromCharCode(...Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)));
    }
    return { text, encoding: "windows-1252" };
  }
}

/** Bytes that are plainly not a text file: NULs after decoding, PDF, ZIP (xlsx), images. */
function looksBinary(bytes: Uint8Array, text: string): boolean {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic.startsWith("%PDF") || magic.startsWith("PK\u0003\u0004") || magic.startsWith("\u00d0\u00cf\u0011\u00e0") || magic.startsWith("\u0089PNG") || magic.startsWith("\u00ff\u00d8\u00ff")) return true;
  const sample = text.slice(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0 || c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 13)) control++;
  }
  return control > sample.length / 100;
}

// ---------------------------------------------------------------------------------------------
// Layout

/** The delimiter that gives the most rows with the same number (at least two) of cells. */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.split(/\r\n|\n|\r/).slice(0, 60).join("\n");
  let best: { delimiter: Delimiter; score: number } = { delimiter: ";", score: -1 };
  for (const delimiter of [";", "\t", ","] as const) {
    const counts = new Map<number, number>();
    for (const row of parseCsv(sample, delimiter)) if (row.cells.length >= 2) counts.set(row.cells.length, (counts.get(row.cells.length) ?? 0) + 1);
    const score = Math.max(0, ...counts.values());
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

const clean = (cell: string) => fold(cell).replace(/\s+/g, " ").replace(/[.:]+$/, "").trim();

/** Header words (folded), most specific first within a role. */
const HEADER_WORDS: Record<Exclude<keyof MappingOverride, "dateFormat" | "decimal">, readonly RegExp[]> = {
  date: [/^data (?:de )?(?:mov|movimento|lancamento|operacao|transacao)/, /^completed date$/, /^booking date$/, /^(?:data|date|datum|fecha)$/, /^started date$/, /^data valor$|^value date$/],
  description: [/^descri[cç]/, /^descritivo/, /^(?:payee|partner name|merchant|beneficiario|designacao|movimento|historico|detalhes|details|description|concepto)$/],
  amount: [/^(?:montante|valor|importancia|amount|quantia|importe)(?: ?\(? ?(?:eur|€) ?\)?)?$/, /^(?:montante|valor|amount)\b(?!.*(?:foreign|original|estrangeira))/],
  debit: [/^(?:debito|debitos|debit|saida|saidas|levantamentos?|paid out|money out)(?: ?\(? ?(?:eur|€) ?\)?)?$/],
  credit: [/^(?:credito|creditos|credit|entrada|entradas|depositos?|paid in|money in)(?: ?\(? ?(?:eur|€) ?\)?)?$/],
  type: [/^(?:tipo|type|d\/c|natureza|sinal|debito\/credito|credit\/debit|direction)$/],
  fee: [/^(?:fee|fees|total fees|comissao|comissoes|encargos)$/],
  status: [/^(?:state|status|estado)$/],
  category: [/^(?:categoria|category)$/],
  reference: [/^(?:transferwise id|transaction id|id da transacao|n\.? ?(?:o|º)? ?(?:de )?documento|referencia do movimento|id)$/],
};

function roleOf(header: string): keyof typeof HEADER_WORDS | undefined {
  const h = clean(header);
  for (const role of Object.keys(HEADER_WORDS) as (keyof typeof HEADER_WORDS)[]) if (HEADER_WORDS[role].some((re) => re.test(h))) return role;
  return undefined;
}

/** The header row: the first of the first 40 rows naming a date and an amount (or debit/credit) column. */
function findHeader(rows: CsvRow[]): number {
  for (let i = 0; i < Math.min(rows.length, 40); i++) {
    const roles = rows[i].cells.map(roleOf);
    if (roles.includes("date") && (roles.includes("amount") || roles.includes("debit") || roles.includes("credit"))) return i;
  }
  return -1;
}

function mapColumns(header: string[]) {
  const mapping: Record<keyof typeof HEADER_WORDS, number | null> = { date: null, description: null, amount: null, debit: null, credit: null, type: null, fee: null, status: null, category: null, reference: null };
  // For each role, the column matching its most specific pattern (then the leftmost).
  for (const role of Object.keys(HEADER_WORDS) as (keyof typeof HEADER_WORDS)[]) {
    outer: for (const re of HEADER_WORDS[role]) {
      for (let i = 0; i < header.length; i++) {
        const taken = Object.values(mapping).includes(i);
        if (!taken && re.test(clean(header[i]))) {
          mapping[role] = i;
          break outer;
        }
      }
    }
  }
  return mapping;
}

// ---------------------------------------------------------------------------------------------
// Values

const DATE_CELL = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function detectDateFormat(values: string[]): DateFormat {
  let firstOver12 = false;
  let secondOver12 = false;
  for (const value of values) {
    const m = DATE_CELL.exec(value.trim());
    if (!m) continue;
    if (m[1].length === 4) return "ymd";
    if (+m[1] > 12) firstOver12 = true;
    if (+m[2] > 12) secondOver12 = true;
  }
  return secondOver12 && !firstOver12 ? "mdy" : "dmy";
}

export function readDate(value: string, format: DateFormat): string | undefined {
  const m = DATE_CELL.exec(value.trim());
  if (!m) return undefined;
  if (m[1].length === 4) return validDate(+m[1], +m[2], +m[3]);
  const year = m[3].length === 2 ? 2000 + +m[3] : +m[3];
  return format === "mdy" ? validDate(year, +m[1], +m[2]) : validDate(year, +m[2], +m[1]);
}

function detectDecimal(values: string[]): "," | "." {
  let comma = 0;
  let point = 0;
  for (const raw of values) {
    const value = raw.replace(/[^\d.,]/g, "");
    if (/,\d{1,2}$/.test(value)) comma++;
    else if (/\.\d{1,2}$/.test(value)) point++;
  }
  return point > comma ? "." : ",";
}

const MONEY = { ",": /^\d{1,3}(?:\.\d{3})*(?:,\d{1,2})?$|^\d+(?:,\d{1,2})?$/, ".": /^\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$/ };

/** A money cell ("-1.234,56", "1,234.56 EUR", "45,90-", "(12.00)", "+ 3,00 €") in signed cents; `null` when empty. */
export function readCents(value: string, decimal: "," | "."): number | null | undefined {
  let text = value.replace(/[\s\u00a0\u202f]/g, "").replace(/(?:eur|€|euros?)$/i, "").replace(/^(?:eur|€)/i, "");
  if (!text) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1)];
  if (/^[-−–]/.test(text)) [negative, text] = [true, text.slice(1)];
  else if (/[-−–]$/.test(text)) [negative, text] = [true, text.slice(0, -1)];
  else if (text.startsWith("+")) text = text.slice(1);
  const thousands = decimal === "," ? "." : ",";
  if (!MONEY[decimal].test(text)) return undefined;
  const [whole, fraction = ""] = text.split(thousands).join("").split(decimal);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -cents : cents;
}

const STATUS_SKIPS: [RegExp, SkipReason][] = [
  [/^(?:pending|pendente|em processamento|por confirmar|cativo|cativa|autorizado|authorised|authorized)$/, "pending"],
  [/^(?:declined|recusad[ao]|rejeitad[ao]|rejected)$/, "declined"],
  [/^(?:reverted|revertid[ao]|anulad[ao]|estornad[ao]|cancelled|canceled|cancelad[ao]|reversed)$/, "reverted"],
  [/^(?:failed|falhad[ao]|falhou)$/, "failed"],
];
const DEBIT_MARKERS = /^(?:d|db|dr|deb|debito|debit|saida|out|despesa|expense|-)$/;
const CREDIT_MARKERS = /^(?:c|cr|cred|credito|credit|entrada|in|receita|income|\+)$/;

/** A cell our own export made inert ("'=..."): give back the user's text. */
const restoreFormulaCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
};
/** What makes two transactions "the same" for duplicate detection: date, type, amount and description. */
export const contentKey = (t: { date: string; type: string; amountCents: number; description: string }) => `${t.date}|${t.type}|${t.amountCents}|${fold(t.description).replace(/\s+/g, " ").trim()}`;

function categoryOf(cell: string | undefined, description: string, context: ImportContext, fromHistory: (description: string) => string | undefined): string {
  if (cell) {
    const name = fold(cell).trim();
    const own = context.ownCategories?.get(name);
    if (own) return own;
    const known = DEFAULT_CATEGORIES.find((c) => c.key === name || fold(c.pt) === name || fold(c.en) === name);
    if (known) return known.key;
    if (isDefaultCategory(name)) return name;
  }
  const guessed = fromHistory(description) ?? categoryFromWords(description);
  if (guessed) return guessed;
  return "other";
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads an export into a report: the rows to import (duplicates flagged), the rows skipped and why,
 * the rows that cannot be read, and the mapping used (detected, then `override` on top).
 */
export function readImport(bytes: Uint8Array, override: MappingOverride = {}, context: ImportContext = {}): { ok: true; report: ImportReport } | { ok: false; reason: ImportFailure } {
  const { text, encoding } = decodeBytes(bytes);
  if (!text.trim() || looksBinary(bytes, text)) return { ok: false, reason: "not_csv" };
  const delimiter = detectDelimiter(text);
  const rows = parseCsv(text, delimiter);
  const headerIndex = findHeader(rows);
  if (headerIndex < 0) return { ok: false, reason: rows.some((r) => r.cells.length >= 2) ? "no_header" : "not_csv" };
  const dataRows = rows.slice(headerIndex + 1).filter((r) => r.cells.some((c) => c.trim()));
  if (dataRows.length > IMPORT_MAX_ROWS) return { ok: false, reason: "too_many_rows" };

  const header = rows[headerIndex].cells.map((c) => c.trim());
  const detected = mapColumns(header);
  const columns = { ...detected, ...Object.fromEntries(Object.entries(override).filter(([k, v]) => v !== undefined && k in detected)) } as typeof detected;
  const column = (row: CsvRow, index: number | null) => (index === null ? "" : (row.cells[index] ?? "").trim());
  const moneyValues = dataRows.slice(0, 200).flatMap((r) => [columns.amount, columns.debit, columns.credit].map((i) => column(r, i)).filter(Boolean));
  const mapping: ImportMapping = {
    encoding,
    delimiter,
    headerLine: rows[headerIndex].line,
    columns: header,
    ...columns,
    dateFormat: override.dateFormat ?? detectDateFormat(dataRows.slice(0, 200).map((r) => column(r, columns.date))),
    decimal: override.decimal ?? detectDecimal(moneyValues),
  };

  const report: ImportReport = { items: [], skipped: [], errors: [], mapping };
  const feeLabel = translator(context.language ?? "pt")("financesIo:import.fee");
  const seenInFile = new Map<string, number>();
  // Bank files repeat descriptions (the same shop every week): guess each one once.
  const guesses = new Map<string, string>();
  const fromHistory = historyMatcher(context.history ?? []);
  const categoryFor = (cell: string | undefined, description: string, type: "income" | "expense") => {
    const key = `${cell ?? ""}\u0000${description}\u0000${type}`;
    let category = guesses.get(key);
    if (category === undefined) guesses.set(key, (category = categoryOf(cell, description, context, fromHistory)));
    return category;
  };
  const push = (line: number, date: string, cents: number, text: string, categoryCell: string | undefined, reference: string) => {
    const type = cents < 0 ? "expense" : "income";
    const amountCents = Math.abs(cents);
    // The fingerprint reads the bank's text as far as imports always have (500 characters), so a row
    // imported before descriptions were cut to the API's length is still recognised.
    const fingerprint = reference ? `ref:${fnv1a(reference)}:${reference.length}` : `${date}:${cents}:${fnv1a(contentKey({ date, type, amountCents, description: text }))}`;
    // The nth identical row of a file is its own movement (two coffees on a day): number repeats.
    const nth = seenInFile.get(fingerprint) ?? 0;
    seenInFile.set(fingerprint, nth + 1);
    const importKey = `v1:${fingerprint}:${nth}`;
    // Kept as long as the API lets the user edit it, or re-filing the row would be refused.
    const description = fitDescription(text);
    report.items.push({ line, date, type, amountCents, description, category: categoryFor(categoryCell, text, type), duplicate: false, importKey });
  };

  for (const row of dataRows) {
    // A pending card payment has no completion date yet: its state is read first.
    const status = clean(column(row, mapping.status));
    const skip = STATUS_SKIPS.find(([re]) => re.test(status));
    if (skip) {
      report.skipped.push({ line: row.line, reason: skip[1] });
      continue;
    }
    const dateCell = column(row, mapping.date);
    const date = readDate(dateCell, mapping.dateFormat);
    if (!date) {
      // Balance and total lines after the rows have no date: they are not movements.
      const joined = fold(row.cells.join(" "));
      if (!dateCell && (/\b(?:saldo|balance|total|totais)\b/.test(joined) || row.cells.filter((c) => c.trim()).length <= 2)) continue;
      if (/\b(?:saldo|balance|total|totais)\b/.test(fold(dateCell))) continue;
      report.errors.push({ line: row.line, reason: "invalid_date" });
      continue;
    }
    let cents: number | null | undefined;
    if (mapping.amount !== null) {
      cents = readCents(column(row, mapping.amount), mapping.decimal);
      const marker = clean(column(row, mapping.type));
      if (cents && DEBIT_MARKERS.test(marker)) cents = -Math.abs(cents);
      else if (cents && CREDIT_MARKERS.test(marker)) cents = Math.abs(cents);
    } else {
      const debit = readCents(column(row, mapping.debit), mapping.decimal);
      const credit = readCents(column(row, mapping.credit), mapping.decimal);
      cents = debit === undefined || credit === undefined ? undefined : debit === null && credit === null ? null : (credit ? Math.abs(credit) : 0) - (debit ? Math.abs(debit) : 0);
    }
    if (cents === undefined) {
      report.errors.push({ line: row.line, reason: "invalid_amount" });
      continue;
    }
    if (cents === null) {
      report.errors.push({ line: row.line, reason: "missing_amount" });
      continue;
    }
    if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
      report.errors.push({ line: row.line, reason: "invalid_amount" });
      continue;
    }
    // Padding runs of spaces go; a line break inside a quoted cell is the user's and stays.
    const description = restoreFormulaCell(column(row, mapping.description).replace(/[ \t]+/g, " ")).slice(0, 500);
    const reference = column(row, mapping.reference);
    const categoryCell = mapping.category === null ? undefined : restoreFormulaCell(column(row, mapping.category));
    if (cents === 0) report.skipped.push({ line: row.line, reason: "zero_amount" });
    else push(row.line, date, cents, description, categoryCell, reference);
    // Fees apart (Revolut, Wise): the fee is its own expense, so the balance adds up.
    const fee = mapping.fee === null ? null : readCents(column(row, mapping.fee), mapping.decimal);
    if (fee) push(row.line, date, -Math.abs(fee), `${feeLabel}: ${description}`, undefined, reference ? `${reference}:fee` : "");
  }
  flagDuplicates(report.items, context);
  return { ok: true, report };
}

/**
 * Marks the items the user already has: the same fingerprint (imported before), or the same date,
 * type, amount and description as an existing transaction, counted, so one existing coffee makes
 * one of two identical rows a duplicate, not both.
 */
export function flagDuplicates(items: ImportItem[], context: Pick<ImportContext, "existingKeys" | "existingContent">) {
  const seenContent = new Map<string, number>();
  for (const item of items) {
    const content = contentKey(item);
    const nth = (seenContent.get(content) ?? 0) + 1;
    seenContent.set(content, nth);
    item.duplicate = Boolean(context.existingKeys?.has(item.importKey)) || nth <= (context.existingContent?.get(content) ?? 0);
  }
  return items;
}

/** The dates an import covers, to look up only the user's transactions in that range. */
export const dateRangeOf = (items: readonly ImportItem[]) =>
  items.length ? { from: items.reduce((m, i) => (i.date < m ? i.date : m), items[0].date), to: items.reduce((m, i) => (i.date > m ? i.date : m), items[0].date) } : undefined;
