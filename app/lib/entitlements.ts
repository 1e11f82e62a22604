/**
 * The plans' ids and what each unlocks, apart from prices and texts (app/lib/plans.ts, which
 * re-exports these): the shell's badges need only this much on every screen's first load.
 */
export const PLAN_IDS = ["free", "light", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, "free">;
export const PAID_PLAN_IDS = ["light", "pro"] as const satisfies readonly PaidPlanId[];

/** Everything a plan may unlock. The API guard and the UI use these keys, never plan names. */
export const ENTITLEMENTS = [
  "tasks",
  "calendar",
  "goals",
  "impact",
  "notifications",
  "search",
  "cycle",
  "finances.basic",
  "finances.advanced",
  "diary",
  "selfCare",
  "weeklyReports",
  "calendarSync",
  "assistant",
  "aiInsights",
] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

const FREE_ENTITLEMENTS = ["tasks", "calendar", "goals", "impact", "notifications", "search", "cycle", "finances.basic"] as const satisfies readonly Entitlement[];
const LIGHT_ENTITLEMENTS = [...FREE_ENTITLEMENTS, "finances.advanced", "diary", "selfCare", "weeklyReports", "calendarSync"] as const satisfies readonly Entitlement[];
const PRO_ENTITLEMENTS = [...LIGHT_ENTITLEMENTS, "assistant", "aiInsights"] as const satisfies readonly Entitlement[];

/** What each plan unlocks (DECISIONS.md "Plans and entitlements"). */
export const ENTITLEMENTS_OF_PLAN = { free: FREE_ENTITLEMENTS, light: LIGHT_ENTITLEMENTS, pro: PRO_ENTITLEMENTS } as const satisfies Record<PlanId, readonly Entitlement[]>;

/** The cheapest plan that unlocks `key` (what an Upgrade action should offer). */
export function cheapestPlanWith(key: Entitlement): PlanId {
  return PLAN_IDS.find((id) => (ENTITLEMENTS_OF_PLAN[id] as readonly Entitlement[]).includes(key)) ?? "pro";
}

/** The paid plans that unlock `key` (Light and Pro, or Pro alone). */
export const paidPlansWith = (key: Entitlement): PaidPlanId[] => PAID_PLAN_IDS.filter((id) => (ENTITLEMENTS_OF_PLAN[id] as readonly Entitlement[]).includes(key));
