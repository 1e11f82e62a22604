import type { Entitlement } from "~/lib/plans";
import { WORKER_MODULES } from "../modules";
import { premiumRoutesOf } from "../modules/registry";

/** An API route (under /api/v1) that needs an entitlement. `:param` segments match any value. */
export type PremiumRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  entitlement: Entitlement;
  /** Required on a GET: says this read is itself the paid feature (never a user's own items). */
  paidRead?: true;
};

/**
 * The platform's own premium API routes; each module declares its own in its manifest
 * (worker/modules/<key>/index.ts) and the guard in worker/api/index.ts enforces the union.
 * tests/worker/premium-routes.test.ts checks that every one answers 402 for a Free user after the trial.
 *
 * Writes of premium items are listed; reads only when the read itself is the paid feature (finance
 * analysis, insights, CSV export, new weekly reports) and marked `paidRead`. A downgraded user's own
 * items and the JSON export stay readable (docs/decisions/0011-premium-reads.md).
 */
export const PLATFORM_PREMIUM_ROUTES: readonly PremiumRoute[] = [];

/** Every premium route of the running app: the platform's and every module's. */
export const PREMIUM_ROUTES: readonly PremiumRoute[] = premiumRoutesOf(WORKER_MODULES, PLATFORM_PREMIUM_ROUTES);
