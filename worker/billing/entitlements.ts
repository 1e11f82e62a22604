import { createMiddleware } from "hono/factory";
import { entitlementsFor, hasEntitlement, type Entitlement } from "~/lib/plans";
import { currentAuth } from "../auth/middleware";
import { database } from "../db/client";
import { ApiError, apiError } from "../lib/errors";
import type { AppEnv } from "../types";
import type { PremiumRoute } from "./premium-routes";
import { profileAndSubscription, type User } from "../db/accounts";
import { loadSubscriptionState, subscriptionOf } from "./subscription";

/** 402 premium_required: 'Funcionalidade Premium - disponível apenas para utilizadores Premium'. */
export const premiumRequired = (entitlement: Entitlement) =>
  new ApiError("premium_required", 402, "errors:premium_required", undefined, { "X-Rumo-Entitlement": entitlement });

/** The signed-in user's subscription state and entitlements (the one mapping, from app/lib/plans). */
export async function entitlementsOf(env: Env, user: Parameters<typeof loadSubscriptionState>[1]) {
  const subscription = await loadSubscriptionState(database(env.DB), user);
  return { subscription, entitlements: entitlementsFor(subscription) };
}

/** The user's profile with their subscription state and entitlements, in one D1 round trip (/me, the /app layout). */
export async function profileAndEntitlementsOf(env: Env, user: Pick<User, "id" | "trialEndsAt" | "bonusProUntil">, now = new Date()) {
  const { profile, subscription: paid } = await profileAndSubscription(database(env.DB), user.id);
  const subscription = subscriptionOf(user, paid, now);
  return { profile, subscription, entitlements: entitlementsFor(subscription) };
}

/** Route guard: the signed-in user must have `key`, else 402 premium_required. */
export const requireEntitlement = (key: Entitlement) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = currentAuth(c);
    const { subscription } = await entitlementsOf(c.env, user);
    if (!hasEntitlement(subscription, key)) throw premiumRequired(key);
    await next();
  });

const matches = (pattern: string, path: string) => {
  const a = pattern.split("/").filter(Boolean);
  const b = path.split("/").filter(Boolean);
  return a.length === b.length && a.every((segment, i) => segment.startsWith(":") || segment === b[i]);
};

/** The premium route (if any) that a request under the API prefix hits. */
export function premiumRouteFor(routes: readonly PremiumRoute[], method: string, path: string): PremiumRoute | undefined {
  return routes.find((route) => route.method === method.toUpperCase() && matches(route.path, path));
}

/**
 * Enforces a registry of premium routes for a whole API (mounted once, after the session is
 * loaded): anonymous requests get 401, users without the entitlement 402.
 */
export const premiumGuard = (routes: readonly PremiumRoute[], prefix = "/api/v1") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const route = premiumRouteFor(routes, c.req.method, c.req.path.slice(prefix.length));
    if (route) {
      const auth = c.get("auth");
      if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
      const { subscription } = await entitlementsOf(c.env, auth.user);
      if (!hasEntitlement(subscription, route.entitlement)) throw premiumRequired(route.entitlement);
    }
    await next();
  });
