import { higherTier, type PaidPlanId, type PlanId, type SubscriptionState } from "~/lib/plans";
import type { User } from "../db/accounts";
import * as billing from "../db/billing";
import type { Db } from "../db/client";

export type Tier = PlanId;

/** Stripe statuses that keep the paid plan (worker/db/billing.ts, where the SQL of the jobs uses them too). */
export const LIVE_STATUSES = billing.LIVE_STATUSES;

/** The stored paid subscription; without `cancelAtPeriodEnd` (a summary row) it is taken to renew. */
type PaidCopy = Pick<billing.SubscriptionRow, "tier" | "status" | "currentPeriodEnd"> & Partial<Pick<billing.SubscriptionRow, "cancelAtPeriodEnd">>;

/**
 * What the user has, by precedence: a live paid Stripe subscription, then a free Pro month from
 * referrals, then the 14-day Pro trial, else Free. The higher tier wins when several apply.
 */
export function subscriptionOf(user: Pick<User, "trialEndsAt" | "bonusProUntil">, paid: PaidCopy | null | undefined, now = new Date()): SubscriptionState {
  const t = now.getTime();
  const isTrialActive = user.trialEndsAt !== null && user.trialEndsAt.getTime() > t;
  const subscribed = !!paid && paid.tier !== "free" && paid.status !== null && LIVE_STATUSES.has(paid.status);
  const bonusActive = user.bonusProUntil !== null && user.bonusProUntil.getTime() > t;
  let tier: PlanId = subscribed ? paid!.tier : "free";
  if (bonusActive) tier = higherTier(tier, "pro");
  if (isTrialActive) tier = higherTier(tier, "pro");
  const paidEnd = subscribed ? paid!.currentPeriodEnd : null;
  const bonusEnd = bonusActive ? user.bonusProUntil : null;
  // The later of the two is the end shown; the bonus month's end never renews.
  const endIsBonusMonth = bonusEnd !== null && (paidEnd === null || bonusEnd.getTime() > paidEnd.getTime());
  const end = endIsBonusMonth ? bonusEnd : paidEnd;
  // Checked out during the trial: Stripe's own trial runs to the trial's end, when the first charge is.
  const paidStartsAt = subscribed && paid!.status === "trialing" ? paidEnd : null;
  return {
    tier,
    subscribed,
    subscriptionEnd: end?.toISOString() ?? null,
    cancelAtPeriodEnd: subscribed && paid!.cancelAtPeriodEnd === true,
    endIsBonusMonth,
    isTrialActive,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    paidTier: subscribed ? (paid!.tier as PaidPlanId) : null,
    paidStartsAt: paidStartsAt?.toISOString() ?? null,
  };
}

/** The user's subscription state, read from D1. */
export async function loadSubscriptionState(db: Db, user: Pick<User, "id" | "trialEndsAt" | "bonusProUntil">, now = new Date()) {
  return subscriptionOf(user, await billing.findSubscription(db, user.id), now);
}
