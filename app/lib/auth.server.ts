import { redirect, type AppLoadContext } from "react-router";
import type { Auth } from "@worker/auth/middleware";
import { publicUser } from "@worker/auth/public-user";
import { entitlementsOfAuth } from "@worker/billing/entitlements";

// The Hono root authenticates each request once and puts the session in the load context
// (worker/app.ts): loaders read it here and never validate the cookie again.

type Args = { request: Request; context: AppLoadContext };

/** The signed-in session of a page request (second factor done), or null. */
export function signedIn(context: AppLoadContext): Auth | null {
  const auth = context.auth;
  return auth && !auth.session.pendingSecondFactor ? auth : null;
}

/** Where to come back after signing in: this page (the /auth loader keeps it only if it is ours). */
function nextParam(request: Request) {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
}

/** The guard of signed-in pages: visitors (and a pending second factor) go to /auth and come back. */
export function requireUser({ request, context }: Args): Auth {
  const auth = signedIn(context);
  if (!auth) throw redirect(`/auth?next=${nextParam(request)}`);
  return auth;
}

/** What every /app screen needs to know about the user (serialisable). */
export function appUser(auth: Auth) {
  // The profile and the paid subscription came with the session's read of the user: no D1 here.
  const { profile } = auth;
  const { subscription, entitlements } = entitlementsOfAuth(auth);
  return {
    user: publicUser(auth.user, auth.session),
    profile: { hasCompletedOnboarding: profile?.hasCompletedOnboarding ?? false, firstModules: profile?.firstModules ?? [] },
    subscription,
    entitlements: entitlements as string[],
  };
}
