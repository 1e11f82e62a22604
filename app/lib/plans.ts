/**
 * Rumo's plans, prices and entitlements: the one config module of DECISIONS.md "Plans and
 * entitlements". Plain data and pure functions only, shared by the Worker (API guard, /me,
 * checkout) and the UI (plan cards, locks, PRO badges). Money is integer cents (EUR).
 */
import { formatMoney } from "~/components/ui/money";

export { ENTITLEMENTS, PAID_PLAN_IDS, PLAN_IDS, cheapestPlanWith, type Entitlement, type PaidPlanId, type PlanId } from "./entitlements";
import { ENTITLEMENTS_OF_PLAN, PAID_PLAN_IDS, PLAN_IDS, type Entitlement, type PaidPlanId, type PlanId } from "./entitlements";

export type Plan = {
  id: PlanId;
  /** Monthly price in cents (EUR). */
  monthlyPriceCents: number;
  /** A crossed-out reference price shown next to the real one, when there is one. */
  compareAtPriceCents: number | null;
  entitlements: readonly Entitlement[];
};

/** The table of DECISIONS.md: Free 0 €, Light 5,99 €, Pro 9,99 € (against a crossed-out 19,99 €). */
export const PLANS = {
  free: { id: "free", monthlyPriceCents: 0, compareAtPriceCents: null, entitlements: ENTITLEMENTS_OF_PLAN.free },
  light: { id: "light", monthlyPriceCents: 599, compareAtPriceCents: null, entitlements: ENTITLEMENTS_OF_PLAN.light },
  pro: { id: "pro", monthlyPriceCents: 999, compareAtPriceCents: 1999, entitlements: ENTITLEMENTS_OF_PLAN.pro },
} as const satisfies Record<PlanId, Plan>;

/** Every new account gets the full Pro plan for this long, without a card. */
export const TRIAL_DAYS = 14;
/** Money-back guarantee (a policy handled through support and the Stripe customer portal). */
export const GUARANTEE_DAYS = 30;

export type Coupon = {
  code: string;
  percentOff: number;
  /** "once": the discount applies to the first paid month only. */
  duration: "once";
  /** Redeemable once per account. */
  oncePerAccount: boolean;
};

/** Coupons Rumo knows. The same id exists as a coupon in Stripe, which also holds its expiry. */
export const COUPONS: readonly Coupon[] = [{ code: "BEMVINDO10", percentOff: 10, duration: "once", oncePerAccount: true }];
export const WELCOME_COUPON = COUPONS[0];
/** What a coupon code may look like before anyone looks it up (anything else is a 400). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** Two referred accounts paying their first invoice give the referrer one free Pro month. */
export const REFERRAL = { paidReferralsPerReward: 2, rewardPlan: "pro", rewardDays: 30 } as const;

/** The subscription state of the API contract (`/me` → `subscription`). */
export type SubscriptionState = {
  tier: PlanId;
  /** A paid Stripe subscription is active (or in Stripe's own trial / grace period). */
  subscribed: boolean;
  /** ISO instant when the current paid period (or the free referral month) ends. */
  subscriptionEnd: string | null;
  /** The paid subscription is set to stop at the end of its period instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** `subscriptionEnd` is the end of a free referral Pro month, which does not renew. */
  endIsBonusMonth: boolean;
  isTrialActive: boolean;
  trialEndsAt: string | null;
  /**
   * The plan of the live paid subscription, or null. It can differ from `tier`: during the Pro trial
   * (or a free referral Pro month) a Light subscriber is on Pro, and Light is what they pay for.
   */
  paidTier: PaidPlanId | null;
  /**
   * When the paid subscription has not been charged yet (Stripe's own trial, which checkout sets to
   * the end of Rumo's trial): the ISO instant of its first charge, when the paid plan starts. Else null.
   */
  paidStartsAt: string | null;
};

/** Whether `subscriptionEnd` is a renewal ('Renova a') rather than the plan's end ('Termina a'). */
export const renewsAtEnd = (state: Pick<SubscriptionState, "cancelAtPeriodEnd" | "endIsBonusMonth">) => !state.cancelAtPeriodEnd && !state.endIsBonusMonth;

/** What the user may do in a given subscription state (the trial and the referral month are Pro). */
export function entitlementsFor(state: Pick<SubscriptionState, "tier">): Entitlement[] {
  return [...PLANS[state.tier].entitlements];
}

/** Whether a state includes one entitlement. */
export const hasEntitlement = (state: Pick<SubscriptionState, "tier">, key: Entitlement) => PLANS[state.tier].entitlements.includes(key as never);

const tierRank: Record<PlanId, number> = { free: 0, light: 1, pro: 2 };
/** The higher of two tiers (a paid Light user with a free Pro month is Pro for that month). */
export const higherTier = (a: PlanId, b: PlanId): PlanId => (tierRank[a] >= tierRank[b] ? a : b);

/** Stripe price ids per paid plan, from the environment (plain vars STRIPE_PRICE_LIGHT / _PRO). */
export function stripePriceIds(env: { STRIPE_PRICE_LIGHT?: string; STRIPE_PRICE_PRO?: string }): Record<PaidPlanId, string> {
  return { light: env.STRIPE_PRICE_LIGHT ?? "", pro: env.STRIPE_PRICE_PRO ?? "" };
}

/** The paid plan of a Stripe price id, or null for a price Rumo does not sell. */
export function planOfPrice(env: { STRIPE_PRICE_LIGHT?: string; STRIPE_PRICE_PRO?: string }, priceId: string): PaidPlanId | null {
  const ids = stripePriceIds(env);
  return PAID_PLAN_IDS.find((id) => ids[id] !== "" && ids[id] === priceId) ?? null;
}

/**
 * A price for display: `formatPrice(999, "pt")` → "9,99 €", `formatPrice(999, "en")` → "€9.99".
 * The app's one money formatter, so an amount of four digits or more is grouped as everywhere else
 * ("1 234,50 €", not pt-PT's default "1234,50 €"): invoices and the search's transactions use it too.
 */
export function formatPrice(cents: number, language: "pt" | "en"): string {
  return formatMoney(cents, language);
}

// Pricing pages -----------------------------------------------------------------------------------

/** The rows of the plans table of DECISIONS.md, each a group of entitlements (pricing pages). */
export const FEATURE_GROUPS = {
  core: ["tasks", "calendar", "goals", "impact", "notifications", "search", "cycle"],
  finances_basic: ["finances.basic"],
  finances_advanced: ["finances.advanced"],
  wellbeing: ["diary", "selfCare", "weeklyReports"],
  calendar_sync: ["calendarSync"],
  ai: ["assistant", "aiInsights"],
} as const satisfies Record<string, readonly Entitlement[]>;
export type FeatureGroup = keyof typeof FEATURE_GROUPS;
export const featureGroupIds = Object.keys(FEATURE_GROUPS) as FeatureGroup[];

/** Whether a plan includes a whole row of the table. */
export const planHasFeatureGroup = (plan: PlanId, group: FeatureGroup) =>
  FEATURE_GROUPS[group].every((key) => (PLANS[plan].entitlements as readonly Entitlement[]).includes(key));

/** Paid plans, cheapest first. */
export function paidPlans() {
  return PAID_PLAN_IDS.map((id) => PLANS[id]).sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
}

/** The cheapest paid plan (the hero's 'Começar Premium' price). */
export const lowestPaidPlan = () => paidPlans()[0];

/** The price after a percent discount, rounded to the nearest cent. */
export const discountedCents = (cents: number, percentOff: number) => Math.round((cents * (100 - percentOff)) / 100);

/** Where a public checkout button leads: sign-in (or sign-up) with the plan chosen, then /app/premium. */
export const checkoutHref = (plan: PaidPlanId) => `/auth?plan=${plan}&next=${encodeURIComponent("/app/premium")}`;
