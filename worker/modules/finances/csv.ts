/**
 * CSV writing and reading for finances, pure. Export: UTF-8 with a BOM (so Excel in Portugal opens
 * accents right), `;` and decimal comma for pt, `,` and point for en, a header row, RFC 4180 quoting,
 * and text cells that a spreadsheet would run as a formula (= + - @, tab, carriage return) prefixed
 * with an apostrophe (OWASP "CSV injection"). Amounts are always positive numbers beside a type
 * column, so no number of ours ever needs the prefix.
 */
import { translator } from "../../lib/translate";
import { defaultCategoryLabel } from "./categories";

export type CsvLanguage = "pt" | "en";
export type ExportRow = { date: string; type: "income" | "expense"; amountCents: number; description: string; category: string };

export const CSV_BOM = "\uFEFF";

export const csvFormat = (language: CsvLanguage) => (language === "pt" ? { delimiter: ";", decimal: "," } : { delimiter: ",", decimal: "." });

/** The header row's words, in column order, from the `financesIo` catalogue. */
export const csvHeaders = (language: CsvLanguage) => {
  const t = translator(language);
  return (["date", "type", "description", "category", "amount"] as const).map((column) => t(`financesIo:export.headers.${column}`));
};

/** A text cell made inert for spreadsheets: a leading formula character gets an apostrophe. */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One cell, quoted when it holds the delimiter, a quote or a line break (quotes doubled). */
export function csvCell(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Cents as a plain number with two decimals in the language's mark: 123456 -> "1234,56" (no thousands). */
export function formatCents(cents: number, decimal: string): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(Math.abs(cents % 100)).padStart(2, "0");
  return `${cents < 0 && whole === 0 ? "-" : ""}${whole}${decimal}${fraction}`;
}

/**
 * The whole file. `categoryName` names the user's own categories (ids); default keys get their label.
 * Lines end in CRLF as RFC 4180 says.
 */
export function transactionsToCsv(rows: readonly ExportRow[], language: CsvLanguage, categoryName: (id: string) => string | undefined = () => undefined): string {
  const { delimiter, decimal } = csvFormat(language);
  const t = translator(language);
  const typeLabels = { income: t("financesIo:export.types.income"), expense: t("financesIo:export.types.expense") };
  const line = (cells: string[]) => cells.map((cell) => csvCell(cell, delimiter)).join(delimiter);
  const body = rows.map((row) =>
    line([
      row.date,
      typeLabels[row.type],
      neutraliseFormula(row.description),
      neutraliseFormula(defaultCategoryLabel(row.category, language) ?? categoryName(row.category) ?? row.category),
      formatCents(row.amountCents, decimal),
    ]),
  );
  return CSV_BOM + [line(csvHeaders(language)), ...body].join("\r\n") + "\r\n";
}

/** A parsed row with the number of the physical line where it starts (1-based). */
export type CsvRow = { line: number; cells: string[] };

/**
 * RFC 4180 reading: quoted cells may hold delimiters, doubled quotes and line breaks; CRLF, LF or
 * CR end a row. Cells are returned as text and nothing else is done to them.
 */
export function parseCsv(text: string, delimiter: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
      atCellStart = true;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      atCellStart = true;
      line++;
      rowLine = line;
    } else {
      cell += ch;
      // Spaces before an opening quote are tolerated (some banks pad cells).
      if (ch !== " ") atCellStart = false;
    }
  }
  if (cell !== "" || cells.length) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}
