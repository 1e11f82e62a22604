import { redirect, type AppLoadContext } from "react-router";
import { safeNext } from "@worker/auth/safe-next";
import { googleConfigured } from "@worker/auth/google";

/** What the /auth screen shows, decided on the server from the session and the query. */
export async function loadAuthScreen({ request, context }: { request: Request; context: AppLoadContext }) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const next = safeNext(query.get("next"), url.origin);
  // The session the Hono root loaded, a pending second factor included (this screen asks for it).
  const auth = context.auth;
  if (auth && !auth.session.pendingSecondFactor && auth.user.emailConfirmedAt) throw redirect(next);
  const confirmError = query.get("confirm_error");
  const googleError = query.get("google_error");
  return {
    next,
    pendingSecondFactor: Boolean(auth?.session.pendingSecondFactor),
    unconfirmedEmail: auth && !auth.session.pendingSecondFactor && !auth.user.emailConfirmedAt ? auth.user.email : null,
    confirmed: query.get("confirmed") === "true",
    recoveryToken: query.get("type") === "recovery" ? (query.get("token") ?? "") : null,
    confirmError: confirmError === "expired" || confirmError === "used" || confirmError === "invalid" ? confirmError : null,
    googleError: googleError === "unverified" ? "unverified" : googleError ? "failed" : null,
    googleEnabled: googleConfigured(context.cloudflare.env),
    /** A referral link's code (/auth?ref=CODE), sent along with the sign-up. */
    referralCode: /^[A-Za-z0-9]{4,32}$/.test(query.get("ref") ?? "") ? query.get("ref")! : null,
  };
}
