import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Button, Field, Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";

/**
 * The sign-in screen's forms that its first paint does not need (sign-up tab, forgot password,
 * new password, two-factor, confirmation e-mail, unconfirmed address): loaded with React.lazy, so
 * they are out of /auth's first-load JavaScript (decision 0042). The server still renders whichever
 * the page opens on.
 */
const emptySignUp = {
  fullName: "",
  email: "",
  password: "",
  confirmPassword: "",
};

export function SignUpForm({ onCreated, referralCode }: { onCreated: () => void; referralCode: string | null }) {
  const { t } = useTranslation("auth");
  const [form, setForm] = useState(emptySignUp);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof emptySignUp) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFields({});
    if (Object.values(form).some((value) => !value.trim())) return setError(t("validation.fillAllRequiredFields"));
    if (form.password !== form.confirmPassword) return setError(t("validation.passwordsDoNotMatch"));
    setBusy(true);
    const result = await apiFetch("/auth/signup", {
      body: {
        ...form,
        email: form.email.trim(),
        ...(referralCode ? { referralCode } : {}),
      },
    });
    setBusy(false);
    if (!result.ok) {
      setFields(result.error.fields ?? {});
      return setError(result.error.message || t("errors.signUpUnexpected"));
    }
    setForm(emptySignUp);
    onCreated();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("tabs.signUp")}>
      <Field id="signup-name" label={t("fields.fullName")} autoComplete="name" value={form.fullName} onChange={set("fullName")} error={fields.fullName} required />
      <Field id="signup-email" label={t("fields.email")} type="email" autoComplete="email" value={form.email} onChange={set("email")} error={fields.email} required />
      <Field
        id="signup-password"
        label={t("fields.password")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        value={form.password}
        onChange={set("password")}
        error={fields.password}
        required
      />
      <Field
        id="signup-confirm"
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        value={form.confirmPassword}
        onChange={set("confirmPassword")}
        error={fields.confirmPassword}
        required
      />
      {error && (
        <Notice tone="error">
          <span className="block font-semibold">{t("toasts.signupError")}</span>
          {error}
        </Notice>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("actions.signUp")}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm({ onBack, onSent }: { onBack: () => void; onSent: (text: string) => void }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(t("validation.enterYourEmail"));
    if (!email.includes("@")) return setError(t("validation.invalidEmail"));
    setBusy(true);
    const result = await apiFetch("/auth/password-reset", {
      body: { email: email.trim() },
    });
    setBusy(false);
    if (!result.ok) return setError(result.error.message || t("errors.resetFailed"));
    onSent(`${t("toasts.emailSent")}: ${t("toasts.checkEmailForInstructions")}`);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">{t("forgot.title")}</h1>
      <p className="text-sm text-slate-600">{t("forgot.description")}</p>
      <Field id="forgot-email" label={t("fields.email")} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("actions.sendRecovery")}
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        {t("actions.backToLogin")}
      </Button>
    </form>
  );
}

export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setError(t("validation.fillAllFields"));
    if (password.length < 6) return setError(t("validation.passwordTooShort"));
    if (password !== confirm) return setError(t("validation.passwordsDoNotMatch"));
    setBusy(true);
    const result = await apiFetch("/auth/password-reset/confirm", {
      body: { token, password },
    });
    setBusy(false);
    if (!result.ok) return setError(result.error.message || t("errors.unexpected"));
    window.history.replaceState(null, "", "/auth");
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">{t("recovery.title")}</h1>
      <Field
        id="new-password"
        label={t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        minLength={6}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        id="new-password-confirm"
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("actions.setNewPassword")}
      </Button>
    </form>
  );
}

export function TwoFactorForm({ next }: { next: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t("validation.codeFormat"));
    const result = await apiFetch("/auth/login/two-factor", {
      body: { code: code.trim() },
    });
    if (!result.ok) return setError(result.error.message || t("errors.invalidCode"));
    navigate(next, { replace: true });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">{t("twoFactor.title")}</h1>
      <p className="text-sm text-slate-600">{t("twoFactor.description")}</p>
      <Field id="totp-code" label={t("fields.code")} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="w-full">
        {t("actions.verify")}
      </Button>
    </form>
  );
}

/** Asks for a new confirmation e-mail (the answer never says whether the address exists). */
export function ResendConfirmation({ initialEmail = "" }: { initialEmail?: string }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<"idle" | "sent" | "error">("idle");
  const [error, setError] = useState("");

  async function resend() {
    const result = await apiFetch("/auth/resend-confirmation", {
      body: { email: email.trim() },
    });
    if (result.ok) setState("sent");
    else {
      setState("error");
      setError(result.error.message);
    }
  }

  if (state === "sent") return <Notice tone="success">{t("banner.sent")}</Notice>;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3">
      {!initialEmail && <Field id="resend-email" label={t("fields.email")} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      {state === "error" && <Notice tone="error">{error}</Notice>}
      <Button type="button" variant="secondary" onClick={resend} disabled={!email.includes("@")}>
        {t("actions.resendConfirmation")}
      </Button>
    </div>
  );
}

/** Signed in, but the address still awaits confirmation (e.g. after changing it). */
export function UnconfirmedScreen({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const { revalidate } = useRevalidator();
  const [sent, setSent] = useState(false);
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-xl font-semibold">{t("unconfirmed.title")}</h1>
      <p className="text-slate-600">{t("unconfirmed.description", { email })}</p>
      {sent && <Notice tone="success">{t("banner.sent")}</Notice>}
      <div className="flex justify-center gap-3">
        <Button type="button" variant="secondary" onClick={async () => setSent((await apiFetch("/auth/resend-confirmation", { method: "POST" })).ok)}>
          {t("actions.resendConfirmation")}
        </Button>
        <Button type="button" onClick={() => revalidate()}>
          {t("actions.alreadyConfirmed")}
        </Button>
      </div>
    </div>
  );
}
