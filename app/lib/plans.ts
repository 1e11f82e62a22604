/**
 * The one plans config: prices, entitlements and the offers around them (DECISIONS.md, "Plans and
 * entitlements"). Plain data plus small pure helpers; the billing issue adds Stripe price ids from
 * the environment. Money is in integer cents.
 */
import { localeOf, type Language } from "~/i18n/language";

export const planIds = ["free", "light", "pro"] as const;
export type PlanId = (typeof planIds)[number];
export type PaidPlanId = Exclude<PlanId, "free">;

/** What a plan unlocks; the server enforces these on every API route. */
export const entitlementIds = [
  "core", // tasks, calendar, goals, impact dashboard, notifications, search, cycle tracking
  "finances_basic", // transactions, dashboard, filters, natural-language entry
  "finances_advanced", // analysis, savings goals, budgets, CSV export and import
  "wellbeing", // emotional diary, self-care routines, weekly reports
  "calendar_sync", // Google Calendar two-way sync, ICS feed
  "ai", // AI assistant chat and AI insights
] as const;
export type Entitlement = (typeof entitlementIds)[number];

export type Plan = {
  id: PlanId;
  /** Price per month in cents. */
  monthlyPriceCents: number;
  /** A former price shown crossed out next to the current one. */
  compareAtCents?: number;
  interval: "month";
  entitlements: readonly Entitlement[];
};

export const plans = {
  free: { id: "free", monthlyPriceCents: 0, interval: "month", entitlements: ["core", "finances_basic"] },
  light: {
    id: "light",
    monthlyPriceCents: 599,
    interval: "month",
    entitlements: ["core", "finances_basic", "finances_advanced", "wellbeing", "calendar_sync"],
  },
  pro: {
    id: "pro",
    monthlyPriceCents: 999,
    compareAtCents: 1999,
    interval: "month",
    entitlements: ["core", "finances_basic", "finances_advanced", "wellbeing", "calendar_sync", "ai"],
  },
} as const satisfies Record<PlanId, Plan>;

/** Every new account: full Pro for this many days, no card. */
export const TRIAL_DAYS = 14;
export const TRIAL_PLAN: PlanId = "pro";
/** Money-back guarantee, handled through support and the customer portal. */
export const GUARANTEE_DAYS = 30;
/** Welcome coupon: percent off the first paid month, once per account. */
export const WELCOME_COUPON = { code: "BEMVINDO10", percentOff: 10 } as const;
/** Referral: this many referred accounts with a paid first invoice give the referrer free Pro months. */
export const REFERRAL_REWARD = { friendsRequired: 2, freeMonths: 1, plan: "pro" } as const;

export function hasEntitlement(plan: PlanId, entitlement: Entitlement): boolean {
  return (plans[plan].entitlements as readonly Entitlement[]).includes(entitlement);
}

export type PaidPlan = Plan & { id: PaidPlanId };

/** Paid plans, cheapest first. */
export function paidPlans(): PaidPlan[] {
  return Object.values(plans as Record<PlanId, Plan>)
    .filter((plan): plan is PaidPlan => plan.id !== "free" && plan.monthlyPriceCents > 0)
    .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents);
}

/** The cheapest paid plan (the hero's 'Começar Premium' price). */
export function lowestPaidPlan(): PaidPlan {
  return paidPlans()[0];
}

/** 599 → "5,99 €" in pt, "€5.99" in en. */
export function formatCents(cents: number, language: Language): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  return new Intl.NumberFormat(localeOf[language], { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** The price after a percent discount, rounded to the nearest cent. */
export function discountedCents(cents: number, percentOff: number): number {
  return Math.round((cents * (100 - percentOff)) / 100);
}

/** Where a checkout button leads until the billing issue wires Stripe: sign up with the plan chosen. */
export function checkoutHref(plan: PaidPlanId): string {
  return `/auth?plan=${plan}`;
}
