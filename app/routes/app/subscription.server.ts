import type { AppLoadContext } from "react-router";
import { entitlementsOf } from "@worker/billing/entitlements";
import { requireUser } from "~/lib/auth.server";

/** The signed-in user's plan and entitlements for the Premium screen; visitors go to /auth. */
export async function loadSubscriptionPage(args: { request: Request; context: AppLoadContext }) {
  return entitlementsOf(args.context.cloudflare.env, requireUser(args).user);
}
