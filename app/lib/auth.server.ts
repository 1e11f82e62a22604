import { redirect, type AppLoadContext } from "react-router";
import { authenticate, type Auth } from "@worker/auth/middleware";
import { entitlementsOf } from "@worker/billing/entitlements";
import { getProfile } from "@worker/db/accounts";
import { database } from "@worker/db/client";
import { publicUser } from "@worker/api/me";

type Args = { request: Request; context: AppLoadContext };

/** The signed-in session of a page request (second factor done), or null. */
export async function getAuth({ request, context }: Args): Promise<Auth | null> {
  const auth = await authenticate(context.cloudflare.env, request, { waitUntil: (p) => context.cloudflare.ctx.waitUntil(p) });
  if (auth?.refreshedCookie) context.refreshSessionCookie?.(auth.refreshedCookie);
  return auth && !auth.session.pendingSecondFactor ? auth : null;
}

/** Where to come back after signing in: this page, kept only if it is a path on this site. */
function nextParam(request: Request) {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
}

/** Guard for /app pages: signed-out visitors go to /auth and come back here after sign-in. */
export async function requireUser(args: Args) {
  const auth = await getAuth(args);
  if (!auth) throw redirect(`/auth?next=${nextParam(args.request)}`);
  return auth;
}

/** What every /app screen needs to know about the user (serialisable). */
export async function appUser(args: Args, auth: Auth) {
  const env = args.context.cloudflare.env;
  const [profile, { subscription, entitlements }] = await Promise.all([getProfile(database(env.DB), auth.user.id), entitlementsOf(env, auth.user)]);
  return {
    user: publicUser(auth.user, auth.session),
    profile: { hasCompletedOnboarding: profile?.hasCompletedOnboarding ?? false, firstModules: profile?.firstModules ?? [] },
    subscription,
    entitlements: entitlements as string[],
  };
}
