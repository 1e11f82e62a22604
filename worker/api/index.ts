import { Hono } from "hono";
import { apiError } from "../lib/errors";
import { jsonBodies } from "../middleware/body";
import type { AppEnv } from "../types";
import { userLanguage } from "../auth/middleware";
import { premiumGuard } from "../billing/entitlements";
import { PREMIUM_ROUTES } from "../billing/premium-routes";
import { auth } from "./auth";
import { feedbackApi } from "./feedback";
import { billingApi } from "./billing";
import { health } from "./health";
import { featureFlagsApi } from "./feature-flags";
import { me } from "./me";
import { notificationPreferencesApi } from "./notification-preferences";
import { notificationsApi } from "./notifications";
import { realtimeApi } from "./realtime";
import { searchApi } from "./search";

/** Paths under /api/v1 whose bodies are not JSON (they validate their own media type). */
export const NON_JSON_PATHS = ["/api/v1/billing/webhook"];

/** The JSON API, mounted at /api/v1. One sub-app per resource. */
export const api = new Hono<AppEnv>();

api.use("*", jsonBodies({ except: NON_JSON_PATHS }));

// The root loaded the session (if any); routes that need one say requireUser. Messages follow
// the user's language.
api.use("*", userLanguage);
// Premium routes (worker/billing/premium-routes.ts) answer 402 without the entitlement.
api.use("*", premiumGuard(PREMIUM_ROUTES));

api.route("/health", health);
api.route("/auth", auth);
api.route("/me", me);
api.route("/notifications", notificationsApi);
api.route("/notification-preferences", notificationPreferencesApi);
api.route("/feature-flags", featureFlagsApi);
// WebSocket upgrade to the user's Durable Object (notifications and entity changes).
api.route("/realtime", realtimeApi);
api.route("/feedback", feedbackApi);
api.route("/search", searchApi);
api.route("/billing", billingApi);

// Unknown API paths answer JSON, never the HTML not-found page.
api.all("*", () => {
  throw apiError("not_found");
});
