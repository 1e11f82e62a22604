import { Hono } from "hono";
import { z } from "zod";
import * as rules from "../auth/account-rules";
import { signedInCookie } from "~/lib/signed-in-flash";
import { completeGoogleSignIn, googleConfigured, startGoogleSignIn } from "../auth/google";
import { accountDeps, sessionDeps } from "../auth/middleware";
import { clearSessionCookie, revokeSession, sessionCookie } from "../auth/sessions";
import { safeNext } from "../auth/safe-next";
import { verifySecondFactor } from "../auth/two-factor";
import { readCookie } from "~/i18n/language";
import { recordReferral } from "../billing/checkout";
import { syncCustomerEmail } from "../billing/customer-email";
import { database } from "../db/client";
import { stripeFor } from "../billing/stripe-client";
import { ApiError, apiError } from "../lib/errors";
import { log } from "../lib/log";
import { notifySecurityEvent, onSignIn } from "../notifications/account-events";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";
import { publicUser } from "../auth/public-user";

// Field rules of the specification (section 5), with its messages as catalogue keys.
export const email = (requiredKey: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, requiredKey)
    .max(254, "auth:validation.emailTooLong")
    .refine((v) => v.includes("@"), "auth:validation.invalidEmail")
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "auth:validation.emailFormat");
const newPassword = (requiredKey: string) =>
  z.string().min(1, requiredKey).min(6, "auth:validation.passwordTooShort").max(256, "auth:validation.passwordTooLong");

export const signUpSchema = z
  .object({
    fullName: z.string().trim().min(1, "auth:validation.fillAllRequiredFields").max(120),
    email: email("auth:validation.fillAllRequiredFields"),
    password: newPassword("auth:validation.fillAllRequiredFields"),
    confirmPassword: z.string().min(1, "auth:validation.fillAllRequiredFields").max(256, "auth:validation.passwordTooLong"),
    /** From a referral link (/auth?ref=CODE); an unknown code never fails the sign-up. */
    referralCode: z.string().trim().max(32).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "auth:validation.passwordsDoNotMatch", path: ["confirmPassword"] });

export const logInSchema = z.object({
  email: email("auth:validation.emailAndPasswordRequired"),
  password: z.string().min(1, "auth:validation.emailAndPasswordRequired").max(256, "auth:validation.passwordTooLong"),
});

const emailOnlySchema = z.object({ email: email("auth:validation.enterYourEmail") });
const resetConfirmSchema = z.object({
  token: z.string().min(1).max(100),
  password: newPassword("errors:field.required"),
});
const codeSchema = z.object({ code: z.string().trim().min(1, "auth:validation.codeFormat").max(32, "auth:validation.codeFormat") });

const requestInfo = (c: { req: { header: (name: string) => string | undefined } }, language: rules.RequestInfo["language"]): rules.RequestInfo => ({
  language,
  ip: c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0].trim() ?? "local",
  userAgent: c.req.header("user-agent") ?? "",
});

const OAUTH_COOKIE_PATH = "/api/v1/auth/google";
const oauthCookie = (name: string, value: string, secure: boolean, maxAge = 600) =>
  `${name}=${value}; Path=${OAUTH_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;

export const auth = new Hono<AppEnv>()
  .post("/signup", validate("json", signUpSchema), async (c) => {
    const { referralCode, ...input } = c.req.valid("json");
    const { userId } = await rules.signUp(accountDeps(c.env), input, requestInfo(c, c.get("lang")));
    if (referralCode) await recordReferral(c.env, userId, referralCode);
    return c.json({ ok: true }, 201);
  })

  .post("/login", validate("json", logInSchema), async (c) => {
    const input = c.req.valid("json");
    const result = await rules.logIn(accountDeps(c.env), input, requestInfo(c, c.get("lang")));
    c.header("Set-Cookie", sessionCookie(c.req.url, result.token, result.session.expiresAt));
    if (!result.twoFactorRequired) await onSignIn(c.env, result.user, requestInfo(c, c.get("lang")));
    return c.json({ user: publicUser(result.user, result.session), twoFactorRequired: result.twoFactorRequired });
  })

  .post("/login/two-factor", validate("json", codeSchema), async (c) => {
    const auth = c.get("auth");
    if (!auth || !auth.session.pendingSecondFactor) throw apiError("unauthenticated");
    const session = await verifySecondFactor({ ...accountDeps(c.env), env: c.env }, auth.session, c.req.valid("json").code);
    await onSignIn(c.env, auth.user, requestInfo(c, c.get("lang")));
    return c.json({ user: publicUser(auth.user, session) });
  })

  .post("/logout", async (c) => {
    const auth = c.get("auth");
    if (auth) await revokeSession(sessionDeps(c.env), auth.user.id, auth.session.id);
    c.header("Set-Cookie", clearSessionCookie(c.req.url));
    return c.body(null, 204);
  })

  .get("/confirm", async (c) => {
    const token = c.req.query("token") ?? "";
    // A changed address, once proven, becomes the Stripe customer's too (receipts, invoices); a
    // Stripe failure is logged and retried at the next checkout or portal opening, never refused here.
    const outcome = await rules.confirmEmail(accountDeps(c.env), token, (user) => syncCustomerEmail({ db: database(c.env.DB), stripe: () => stripeFor(c.env) }, user));
    return c.redirect(outcome === "ok" ? "/auth?confirmed=true" : `/auth?confirm_error=${outcome}`, 302);
  })

  .post("/resend-confirmation", async (c) => {
    // Signed in (the banner's button) or by address (the sign-in screen), answered alike.
    const auth = c.get("auth");
    let address = auth?.user.email;
    if (!address) {
      const parsed = emailOnlySchema.safeParse(await c.req.json().catch(() => ({})));
      if (!parsed.success) throw new ApiError("validation_failed", 400, "auth:validation.enterYourEmail", { email: "auth:validation.enterYourEmail" });
      address = parsed.data.email;
    }
    await rules.resendConfirmation(accountDeps(c.env), address, c.get("lang"), requestInfo(c, c.get("lang")).ip);
    return c.body(null, 204);
  })

  .post("/password-reset", validate("json", emailOnlySchema), async (c) => {
    await rules.requestPasswordReset(accountDeps(c.env), c.req.valid("json").email, requestInfo(c, c.get("lang")));
    return c.body(null, 204);
  })

  .post("/password-reset/confirm", validate("json", resetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const { userId } = await rules.resetPassword(accountDeps(c.env), token, password);
    await notifySecurityEvent(c.env, userId, "passwordChanged");
    return c.body(null, 204);
  })

  .get("/google", (c) => {
    if (!googleConfigured(c.env)) return c.redirect("/auth?google_error=unavailable", 302);
    const { url, state, codeVerifier } = startGoogleSignIn(c.env, accountDeps(c.env).appUrl);
    const secure = new URL(c.req.url).protocol === "https:";
    c.header("Set-Cookie", oauthCookie("google_oauth_state", state, secure), { append: true });
    c.header("Set-Cookie", oauthCookie("google_code_verifier", codeVerifier, secure), { append: true });
    c.header("Set-Cookie", oauthCookie("google_next", encodeURIComponent(safeNext(c.req.query("next"), new URL(c.req.url).origin)), secure), { append: true });
    return c.redirect(url.toString(), 302);
  })

  .get("/google/callback", async (c) => {
    const cookies = c.req.header("cookie");
    const state = readCookie(cookies, "google_oauth_state");
    const codeVerifier = readCookie(cookies, "google_code_verifier");
    const next = safeNext(readCookie(cookies, "google_next"), new URL(c.req.url).origin);
    const secure = new URL(c.req.url).protocol === "https:";
    for (const name of ["google_oauth_state", "google_code_verifier", "google_next"]) {
      c.header("Set-Cookie", oauthCookie(name, "", secure, 0), { append: true });
    }
    const code = c.req.query("code");
    if (!state || !codeVerifier || !code || c.req.query("state") !== state) return c.redirect("/auth?google_error=failed", 302);
    try {
      const result = await completeGoogleSignIn({ ...accountDeps(c.env), env: c.env }, { code, codeVerifier }, requestInfo(c, c.get("lang")));
      c.header("Set-Cookie", sessionCookie(c.req.url, result.token, result.session.expiresAt), { append: true });
      // Signing in again (e.g. to confirm a sensitive action) replaces this browser's previous session.
      const previous = c.get("auth");
      if (previous && previous.user.id === result.user.id) await revokeSession(sessionDeps(c.env), previous.user.id, previous.session.id);
      if (!result.session.pendingSecondFactor) {
        await onSignIn(c.env, result.user, requestInfo(c, c.get("lang")));
        // The app's shell says "Bem-vindo!" once, as after the sign-in form.
        c.header("Set-Cookie", signedInCookie(), { append: true });
      }
      return c.redirect(result.session.pendingSecondFactor ? `/auth?step=two-factor&next=${encodeURIComponent(next)}` : next, 302);
    } catch (err) {
      if (err instanceof ApiError && err.code === "google_unverified") return c.redirect("/auth?google_error=unverified", 302);
      log("warn", "google_sign_in_failed", { requestId: c.get("requestId"), error: err instanceof Error ? err.message : String(err) });
      return c.redirect("/auth?google_error=failed", 302);
    }
  });

