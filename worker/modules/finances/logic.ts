/** The finances module's pure rules: months, budget thresholds, savings pace, the API's row shapes. */
import { zonedParts } from "../../lib/time-zone";
import type { Budget, SavingsGoal, Transaction } from "./queries";

const pad = (n: number) => String(n).padStart(2, "0");

/** The user's calendar day now, `YYYY-MM-DD`, in their time zone. */
export function localToday(timeZone: string, now = new Date()) {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `YYYY-MM` moved by `delta` months. */
export function addMonths(month: string, delta: number) {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The first and last day of a month (inclusive), as stored dates compare. */
export function monthRange(month: string) {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/**
 * The days of `month` and of the month before that are compared: whole months, except while `month`
 * is the running month (`today` in it and not its last day). Then it is the same days so far on both
 * sides: 1 to today in `month` (a rent already entered for the 25th is not spent yet) and 1 to
 * today's day in the month before (its last day when it is shorter). Six days of December against the
 * whole of November always "fell"; against 1–6 November they say how the month is going. `partial`
 * is true while the ranges stop before the months' ends.
 */
export function comparedRange(month: string, today: string) {
  const previous = addMonths(month, -1);
  const whole = monthRange(previous);
  const current = monthRange(month);
  if (!today.startsWith(`${month}-`) || today === current.to) return { month: previous, ...whole, current, partial: false };
  const day = Math.min(Number(today.slice(8, 10)), Number(whole.to.slice(8)));
  return { month: previous, from: whole.from, to: `${previous}-${pad(day)}`, current: { from: current.from, to: today }, partial: true };
}

/**
 * A change between two amounts in cents: the difference in cents and, when the earlier one is not
 * zero, the percentage (one decimal; a ratio, not money, so a rounded number is right here).
 */
export function changeOf(currentCents: number, previousCents: number) {
  const changeCents = currentCents - previousCents;
  const changePercent = previousCents === 0 ? null : Math.round((changeCents * 1000) / Math.abs(previousCents)) / 10;
  return { currentCents, previousCents, changeCents, changePercent };
}

/** The budget threshold a month's spending has reached: 100 (at or over the limit), 80, or none. Integer arithmetic. */
export function budgetThreshold(spentCents: number, limitCents: number): 80 | 100 | null {
  if (spentCents >= limitCents) return 100;
  if (spentCents * 5 >= limitCents * 4) return 80;
  return null;
}

/**
 * Over budget: at or past the limit (the 100 % threshold). The one rule behind the budgets tab's
 * "exceeded", the 100 % alert and Meu Impacto's list, so the three never disagree at the limit.
 */
export const isOverBudget = (spentCents: number, limitCents: number) => budgetThreshold(spentCents, limitCents) === 100;

/**
 * The days whose expenses a budget counts as spent in `month` (decision 0024, revised 2026-12-07):
 * the whole of a past month, 1 to today in the running month (a rent entered ahead for the 25th is
 * not spent yet), nothing of a month still to come (`to` falls before `from`, so no day matches).
 * The budgets tab, the budget alerts and Meu Impacto all read this range.
 */
export function spentRange(month: string, today: string) {
  const whole = monthRange(month);
  return { from: whole.from, to: today < whole.to ? today : whole.to };
}

/**
 * The days of `month` after those `spentRange` counts: what is entered for later in the month
 * (a rent for the 25th, a salary due on the 28th). Empty (`from` after `to`) for a past month.
 * The month summary shows these apart, as scheduled (decision 0024, revised 2026-12-07, later).
 */
export function scheduledRange(month: string, today: string) {
  const whole = monthRange(month);
  const counted = spentRange(month, today);
  if (counted.to < whole.from) return whole;
  const next = new Date(`${counted.to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: next.toISOString().slice(0, 10), to: whole.to };
}

/** A budget with the month's progress, for the API and the progress bars. */
export function budgetProgress(budget: Budget, spentCents: number) {
  const threshold = budgetThreshold(spentCents, budget.limitCents);
  return {
    id: budget.id,
    category: budget.category,
    limitCents: budget.limitCents,
    spentCents,
    remainingCents: budget.limitCents - spentCents,
    // Whole percent, rounded down: 79.9 % must not read as the 80 % of an alert not yet sent.
    percent: Math.floor((spentCents * 100) / budget.limitCents),
    status: threshold === 100 ? "exceeded" : threshold === 80 ? "warning" : "ok",
    createdAt: budget.createdAt.toISOString(),
    updatedAt: budget.updatedAt.toISOString(),
  } as const;
}

/**
 * What must be put aside each month to reach a savings goal by its deadline: the remaining amount
 * over the months left, counting calendar months from this month to the deadline's (at least one,
 * so a deadline this month asks for all of it), rounded up to the cent so the sum reaches the
 * target. Null without a deadline; the whole remainder once the deadline has passed; 0 when reached.
 */
export function monthlyNeeded(goal: Pick<SavingsGoal, "targetCents" | "savedCents" | "deadline">, today: string) {
  const remaining = Math.max(0, goal.targetCents - goal.savedCents);
  if (remaining === 0) return { remainingCents: 0, monthsLeft: goal.deadline ? monthsBetween(today, goal.deadline) : null, monthlyNeededCents: 0 };
  if (!goal.deadline) return { remainingCents: remaining, monthsLeft: null, monthlyNeededCents: null };
  const monthsLeft = monthsBetween(today, goal.deadline);
  return { remainingCents: remaining, monthsLeft, monthlyNeededCents: Math.ceil(remaining / Math.max(1, monthsLeft)) };
}

/** Calendar months from `today`'s month to `deadline`'s (0 when the deadline has passed or is this month). */
function monthsBetween(today: string, deadline: string) {
  if (deadline < today) return 0;
  const [ty, tm] = today.split("-").map(Number);
  const [dy, dm] = deadline.split("-").map(Number);
  return (dy - ty) * 12 + (dm - tm);
}

export function publicSavingsGoal(goal: SavingsGoal, today: string) {
  return {
    id: goal.id,
    title: goal.title,
    targetCents: goal.targetCents,
    savedCents: goal.savedCents,
    deadline: goal.deadline,
    percent: Math.min(100, Math.floor((goal.savedCents * 100) / goal.targetCents)),
    ...monthlyNeeded(goal, today),
    createdAt: goal.createdAt.toISOString(),
    updatedAt: goal.updatedAt.toISOString(),
  };
}

export function publicTransaction(row: Transaction) {
  return {
    id: row.id,
    type: row.type,
    amountCents: row.amountCents,
    description: row.description,
    date: row.date,
    category: row.category,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

