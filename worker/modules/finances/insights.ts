/**
 * Finance insights computed from the user's own transactions, never invented: the biggest
 * categories of the month, expenses far above the user's own median for their category, changes
 * against the month before, and payments that recur monthly. Pure; the API phrases them.
 */
import { fold } from "./categories";
import { comparedRange } from "./logic";

export type InsightTransaction = { date: string; type: "income" | "expense"; amountCents: number; description: string; category: string };

export type Insight =
  /** The month's three largest expense categories, `rank` 1 to 3 (largest first). */
  | { kind: "top_category"; category: string; amountCents: number; sharePercent: number; month: string; rank: number }
  | { kind: "unusual_expense"; description: string; date: string; category: string; amountCents: number; medianCents: number; times: number }
  /** Against the month before; `partial`: the running month against the same days of the one before (`comparedRange`). */
  | { kind: "month_change"; category: string | null; month: string; amountCents: number; previousCents: number; changePercent: number; partial: boolean }
  | { kind: "recurring"; description: string; category: string; amountCents: number; dayOfMonth: number; months: number; lastDate: string };

/** An expense is unusual at three times the median of at least five earlier ones in its category. */
const UNUSUAL_FACTOR = 3;
const UNUSUAL_MIN_SAMPLES = 5;
/** Changes smaller than this (percent, or 10 €) are noise, not an insight. */
const CHANGE_MIN_PERCENT = 20;
const CHANGE_MIN_CENTS = 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};
const monthsBetween = (a: string, b: string) => {
  const [ya, ma] = a.split("-").map(Number);
  const [yb, mb] = b.split("-").map(Number);
  return (yb - ya) * 12 + (mb - ma);
};
/** The payee of a bank description: folded, without card numbers, dates and references. */
export const payeeOf = (description: string) =>
  fold(description)
    .replace(/\d+([.,/-]\d+)*/g, " ")
    .replace(/\b(?:compra|pag|pagamento|dd|debito direto|trf|transferencia|mb way|card transaction of|eur|elec)\b/g, " ")
    .replace(/[^a-z&]+/g, " ")
    .trim();

const sumByCategory = (rows: InsightTransaction[]) => {
  const sums = new Map<string, number>();
  for (const t of rows) sums.set(t.category, (sums.get(t.category) ?? 0) + t.amountCents);
  return sums;
};

/**
 * Insights for `month` (YYYY-MM) from the user's transactions of that month and the ones before;
 * `today` is the user's day, so that the running month is compared with the same days of the month
 * before rather than with all of it.
 */
export function computeInsights(transactions: readonly InsightTransaction[], month: string, today: string): Insight[] {
  const expenses = transactions.filter((t) => t.type === "expense" && t.date.slice(0, 7) <= month);
  const current = expenses.filter((t) => t.date.startsWith(month));
  const compared = comparedRange(month, today);
  const previous = expenses.filter((t) => t.date >= compared.from && t.date <= compared.to);
  // The month's side of the comparison: up to today while it runs (an expense dated later is planned, not spent).
  const soFar = current.filter((t) => t.date <= compared.current.to);
  const insights: Insight[] = [];

  // Biggest categories of the month (up to three).
  const total = current.reduce((s, t) => s + t.amountCents, 0);
  const byCategory = [...sumByCategory(current)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  byCategory.slice(0, 3).forEach(([category, amountCents], i) => {
    insights.push({ kind: "top_category", category, amountCents, sharePercent: Math.round((amountCents / total) * 100), month, rank: i + 1 });
  });

  // Unusual expenses against the median of the user's earlier expenses in the same category.
  for (const t of current) {
    const earlier = expenses.filter((e) => e.category === t.category && e.date < t.date).map((e) => e.amountCents);
    if (earlier.length < UNUSUAL_MIN_SAMPLES) continue;
    const typical = median(earlier);
    if (typical > 0 && t.amountCents >= typical * UNUSUAL_FACTOR) {
      insights.push({ kind: "unusual_expense", description: t.description, date: t.date, category: t.category, amountCents: t.amountCents, medianCents: typical, times: Math.round((t.amountCents / typical) * 10) / 10 });
    }
  }

  // Month over month: the total, then each category that moved noticeably.
  if (previous.length) {
    const before = previous.reduce((s, t) => s + t.amountCents, 0);
    const spent = soFar.reduce((s, t) => s + t.amountCents, 0);
    const change = (now: number, then: number) => (then ? Math.round(((now - then) / then) * 100) : 0);
    if (before && Math.abs(change(spent, before)) >= CHANGE_MIN_PERCENT && Math.abs(spent - before) >= CHANGE_MIN_CENTS) {
      insights.push({ kind: "month_change", category: null, month, amountCents: spent, previousCents: before, changePercent: change(spent, before), partial: compared.partial });
    }
    const beforeBy = sumByCategory(previous);
    const nowBy = sumByCategory(soFar);
    for (const category of [...new Set([...beforeBy.keys(), ...nowBy.keys()])].sort()) {
      const now = nowBy.get(category) ?? 0;
      const then = beforeBy.get(category) ?? 0;
      if (then && Math.abs(change(now, then)) >= CHANGE_MIN_PERCENT && Math.abs(now - then) >= CHANGE_MIN_CENTS) {
        insights.push({ kind: "month_change", category, month, amountCents: now, previousCents: then, changePercent: change(now, then), partial: compared.partial });
      }
    }
  }

  // Recurring payments: the same payee, an amount within 10 % of its median, in three or more
  // consecutive months up to this one or the one before.
  const byPayee = new Map<string, InsightTransaction[]>();
  for (const t of expenses) {
    const payee = payeeOf(t.description);
    if (payee.length < 3) continue;
    byPayee.set(payee, [...(byPayee.get(payee) ?? []), t]);
  }
  for (const rows of byPayee.values()) {
    const typical = median(rows.map((r) => r.amountCents));
    const similar = rows.filter((r) => Math.abs(r.amountCents - typical) <= typical * 0.1).sort((a, b) => a.date.localeCompare(b.date));
    const months = [...new Set(similar.map((r) => r.date.slice(0, 7)))];
    // Once a month: as many payments as months, ending recently.
    if (months.length < 3 || similar.length > months.length + 1) continue;
    let run = 1;
    for (let i = months.length - 1; i > 0 && monthsBetween(months[i - 1], months[i]) === 1; i--) run++;
    const last = similar[similar.length - 1];
    if (run < 3 || monthsBetween(last.date.slice(0, 7), month) > 1) continue;
    insights.push({
      kind: "recurring",
      description: last.description,
      category: last.category,
      amountCents: typical,
      dayOfMonth: median(similar.slice(-run).map((r) => Number(r.date.slice(8, 10)))),
      months: run,
      lastDate: last.date,
    });
  }
  return insights;
}
