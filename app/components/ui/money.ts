/**
 * Money as people type it and as Rumo shows it. Amounts are integer cents everywhere (a product
 * rule): parsing works on the digits as text and formatting hands Intl an exact decimal string, so
 * no value ever passes through a binary float.
 */
import { localeOf, type Language } from "~/i18n/language";
import { numberFormat } from "~/lib/intl";

export type MoneyParseResult = { ok: true; cents: number } | { ok: false; reason: "empty" | "invalid" | "too_precise" | "too_large" | "negative" };

// Up to 99 999 999 999,99 €: far beyond any personal amount, well inside Number.MAX_SAFE_INTEGER.
const MAX_WHOLE_DIGITS = 11;

/**
 * Reads an amount typed in either convention: "2,50", "2.50", "1.234,56", "1,234.56", "1 234,56 €",
 * "€1,234.56", "-3", "10". When both separators appear the last one is the decimal mark; a single
 * separator followed by exactly three digits groups thousands (money never has three decimals), so
 * "1.234" and "1,234" both mean one thousand two hundred and thirty-four euros in either language.
 */
export function parseMoney(input: string, options: { allowNegative?: boolean } = {}): MoneyParseResult {
  // Spaces (including the no-break spaces Intl writes), the euro sign and the ISO code are decoration.
  let text = input.replace(/[\s\u00a0\u202f]/g, "").replace(/€|eur/gi, "");
  if (text === "") return { ok: false, reason: "empty" };
  let negative = false;
  if (/^[-−]/.test(text)) {
    negative = true;
    text = text.slice(1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, reason: "invalid" };

  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  let whole = text;
  let fraction = "";
  if (lastComma !== -1 && lastDot !== -1) {
    const decimalAt = Math.max(lastComma, lastDot);
    const group = text[decimalAt] === "," ? "." : ",";
    whole = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    // The other mark may only group thousands, before the decimal mark.
    if (fraction.includes(group) || !isGrouped(whole, group)) return { ok: false, reason: "invalid" };
    whole = whole.split(group).join("");
  } else if (lastComma !== -1 || lastDot !== -1) {
    const mark = lastComma !== -1 ? "," : ".";
    const parts = text.split(mark);
    if (parts.length > 2 || parts[1].length === 3) {
      if (!isGrouped(text, mark)) return parts.length === 2 && parts[1].length === 3 && /^0*$/.test(parts[0]) ? { ok: false, reason: "too_precise" } : { ok: false, reason: "invalid" };
      whole = parts.join("");
    } else {
      [whole, fraction] = parts;
    }
  }
  if (fraction.length > 2) return { ok: false, reason: "too_precise" };
  if (whole === "" && fraction === "") return { ok: false, reason: "invalid" };
  whole = whole.replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, reason: "too_large" };
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (negative && cents !== 0 && !options.allowNegative) return { ok: false, reason: "negative" };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** "1.234.567" with "." → true: a first group of 1–3 digits (not a lone zero), then groups of three. */
function isGrouped(text: string, mark: string): boolean {
  const groups = text.split(mark);
  if (groups.length === 1) return /^\d+$/.test(text);
  const [first, ...rest] = groups;
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((group) => /^\d{3}$/.test(group));
}

/** The exact decimal text of an amount in cents: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * An amount for display: "1 234,56 €" (pt-PT) / "€1,234.56" (en-US). Grouping is forced because
 * pt-PT's CLDR rule would leave four-digit amounts ungrouped ("1234,56 €"), which reads worse in a
 * column of amounts.
 */
export function formatMoney(cents: number, language: Language): string {
  const format = numberFormat(localeOf[language], { style: "currency", currency: "EUR", useGrouping: "always" });
  // Intl formats a numeric string exactly (no float rounding on the way).
  return format.format(centsToDecimal(cents) as Intl.StringNumericLiteral);
}

/** The same amount without the currency sign, as the money input shows it while editing: "1 234,56" / "1,234.56". */
export function formatMoneyPlain(cents: number, language: Language): string {
  const format = numberFormat(localeOf[language], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: "always" });
  return format.format(centsToDecimal(cents) as Intl.StringNumericLiteral);
}
