import { plans } from "~/lib/plans";
import type { User } from "../db/accounts";

export type Tier = "free" | "light" | "pro";

/**
 * What /me reports about the user's plan. Until the billing issue adds Stripe subscriptions, the
 * only paid state is the 14-day Pro trial every account starts with.
 */
export function subscriptionOf(user: Pick<User, "trialEndsAt">, now = new Date()) {
  const isTrialActive = user.trialEndsAt !== null && user.trialEndsAt.getTime() > now.getTime();
  const tier: Tier = isTrialActive ? "pro" : "free";
  return {
    tier,
    subscribed: false,
    subscriptionEnd: null as string | null,
    isTrialActive,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
  };
}

/** What the user may use now (the plan config's entitlements of their tier). */
export function entitlementsOf(user: Pick<User, "trialEndsAt">, now = new Date()): string[] {
  return [...plans[subscriptionOf(user, now).tier].entitlements];
}
