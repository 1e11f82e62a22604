import { PLANS } from "~/lib/plans";
import type { analyticsCounts } from "../db/admin";
import { MIN_GROUP, safeCount, safeRate, safeSum } from "./small-group";

type Counts = Awaited<ReturnType<typeof analyticsCounts>>;

/** Every day from `from` to `to` (UTC, YYYY-MM-DD), so a chart shows days without sign-ups as 0. */
export function utcDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t <= to.getTime(); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The analytics answer: aggregates only, each passed through the small-group rule. Monthly
 * recurring revenue is the list price of each paying subscription (active or past due; trials are
 * not revenue yet), in cents.
 */
export function analyticsReport(counts: Counts, now: Date, days: number) {
  const { totals } = counts;
  const payingUsers = counts.paying.reduce((sum, p) => sum + p.count, 0);
  const mrrCents = counts.paying.reduce((sum, p) => sum + p.count * PLANS[p.tier].monthlyPriceCents, 0);
  const perDay = new Map(counts.signups.map((s) => [s.date, s.count]));
  const since = new Date(now.getTime() - days * 86_400_000);
  return {
    generatedAt: now.toISOString(),
    minGroup: MIN_GROUP,
    days,
    users: safeCount(totals.users),
    confirmed: safeCount(totals.confirmed),
    confirmationRate: safeRate(totals.confirmed, totals.users),
    trialsEnded: safeCount(totals.trialsEnded),
    trialToPaidRate: safeRate(totals.convertedAfterTrial, totals.trialsEnded),
    payingUsers: safeCount(payingUsers),
    payingByTier: counts.paying.map((p) => ({ tier: p.tier, count: safeCount(p.count) })),
    mrrCents: safeSum(mrrCents, payingUsers),
    churnedSubscriptions: safeCount(totals.canceled),
    churnRate: safeRate(totals.canceled, totals.everSubscribed),
    activeUsers: { daily: safeCount(counts.active.daily), weekly: safeCount(counts.active.weekly), monthly: safeCount(counts.active.monthly) },
    signupsPerDay: utcDays(since, now).map((date) => ({ date, count: safeCount(perDay.get(date) ?? 0) })),
    moduleChoices: counts.modules.map((m) => ({ module: m.module, count: safeCount(m.count) })),
    /** Distinct users per module from their activity in the last 30 days. */
    moduleUsage: counts.moduleUsage.map((m) => ({ module: m.module, count: safeCount(m.count) })),
  };
}

export type AnalyticsReport = ReturnType<typeof analyticsReport>;
