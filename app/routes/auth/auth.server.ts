import { data, redirect, type AppLoadContext } from "react-router";
import { signedInCookie } from "~/lib/signed-in-flash";
import { passwordResetLinkState, type TokenOutcome } from "@worker/auth/account-rules";
import { googleConfigured } from "@worker/auth/google";
import { database } from "@worker/db/client";
import { safeNext } from "@worker/auth/safe-next";
import { apiRequestFor } from "@worker/lib/in-process-api";
import { serverI18n } from "~/i18n/i18n.server";
import type { ApiErrorBody } from "~/lib/api";
import { authHref } from "./auth-href";

type Args = { request: Request; context: AppLoadContext };
type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type Tone = "success" | "error" | "info";
export type AuthTab = "sign-in" | "sign-up";

/** Success notices a form's redirect names in `?notice=` (post/redirect/get: a reload posts nothing). */
const NOTICES = {
  "account-created": (t: Translate) => `${t("auth:toasts.accountCreated")} ${t("auth:toasts.accountCreatedCheckEmail")}`,
  "recovery-sent": (t: Translate) => `${t("auth:toasts.emailSent")}: ${t("auth:toasts.checkEmailForInstructions")}`,
  "password-changed": (t: Translate) => t("auth:recovery.done"),
} as const;
type NoticeName = keyof typeof NOTICES;

const referralCodeOf = (query: URLSearchParams) => (/^[A-Za-z0-9]{4,32}$/.test(query.get("ref") ?? "") ? query.get("ref")! : null);

/** A password-reset link that can no longer set a password: what the screen says instead of the form. */
export type RecoveryLinkError = Exclude<TokenOutcome, "ok">;
const RECOVERY_LINK_ERRORS = { expired: "auth:errors.tokenExpired", used: "auth:errors.tokenUsed", invalid: "auth:errors.tokenInvalid" } as const;

/** The notice the query asks for (confirmation link, Google, the profile guard, a finished form). */
function noticeOf(query: URLSearchParams, next: string, t: Translate, recoveryLinkError: RecoveryLinkError | null): { tone: Tone; text: string } | null {
  const confirmError = query.get("confirm_error");
  const googleError = query.get("google_error");
  const notice = query.get("notice");
  if (notice && Object.hasOwn(NOTICES, notice)) return { tone: "success", text: NOTICES[notice as NoticeName](t) };
  if (query.get("confirmed") === "true") return { tone: "success", text: t("auth:notices.confirmed") };
  if (recoveryLinkError) return { tone: "error", text: t(RECOVERY_LINK_ERRORS[recoveryLinkError]) };
  if (query.get("type") === "recovery") return { tone: "info", text: t("auth:recovery.notice") };
  if (confirmError === "expired") return { tone: "error", text: t("auth:notices.confirmExpired") };
  if (confirmError === "used") return { tone: "info", text: t("auth:notices.confirmUsed") };
  if (confirmError === "invalid") return { tone: "error", text: t("auth:notices.confirmInvalid") };
  if (googleError === "unverified") return { tone: "error", text: t("auth:notices.googleUnverified") };
  if (googleError) return { tone: "error", text: t("auth:errors.googleUnexpected") };
  if (/^\/app\/(perfil|profile|settings|configuracoes)(\/|$)/.test(next)) return { tone: "info", text: t("auth:guard.profileRequiresLogin") };
  return null;
}

/** What the /auth screen shows, decided on the server from the session and the query. */
export async function loadAuthScreen({ request, context }: Args) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const next = safeNext(query.get("next"), url.origin);
  // The session the Hono root loaded, a pending second factor included (this screen asks for it).
  const auth = context.auth;
  if (auth && !auth.session.pendingSecondFactor && auth.user.emailConfirmedAt) throw redirect(next);
  const confirmError = query.get("confirm_error");
  const referralCode = referralCodeOf(query);
  const t = translator(context);
  const explicitTab = query.get("tab");
  /** A referral link (/auth?ref=CODE) opens the create-account tab; the action sends the code along. */
  const tab: AuthTab = explicitTab === "signup" || (referralCode && explicitTab !== "signin") ? "sign-up" : "sign-in";
  const recovery = query.get("type") === "recovery";
  const recoveryLinkError = recovery ? await recoveryLinkErrorOf(context, query.get("token") ?? "") : null;
  return {
    next,
    search: url.search,
    pendingSecondFactor: Boolean(auth?.session.pendingSecondFactor),
    unconfirmedEmail: auth && !auth.session.pendingSecondFactor && !auth.user.emailConfirmedAt ? auth.user.email : null,
    recovery,
    /** A used, expired or unknown reset link: the screen says so and offers a new one, not the form. */
    recoveryLinkError,
    forgot: query.get("view") === "forgot",
    notice: noticeOf(query, next, t, recoveryLinkError),
    /** A confirmation link that failed: the screen offers a new e-mail. */
    confirmError: confirmError === "expired" || confirmError === "used" || confirmError === "invalid",
    googleEnabled: googleConfigured(context.cloudflare.env),
    tab,
    title: t("auth:meta.title"),
  };
}

/**
 * Whether the reset link opened can still set a password, read in the Worker without using it up
 * (the contract has no endpoint for it, and none is added: this is the page's own server-side read,
 * the same rules /auth/password-reset/confirm applies). A read that fails shows the form, as before:
 * submitting it still tells.
 */
async function recoveryLinkErrorOf(context: AppLoadContext, token: string): Promise<RecoveryLinkError | null> {
  try {
    const state = await passwordResetLinkState({ db: database(context.cloudflare.env.DB), now: () => new Date() }, token);
    return state === "ok" ? null : state;
  } catch {
    return null;
  }
}

export type AuthForm = "sign-in" | "sign-up" | "forgot" | "new-password" | "two-factor" | "cancel-two-factor" | "resend";

/** A form that did not go through: its message, its fields' messages, and what was typed (no passwords). */
export type AuthActionData = {
  form: AuthForm;
  values: Record<string, string>;
  error?: { message: string; fields: Record<string, string>; unconfirmed?: boolean };
  /** The confirmation e-mail went out (resend). */
  sent?: boolean;
};

export type ApiAnswer =
  | { ok: true; status: number; cookies: string[]; data: unknown }
  /** `retryAfterSeconds`: a throttled answer's Retry-After. */
  | { ok: false; status: number; cookies: string[]; error: ApiErrorBody; retryAfterSeconds?: number };

/** The action's dependencies: the JSON API (in-process) and the page's translations. */
export type AuthActionDeps = { post: (path: string, body?: unknown) => Promise<ApiAnswer>; t: Translate };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const withCookies = (cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return { headers };
};

/**
 * A throttled form says how long to wait (the API's Retry-After, in whole minutes) after the
 * catalogue's "try again later", which alone left people guessing and retrying into the lock.
 */
const withWait = (message: string, answer: Extract<ApiAnswer, { ok: false }>, t: Translate) =>
  answer.status === 429 && answer.retryAfterSeconds ? `${message} ${t("auth:errors.retryIn", { count: Math.max(1, Math.ceil(answer.retryAfterSeconds / 60)) })}` : message;

/** Empty required fields, each marked with the kit's "required" message. */
const emptyOf = (values: Record<string, string>, t: Translate) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => !value.trim()).map(([name]) => [name, t("errors:field.required")]));

/**
 * Runs one of the screen's forms: the screen's own quick checks (the messages it always showed),
 * then the JSON API's endpoint, whose rules, rate limits and messages decide. Success redirects
 * (with the API's Set-Cookie headers); a failure comes back to the form as data.
 */
export async function runAuthForm(form: FormData, url: URL, deps: AuthActionDeps) {
  const { post, t } = deps;
  const next = safeNext(url.searchParams.get("next"), url.origin);
  const intent = text(form, "intent");
  const failed = (name: AuthForm, values: Record<string, string>, message: string, fields: Record<string, string> = {}, status = 400, unconfirmed?: boolean) =>
    data({ form: name, values, error: { message, fields, ...(unconfirmed ? { unconfirmed } : {}) } } satisfies AuthActionData, { status });
  const apiFailed = (name: AuthForm, values: Record<string, string>, answer: Extract<ApiAnswer, { ok: false }>, fallbackKey: string) =>
    failed(name, values, withWait(answer.error.message || t(fallbackKey), answer, t), answer.error.fields ?? {}, answer.status >= 400 ? answer.status : 400, answer.error.code === "email_not_confirmed");

  switch (intent) {
    case "sign-in": {
      const email = text(form, "email").trim();
      const password = text(form, "password");
      const values = { email };
      if (!email || !password) return failed("sign-in", values, t("auth:validation.fillAllFields"), emptyOf({ email, password }, t));
      if (!email.includes("@")) return failed("sign-in", values, t("auth:validation.invalidEmail"), { email: t("auth:validation.invalidEmail") });
      const answer = await post("/auth/login", { email, password });
      if (!answer.ok) return apiFailed("sign-in", values, answer, "auth:errors.loginUnexpected");
      const { twoFactorRequired } = answer.data as { twoFactorRequired: boolean };
      // The session now waits for its second factor: the screen (loader) asks for the code.
      return redirect(twoFactorRequired ? authHref(url.search) : next, withCookies(twoFactorRequired ? answer.cookies : [...answer.cookies, signedInCookie()]));
    }
    case "sign-up": {
      const values = { fullName: text(form, "fullName"), email: text(form, "email").trim() };
      const password = text(form, "password");
      const confirmPassword = text(form, "confirmPassword");
      const empty = emptyOf({ ...values, password, confirmPassword }, t);
      if (Object.keys(empty).length > 0) return failed("sign-up", values, t("auth:validation.fillAllRequiredFields"), empty);
      if (password !== confirmPassword) return failed("sign-up", values, t("auth:validation.passwordsDoNotMatch"), { confirmPassword: t("auth:validation.passwordsDoNotMatch") });
      const referralCode = referralCodeOf(url.searchParams);
      const answer = await post("/auth/signup", { ...values, password, confirmPassword, ...(referralCode ? { referralCode } : {}) });
      if (!answer.ok) return apiFailed("sign-up", values, answer, "auth:errors.signUpUnexpected");
      // The sign-in tab, as the spec has it, even from a referral link (which otherwise opens sign-up).
      return redirect(authHref(url.search, { notice: "account-created", tab: "signin" }), withCookies(answer.cookies));
    }
    case "forgot": {
      const email = text(form, "email").trim();
      const values = { email };
      if (!email) return failed("forgot", values, t("auth:validation.enterYourEmail"), { email: t("auth:validation.enterYourEmail") });
      if (!email.includes("@")) return failed("forgot", values, t("auth:validation.invalidEmail"), { email: t("auth:validation.invalidEmail") });
      const answer = await post("/auth/password-reset", { email });
      if (!answer.ok) return apiFailed("forgot", values, answer, "auth:errors.resetFailed");
      return redirect(authHref(url.search, { notice: "recovery-sent" }), withCookies(answer.cookies));
    }
    case "new-password": {
      const password = text(form, "password");
      const confirm = text(form, "confirmPassword");
      if (!password || !confirm) return failed("new-password", {}, t("auth:validation.fillAllFields"), emptyOf({ password, confirmPassword: confirm }, t));
      if (password.length < 6) return failed("new-password", {}, t("auth:validation.passwordTooShort"), { password: t("auth:validation.passwordTooShort") });
      if (password !== confirm) return failed("new-password", {}, t("auth:validation.passwordsDoNotMatch"), { confirmPassword: t("auth:validation.passwordsDoNotMatch") });
      const answer = await post("/auth/password-reset/confirm", { token: url.searchParams.get("token") ?? "", password });
      if (!answer.ok) return apiFailed("new-password", {}, answer, "auth:errors.unexpected");
      return redirect(authHref(url.search, { notice: "password-changed" }), withCookies(answer.cookies));
    }
    case "two-factor": {
      const code = text(form, "code").trim();
      if (!code) return failed("two-factor", {}, t("auth:validation.codeFormat"), { code: t("auth:validation.codeFormat") });
      const answer = await post("/auth/login/two-factor", { code });
      if (!answer.ok) return apiFailed("two-factor", {}, answer, "auth:errors.invalidCode");
      return redirect(next, withCookies([...answer.cookies, signedInCookie()]));
    }
    case "cancel-two-factor": {
      // No code at hand: the half-signed-in session ends (else /auth would ask for the code until it
      // expired, and no other account could sign in from this browser), back to the sign-in form.
      const answer = await post("/auth/logout");
      return redirect(authHref(url.search), withCookies(answer.cookies));
    }
    case "resend": {
      // Signed in (the unconfirmed-address screen) the API takes the account's address; else the typed one.
      const email = text(form, "email").trim();
      const answer = await post("/auth/resend-confirmation", form.has("email") ? { email } : undefined);
      if (!answer.ok) return apiFailed("resend", { email }, answer, "auth:errors.unexpected");
      return data({ form: "resend", values: { email }, sent: true } satisfies AuthActionData, withCookies(answer.cookies));
    }
    default:
      throw data(null, { status: 400 });
  }
}

function translator(context: AppLoadContext): Translate {
  const i18n = serverI18n(context.lang);
  return (key, vars) => i18n.t(key as never, vars) as string;
}

/** The JSON API as the browser would call it, through the Worker's own root (worker/lib/in-process-api.ts). */
export function inProcessApi(request: Request, context: AppLoadContext): AuthActionDeps["post"] {
  return async (path, body) => {
    const response = await context.fetchApi(apiRequestFor(request, path, { body, lang: context.lang }));
    const cookies = response.headers.getSetCookie();
    const raw = await response.text();
    let payload: unknown = null;
    try {
      payload = raw ? JSON.parse(raw) : null;
    } catch {
      payload = null;
    }
    if (response.ok) return { ok: true, status: response.status, cookies, data: payload };
    const error = (payload as { error?: ApiErrorBody } | null)?.error ?? { code: "unknown", message: "" };
    const retryAfter = Number(response.headers.get("retry-after"));
    return { ok: false, status: response.status, cookies, error, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  };
}

/** The route's action: one of the screen's forms, posted to /auth (works without JavaScript). */
export async function authAction({ request, context }: Args) {
  const form = await request.formData();
  return runAuthForm(form, new URL(request.url), { post: inProcessApi(request, context), t: translator(context) });
}
