import { higherTier, type PlanId, type SubscriptionState } from "~/lib/plans";
import type { User } from "../db/accounts";
import * as billing from "../db/billing";
import type { Db } from "../db/client";

export type Tier = PlanId;

/** Stripe statuses that keep the paid plan (past_due: Stripe is still retrying the card). */
export const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

type PaidCopy = Pick<billing.SubscriptionRow, "tier" | "status" | "currentPeriodEnd">;

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
  const ends = [subscribed ? paid!.currentPeriodEnd : null, bonusActive ? user.bonusProUntil : null].filter((d): d is Date => d !== null);
  return {
    tier,
    subscribed,
    subscriptionEnd: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))).toISOString() : null,
    isTrialActive,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
  };
}

/** The user's subscription state, read from D1. */
export async function loadSubscriptionState(db: Db, user: Pick<User, "id" | "trialEndsAt" | "bonusProUntil">, now = new Date()) {
  return subscriptionOf(user, await billing.findSubscription(db, user.id), now);
}
