import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, Notice } from "~/components/ui/form";
import type { AuthActionData } from "./auth.server";

/**
 * The /auth screen's forms, rendered by the server only (decision 0052): real `<form method="post">`
 * elements posting to the route's action, so they work without JavaScript and the browser's
 * password manager sees them. A form that failed comes back with its message, its fields marked
 * (`aria-invalid`, the first one focused) and what was typed, passwords excepted.
 */
type Result = AuthActionData | undefined;

const linkClass = "inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline";

/** The field a failed form focuses: the first one with a message, else `fallback`. */
function focusOf(result: Result, order: readonly string[], fallback?: string): string | undefined {
  if (!result?.error) return undefined;
  return order.find((name) => result.error!.fields[name]) ?? fallback;
}

function Intent({ name }: { name: AuthActionData["form"] }) {
  return <input type="hidden" name="intent" value={name} />;
}

function FormError({ result, title }: { result: Result; title?: string }) {
  if (!result?.error) return null;
  return (
    <Notice tone="error">
      {title && <span className="block font-semibold">{title}</span>}
      {result.error.message}
    </Notice>
  );
}

function PostForm({ label, children }: { label?: string; children: ReactNode }) {
  return (
    // data-auth-form: the page script holds a submit until a pending offline sign-out has finished.
    <form method="post" noValidate className="space-y-4" aria-label={label} data-auth-form="">
      {children}
    </form>
  );
}

export function SignInForm({ result, resend, forgotHref }: { result: Result; resend: Result; forgotHref: string }) {
  const { t } = useTranslation("auth");
  const fields = result?.error?.fields ?? {};
  const focus = focusOf(result, ["email", "password"], "password");
  const email = result?.values.email ?? resend?.values.email ?? "";
  return (
    <>
      <PostForm label={t("tabs.signIn")}>
        <Intent name="sign-in" />
        <Field
          id="login-email"
          name="email"
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={fields.email}
          autoFocus={focus === "email"}
          required
        />
        <Field
          id="login-password"
          name="password"
          label={t("fields.password")}
          type="password"
          autoComplete="current-password"
          error={fields.password}
          autoFocus={focus === "password"}
          required
        />
        <FormError result={result} title={t("toasts.loginError")} />
        <Button type="submit" className="w-full">
          {t("actions.signIn")}
        </Button>
        <a href={forgotHref} className={linkClass}>
          {t("actions.forgotPassword")}
        </a>
      </PostForm>
      {(result?.error?.unconfirmed || resend) && <ResendConfirmation email={email} result={resend} />}
    </>
  );
}

export function SignUpForm({ result }: { result: Result }) {
  const { t } = useTranslation("auth");
  const fields = result?.error?.fields ?? {};
  const focus = focusOf(result, ["fullName", "email", "password", "confirmPassword"]);
  return (
    <PostForm label={t("tabs.signUp")}>
      <Intent name="sign-up" />
      <Field
        id="signup-name"
        name="fullName"
        label={t("fields.fullName")}
        autoComplete="name"
        defaultValue={result?.values.fullName ?? ""}
        error={fields.fullName}
        autoFocus={focus === "fullName"}
        required
      />
      <Field
        id="signup-email"
        name="email"
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        defaultValue={result?.values.email ?? ""}
        error={fields.email}
        autoFocus={focus === "email"}
        required
      />
      <Field
        id="signup-password"
        name="password"
        label={t("fields.password")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        error={fields.password}
        autoFocus={focus === "password"}
        required
      />
      <Field
        id="signup-confirm"
        name="confirmPassword"
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        error={fields.confirmPassword}
        autoFocus={focus === "confirmPassword"}
        required
      />
      <FormError result={result} title={t("toasts.signupError")} />
      <Button type="submit" className="w-full">
        {t("actions.signUp")}
      </Button>
    </PostForm>
  );
}

export function ForgotPasswordForm({ result, backHref }: { result: Result; backHref: string }) {
  const { t } = useTranslation("auth");
  const fields = result?.error?.fields ?? {};
  return (
    <PostForm>
      <Intent name="forgot" />
      <h1 className="text-xl font-semibold">{t("forgot.title")}</h1>
      <p className="text-sm text-slate-600">{t("forgot.description")}</p>
      <Field
        id="forgot-email"
        name="email"
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        defaultValue={result?.values.email ?? ""}
        error={fields.email}
        autoFocus={Boolean(result?.error)}
      />
      <FormError result={result} />
      <Button type="submit" className="w-full">
        {t("actions.sendRecovery")}
      </Button>
      <a href={backHref} className={linkClass}>
        {t("actions.backToLogin")}
      </a>
    </PostForm>
  );
}

/**
 * The form of a recovery link (/auth?type=recovery&token=): the action reads the token from the URL.
 * A link that is used, expired or invalid says so with a way to ask for a new one (`forgotHref`).
 */
export function NewPasswordForm({ result, backHref, forgotHref }: { result: Result; backHref: string; forgotHref: string }) {
  const { t } = useTranslation("auth");
  const fields = result?.error?.fields ?? {};
  const linkFailed = Boolean(fields.token);
  const focus = focusOf(result, ["password", "confirmPassword"], "password");
  return (
    <PostForm>
      <Intent name="new-password" />
      <h1 className="text-xl font-semibold">{t("recovery.title")}</h1>
      <Field
        id="new-password"
        name="password"
        label={t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        error={fields.password}
        autoFocus={focus === "password"}
      />
      <Field
        id="new-password-confirm"
        name="confirmPassword"
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={fields.confirmPassword}
        autoFocus={focus === "confirmPassword"}
      />
      <FormError result={result} />
      {linkFailed && (
        <a href={forgotHref} className={linkClass}>
          {t("actions.requestNewLink")}
        </a>
      )}
      <Button type="submit" className="w-full">
        {t("actions.setNewPassword")}
      </Button>
      <a href={backHref} className={linkClass}>
        {t("actions.backToLogin")}
      </a>
    </PostForm>
  );
}

/**
 * A reset link that can no longer set a password (used, expired, unknown), known when it is opened:
 * the screen's notice says which, and the way on is a new link, not a form that would fail.
 */
export function RecoveryLinkFailed({ backHref, forgotHref }: { backHref: string; forgotHref: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{t("recovery.title")}</h1>
      <a href={forgotHref} className="block w-full rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700" data-testid="recovery-new-link">
        {t("actions.requestNewLink")}
      </a>
      <a href={backHref} className={linkClass}>
        {t("actions.backToLogin")}
      </a>
    </div>
  );
}

export function TwoFactorForm({ result }: { result: Result }) {
  const { t } = useTranslation("auth");
  return (
    <PostForm>
      <Intent name="two-factor" />
      <h1 className="text-xl font-semibold">{t("twoFactor.title")}</h1>
      <p className="text-sm text-slate-600">{t("twoFactor.description")}</p>
      {/* Focused at once: the screen asks for nothing else. */}
      <Field id="totp-code" name="code" label={t("fields.code")} inputMode="numeric" autoComplete="one-time-code" error={result?.error?.fields.code} autoFocus />
      {/* Said once: a wrong code is told under the field (focused, so it is read out), not again below. */}
      {result?.error?.message !== result?.error?.fields.code && <FormError result={result} />}
      <Button type="submit" className="w-full">
        {t("actions.verify")}
      </Button>
    </PostForm>
  );
}

/** No code at hand: ends the half-signed-in session and goes back to the sign-in form. */
export function CancelTwoFactor() {
  const { t } = useTranslation("auth");
  return (
    <form method="post" noValidate data-auth-form="">
      <Intent name="cancel-two-factor" />
      <Button type="submit" variant="link">
        {t("actions.cancelTwoFactor")}
      </Button>
    </form>
  );
}

/**
 * Asks for a new confirmation e-mail (the answer never says whether the address exists): for the
 * address just typed into the sign-in form (`email`), or one typed here.
 */
export function ResendConfirmation({ email, result }: { email?: string; result: Result }) {
  const { t } = useTranslation("auth");
  if (result?.sent) return <Notice tone="success">{t("banner.sent")}</Notice>;
  return (
    <form method="post" noValidate className="space-y-2 rounded-lg bg-slate-50 p-3" data-auth-form="">
      <Intent name="resend" />
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <Field
          id="resend-email"
          name="email"
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          defaultValue={result?.values.email ?? ""}
          error={result?.error?.fields.email}
          autoFocus={Boolean(result?.error)}
        />
      )}
      <FormError result={result} />
      <Button type="submit" variant="secondary">
        {t("actions.resendConfirmation")}
      </Button>
    </form>
  );
}

/** Signed in, but the address still awaits confirmation (e.g. after changing it). */
export function UnconfirmedScreen({ email, result, reloadHref }: { email: string; result: Result; reloadHref: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-xl font-semibold">{t("unconfirmed.title")}</h1>
      <p className="text-slate-600">{t("unconfirmed.description", { email })}</p>
      {result?.sent && <Notice tone="success">{t("banner.sent")}</Notice>}
      <FormError result={result} />
      <form method="post" className="flex justify-center gap-3" data-auth-form="">
        {/* No address: the API sends to the signed-in account's. */}
        <Intent name="resend" />
        <Button type="submit" variant="secondary">
          {t("actions.resendConfirmation")}
        </Button>
        {/* "Already confirmed": the page again, which moves on once the address is confirmed. */}
        <a href={reloadHref} className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
          {t("actions.alreadyConfirmed")}
        </a>
      </form>
    </div>
  );
}

export function GoogleButton({ next }: { next: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {t("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a
        href={`/api/v1/auth/google?next=${encodeURIComponent(next)}`}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
        </svg>
        {t("actions.google")}
      </a>
    </div>
  );
}
