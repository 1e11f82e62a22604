import { redirect } from "react-router";
import { entitlementsOf } from "@worker/billing/entitlements";
import { authenticate } from "@worker/auth/middleware";

/** The signed-in user's plan and entitlements for the Premium screen; visitors go to /auth. */
export async function loadSubscriptionPage(env: Env, request: Request) {
  const auth = await authenticate(env, request);
  if (!auth || auth.session.pendingSecondFactor) throw redirect("/auth");
  return entitlementsOf(env, auth.user);
}
