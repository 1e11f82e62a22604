import type { AppLoadContext } from "react-router";
import { entitlementsOfAuth } from "@worker/billing/entitlements";
import { requireUser } from "~/lib/auth.server";

/** The signed-in user's plan, entitlements and time zone (its dates) for the Premium screen; visitors go to /auth. */
export function loadSubscriptionPage(args: { request: Request; context: AppLoadContext }) {
  const auth = requireUser(args);
  return { ...entitlementsOfAuth(auth), timeZone: auth.user.timeZone };
}
