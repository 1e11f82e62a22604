import { createMiddleware } from "hono/factory";
import { entitlementsFor, hasEntitlement, type Entitlement } from "~/lib/plans";
import { currentAuth, type Auth } from "../auth/middleware";
import { database } from "../db/client";
import { ApiError, apiError } from "../lib/errors";
import type { AppEnv } from "../types";
import { premiumRouteMatcher } from "./premium-route-matcher";
import type { PremiumRoute } from "./premium-routes";
import { loadSubscriptionState, subscriptionOf } from "./subscription";

/** 402 premium_required: 'Funcionalidade Premium - disponível apenas para utilizadores Premium'. */
export const premiumRequired = (entitlement: Entitlement) =>
  new ApiError("premium_required", 402, "errors:premium_required", undefined, { "X-Rumo-Entitlement": entitlement });

/** The signed-in user's subscription state and entitlements (the one mapping, from app/lib/plans). */
export async function entitlementsOf(env: Env, user: Parameters<typeof loadSubscriptionState>[1]) {
  const subscription = await loadSubscriptionState(database(env.DB), user);
  return { subscription, entitlements: entitlementsFor(subscription) };
}

/**
 * The signed-in user's subscription state and entitlements from what the session read already
 * carries (the paid subscription row is read with the user): no D1 round trip.
 */
export function entitlementsOfAuth(auth: Pick<Auth, "user" | "paid">, now = new Date()) {
  const subscription = subscriptionOf(auth.user, auth.paid, now);
  return { subscription, entitlements: entitlementsFor(subscription) };
}

/** Route guard: the signed-in user must have `key`, else 402 premium_required. */
export const requireEntitlement = (key: Entitlement) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { subscription } = entitlementsOfAuth(currentAuth(c));
    if (!hasEntitlement(subscription, key)) throw premiumRequired(key);
    await next();
  });

/**
 * Enforces a registry of premium routes for a whole API (mounted once, after the session is
 * loaded): anonymous requests get 401, users without the entitlement 402.
 */
export function premiumGuard(routes: readonly PremiumRoute[], prefix = "/api/v1") {
  const routeFor = premiumRouteMatcher(routes);
  return createMiddleware<AppEnv>(async (c, next) => {
    // Hono answers HEAD with the GET handler (its side effects included): guard it as that GET.
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const route = routeFor(method, c.req.path.slice(prefix.length));
    if (route) {
      const auth = c.get("auth");
      if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
      const { subscription } = entitlementsOfAuth(auth);
      if (!hasEntitlement(subscription, route.entitlement)) throw premiumRequired(route.entitlement);
    }
    await next();
  });
}
