import { Hono } from "hono";
import { notFoundResponse } from "../lib/errors";
import { checkBodies } from "../middleware/body";
import { WORKER_MODULES } from "../modules";
import { bodyRulesOf, mountsOf, premiumRoutesOf, searchSourcesOf, searchTypesOf } from "../modules/registry";
import type { BodyRule, WorkerModule } from "../modules/types";
import { addressBurst } from "../middleware/rate-limit";
import type { AppEnv } from "../types";
import { accountLanguageOnErrors, userLanguage } from "../auth/middleware";
import { premiumGuard } from "../billing/entitlements";
import { PLATFORM_PREMIUM_ROUTES, PREMIUM_ROUTES, type PremiumRoute } from "../billing/premium-routes";
import { activitiesApi } from "./activities";
import { adminApi } from "./admin";
import { auth } from "./auth";
import { feedbackApi } from "./feedback";
import { billingApi } from "./billing";
import { health } from "./health";
import { impactApi, securityApi } from "./impact";
import { featureFlagsApi } from "./feature-flags";
import { me } from "./me";
import { notificationPreferencesApi } from "./notification-preferences";
import { notificationsApi } from "./notifications";
import { realtimeApi } from "./realtime";
import { searchApiFor } from "./search";
import { googleCalendarApi } from "../modules/calendar/google/api";

/** Platform routes whose bodies are not JSON up to 1 MB; modules declare theirs in their manifest. */
export const PLATFORM_BODY_RULES: readonly BodyRule[] = [
  // Stripe signs the raw body: the webhook reads and verifies it itself.
  { method: "POST", path: "/billing/webhook", maxBytes: 1024 * 1024, mediaTypes: "any" },
];

/** The JSON API for a list of modules (mounted at /api/v1): the platform's sub-apps, then each module's. */
export function buildApi(modules: readonly WorkerModule[], premiumRoutes: readonly PremiumRoute[] = premiumRoutesOf(modules, PLATFORM_PREMIUM_ROUTES)) {
  const api = new Hono<AppEnv>();

  api.use("*", checkBodies(bodyRulesOf(modules, PLATFORM_BODY_RULES)));
  // The root loaded the session (if any); routes that need one say requireUser. Messages follow
  // the user's language.
  api.use("*", userLanguage);
  // …also the errors of the routes that read the account themselves, made before they did.
  api.use("*", accountLanguageOnErrors);
  // Premium routes (the platform's and the modules') answer 402 without the entitlement.
  api.use("*", premiumGuard(premiumRoutes));
  // Per-address bursts on the anonymous endpoints that hash passwords, send e-mail or call Stripe.
  for (const path of ["/auth/*", "/billing/checkout", "/billing/coupon"]) api.use(path, addressBurst);

  api.route("/health", health);
  api.route("/auth", auth);
  api.route("/me", me);
  api.route("/notifications", notificationsApi);
  api.route("/notification-preferences", notificationPreferencesApi);
  api.route("/feature-flags", featureFlagsApi);
  // WebSocket upgrade to the user's Durable Object (notifications and entity changes).
  api.route("/realtime", realtimeApi);
  api.route("/feedback", feedbackApi);
  api.route("/activities", activitiesApi);
  api.route("/impact", impactApi);
  api.route("/security", securityApi);
  api.route("/search", searchApiFor(searchTypesOf(modules), searchSourcesOf(modules)));
  api.route("/billing", billingApi);
  api.route("/admin", adminApi);
  for (const { mount, app } of mountsOf(modules)) api.route(mount, app);
  // The calendar's Google sync (docs/decisions/0035): a second mount of the calendar module.
  if (modules.some((m) => m.key === "calendar")) api.route("/calendar/google", googleCalendarApi);

  // Unknown API paths answer JSON, never the HTML not-found page.
  api.all("*", notFoundResponse);
  return api;
}

/** Every body rule of the running app, for the root's size limit (worker/app.ts). */
export const BODY_RULES = bodyRulesOf(WORKER_MODULES, PLATFORM_BODY_RULES);
// The running API guards with PREMIUM_ROUTES itself (the same list, derived once), so what tests see is what is enforced.
export const api = buildApi(WORKER_MODULES, PREMIUM_ROUTES);
