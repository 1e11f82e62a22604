import type { RecurringView } from "./types";

// Twelfths of a month's amount per occurrence: a month has 52/12 weeks and 1/12 of a year.
const TWELFTHS = { weekly: 52, monthly: 12, yearly: 1 } as const;

/**
 * What the running recurring transactions bring in and take out in a month, in integer cents
 * ("Movimentos fixos", decision 0116 "Revised"): a weekly one counts 52/12 times, a yearly one 1/12.
 * Summed in twelfths of a cent (exact integers) and rounded once at the end, so many small rules do
 * not pile up rounding. Ended rules (no next date) count for nothing.
 */
export function monthlyTotals(rules: readonly Pick<RecurringView, "type" | "amountCents" | "frequency" | "nextDate">[]) {
  let income = 0;
  let expense = 0;
  for (const rule of rules) {
    if (rule.nextDate === null) continue;
    const twelfths = rule.amountCents * TWELFTHS[rule.frequency];
    if (rule.type === "income") income += twelfths;
    else expense += twelfths;
  }
  return { incomeCents: Math.round(income / 12), expenseCents: Math.round(expense / 12) };
}
