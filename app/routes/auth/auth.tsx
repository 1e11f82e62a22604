import type { I18nHandle } from "~/i18n/route-namespaces";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { Button, Field, Notice } from "~/components/ui/form";
import { serverI18n } from "~/i18n/i18n.server";
import { apiFetch } from "~/lib/api";
import { finishPendingSignOut, pendingSignOut } from "~/lib/offline/sign-out-pending";
import type { Route } from "./+types/auth";
import { loadAuthScreen } from "./auth.server";

export const handle: I18nHandle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  return { ...(await loadAuthScreen(args)), title: serverI18n(args.context.lang).t("auth:meta.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

type Message = { tone: "success" | "error" | "info"; text: string } | null;

export default function AuthScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  // A referral link opens the create-account tab.
  const [tab, setTab] = useState(loaderData.referralCode ? 1 : 0);
  const [mode, setMode] = useState<"tabs" | "forgot" | "two-factor" | "recovery">(
    loaderData.pendingSecondFactor ? "two-factor" : loaderData.recoveryToken !== null ? "recovery" : "tabs",
  );
  const [message, setMessage] = useState<Message>(() => {
    if (loaderData.confirmed) return { tone: "success", text: t("notices.confirmed") };
    if (loaderData.recoveryToken !== null) return { tone: "info", text: t("recovery.notice") };
    if (loaderData.confirmError === "expired") return { tone: "error", text: t("notices.confirmExpired") };
    if (loaderData.confirmError === "used") return { tone: "info", text: t("notices.confirmUsed") };
    if (loaderData.confirmError === "invalid") return { tone: "error", text: t("notices.confirmInvalid") };
    if (loaderData.googleError === "unverified") return { tone: "error", text: t("notices.googleUnverified") };
    if (loaderData.googleError === "failed") return { tone: "error", text: t("errors.googleUnexpected") };
    if (/^\/app\/(perfil|profile|settings|configuracoes)(\/|$)/.test(loaderData.next)) return { tone: "info", text: t("guard.profileRequiresLogin") };
    return null;
  });

  useEffect(() => {
    // A sign-out made offline ends its session here, so it cannot sign the next sign-in out later.
    if (navigator.onLine && !loaderData.pendingSecondFactor && pendingSignOut() !== null) void finishPendingSignOut();
  }, [loaderData.pendingSecondFactor]);

  const content = loaderData.unconfirmedEmail ? (
    <UnconfirmedScreen email={loaderData.unconfirmedEmail} />
  ) : mode === "two-factor" ? (
    <TwoFactorForm next={loaderData.next} />
  ) : mode === "recovery" ? (
    <NewPasswordForm
      token={loaderData.recoveryToken ?? ""}
      onDone={() => {
        setMode("tabs");
        setTab(0);
        setMessage({ tone: "success", text: t("recovery.done") });
      }}
    />
  ) : mode === "forgot" ? (
    <ForgotPasswordForm
      onBack={() => setMode("tabs")}
      onSent={(text) => {
        setMode("tabs");
        setTab(0);
        setMessage({ tone: "success", text });
      }}
    />
  ) : (
    <TabGroup selectedIndex={tab} onChange={setTab}>
      <TabList className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        {[t("tabs.signIn"), t("tabs.signUp")].map((label) => (
          <Tab
            key={label}
            className="rounded-md py-2 text-sm font-semibold text-slate-600 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-400 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow"
          >
            {label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        <TabPanel>
          <SignInForm
            next={loaderData.next}
            onTwoFactor={() => setMode("two-factor")}
            onForgot={() => {
              setMessage(null);
              setMode("forgot");
            }}
          />
        </TabPanel>
        <TabPanel>
          <SignUpForm
            referralCode={loaderData.referralCode}
            onCreated={() => {
              setTab(0);
              setMessage({ tone: "success", text: `${t("toasts.accountCreated")} ${t("toasts.accountCreatedCheckEmail")}` });
            }}
          />
        </TabPanel>
      </TabPanels>
      {loaderData.googleEnabled && (
        <div className="mt-6 space-y-3">
          <div className="flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            {t("or")}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={`/api/v1/auth/google?next=${encodeURIComponent(loaderData.next)}`}
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
      )}
    </TabGroup>
  );

  return (
    <main className="flex min-h-[calc(100dvh-2rem)] flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Rumo
        </Link>
        <LanguageSwitch />
      </div>
      <section className="mt-8 w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-brand-100">
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        {loaderData.confirmError && mode === "tabs" && <ResendConfirmation />}
        {content}
      </section>
    </main>
  );
}

function SignInForm({ next, onTwoFactor, onForgot }: { next: string; onTwoFactor: () => void; onForgot: () => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ text: string; unconfirmed?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    // What the fields hold, even if typed before the page finished loading (React state missed it).
    const fields = new FormData(event.currentTarget);
    const typedEmail = String(fields.get("email") ?? "").trim();
    const typedPassword = String(fields.get("password") ?? "");
    setEmail(typedEmail);
    setPassword(typedPassword);
    if (!typedEmail || !typedPassword) return setError({ text: t("validation.fillAllFields") });
    if (!typedEmail.includes("@")) return setError({ text: t("validation.invalidEmail") });
    setBusy(true);
    const result = await apiFetch<{ twoFactorRequired: boolean }>("/auth/login", { body: { email: typedEmail, password: typedPassword } });
    setBusy(false);
    if (!result.ok) {
      return setError({ text: result.error.message || t("errors.loginUnexpected"), unconfirmed: result.error.code === "email_not_confirmed" });
    }
    if (result.data.twoFactorRequired) return onTwoFactor();
    navigate(next, { replace: true });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("tabs.signIn")}>
      <Field id="login-email" name="email" label={t("fields.email")} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      <Field
        id="login-password"
        name="password"
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && (
        <Notice tone="error">
          <span className="block font-semibold">{t("toasts.loginError")}</span>
          {error.text}
        </Notice>
      )}
      {error?.unconfirmed && <ResendConfirmation initialEmail={email.trim()} />}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("actions.signIn")}
      </Button>
      <Button type="button" variant="link" onClick={onForgot}>
        {t("actions.forgotPassword")}
      </Button>
    </form>
  );
}

const emptySignUp = { fullName: "", email: "", password: "", confirmPassword: "" };

function SignUpForm({ onCreated, referralCode }: { onCreated: () => void; referralCode: string | null }) {
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
    const result = await apiFetch("/auth/signup", { body: { ...form, email: form.email.trim(), ...(referralCode ? { referralCode } : {}) } });
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

function ForgotPasswordForm({ onBack, onSent }: { onBack: () => void; onSent: (text: string) => void }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(t("validation.enterYourEmail"));
    if (!email.includes("@")) return setError(t("validation.invalidEmail"));
    setBusy(true);
    const result = await apiFetch("/auth/password-reset", { body: { email: email.trim() } });
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

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
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
    const result = await apiFetch("/auth/password-reset/confirm", { body: { token, password } });
    setBusy(false);
    if (!result.ok) return setError(result.error.message || t("errors.unexpected"));
    window.history.replaceState(null, "", "/auth");
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">{t("recovery.title")}</h1>
      <Field id="new-password" label={t("fields.newPassword")} type="password" autoComplete="new-password" minLength={6} value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field id="new-password-confirm" label={t("fields.confirmPassword")} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("actions.setNewPassword")}
      </Button>
    </form>
  );
}

function TwoFactorForm({ next }: { next: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t("validation.codeFormat"));
    const result = await apiFetch("/auth/login/two-factor", { body: { code: code.trim() } });
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
function ResendConfirmation({ initialEmail = "" }: { initialEmail?: string }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<"idle" | "sent" | "error">("idle");
  const [error, setError] = useState("");

  async function resend() {
    const result = await apiFetch("/auth/resend-confirmation", { body: { email: email.trim() } });
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
function UnconfirmedScreen({ email }: { email: string }) {
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
