import type { Entitlement } from "~/lib/plans";

/** An API route (under /api/v1) that needs an entitlement. `:param` segments match any value. */
export type PremiumRoute = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string; entitlement: Entitlement };

/**
 * Every premium API route, enforced centrally by `premiumGuard` in worker/api/index.ts and checked
 * by tests/worker/billing-entitlements.test.ts (each must answer 402 for a Free user after the trial).
 *
 * A module adds its rows here when it lands. Only creating and changing premium items is listed:
 * reads and exports stay open, so a downgraded account keeps its data readable and exportable.
 * Empty for now: no premium module (diary, routines, finances analysis, assistant...) exists yet.
 */
export const PREMIUM_ROUTES: readonly PremiumRoute[] = [
  // { method: "POST", path: "/diary", entitlement: "diary" },
  // { method: "POST", path: "/assistant/messages", entitlement: "assistant" },
];
