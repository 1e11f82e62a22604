import type { I18nHandle } from "~/i18n/route-namespaces";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { Button, Field, Notice } from "~/components/ui/form";
import { Tabs } from "~/components/ui/tabs";
import { serverI18n } from "~/i18n/i18n.server";
import { apiFetch } from "~/lib/api";
import { whenIdle } from "~/lib/on-demand";
import { finishPendingSignOut, pendingSignOut } from "~/lib/offline/sign-out-pending";
import type { Route } from "./+types/auth";
import { loadAuthScreen } from "./auth.server";

export const handle: I18nHandle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  return {
    ...(await loadAuthScreen(args)),
    title: serverI18n(args.context.lang).t("auth:meta.title"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

// Everything but the sign-in form loads on demand (app/routes/auth/auth-forms.tsx): fetched when the
// browser is idle after hydration, or at once when the user reaches for the sign-up tab.
const loadForms = () => import("./auth-forms");
const SignUpForm = lazy(() => loadForms().then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() => loadForms().then((m) => ({ default: m.ForgotPasswordForm })));
const NewPasswordForm = lazy(() => loadForms().then((m) => ({ default: m.NewPasswordForm })));
const TwoFactorForm = lazy(() => loadForms().then((m) => ({ default: m.TwoFactorForm })));
const ResendConfirmation = lazy(() => loadForms().then((m) => ({ default: m.ResendConfirmation })));
const UnconfirmedScreen = lazy(() => loadForms().then((m) => ({ default: m.UnconfirmedScreen })));

type Message = { tone: "success" | "error" | "info"; text: string } | null;

export default function AuthScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
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

  useEffect(() => whenIdle(() => void loadForms()), []);
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
    <>
      <Tabs
        tabs={[
          {
            label: t("tabs.signIn"),
            panelClassName: "focus:outline-none",
            panel: (
              <SignInForm
                key="sign-in"
                next={loaderData.next}
                onTwoFactor={() => setMode("two-factor")}
                onForgot={() => {
                  setMessage(null);
                  setMode("forgot");
                }}
              />
            ),
          },
          {
            label: t("tabs.signUp"),
            panelClassName: "focus:outline-none",
            panel: (
              <SignUpForm
                key="sign-up"
                referralCode={loaderData.referralCode}
                onCreated={() => {
                  setTab(0);
                  setMessage({
                    tone: "success",
                    text: `${t("toasts.accountCreated")} ${t("toasts.accountCreatedCheckEmail")}`,
                  });
                }}
              />
            ),
          },
        ]}
        selectedIndex={tab}
        onChange={setTab}
        onIntent={(index) => index === 1 && void loadForms()}
        listClassName="grid grid-cols-2 rounded-lg bg-slate-100 p-1"
        tabClassName="rounded-md py-2 text-sm font-semibold text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow"
        panelsClassName="mt-6"
      />
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
    </>
  );

  return (
    <main className="flex min-h-[calc(100dvh-2rem)] flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="flex w-full max-w-md items-center justify-between">
        {/* The landing is static (no client JavaScript): a document load, not a client render. */}
        <Link to="/" reloadDocument className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Rumo
        </Link>
        <LanguageSwitch />
      </div>
      <section className="mt-8 w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-brand-100">
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <Suspense fallback={<p className="py-6 text-center text-sm text-slate-500">{tc("loading")}</p>}>
          {loaderData.confirmError && mode === "tabs" && <ResendConfirmation />}
          {content}
        </Suspense>
      </section>
    </main>
  );
}

function SignInForm({ next, onTwoFactor, onForgot }: { next: string; onTwoFactor: () => void; onForgot: () => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{
    text: string;
    unconfirmed?: boolean;
  } | null>(null);
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
      return setError({
        text: result.error.message || t("errors.loginUnexpected"),
        unconfirmed: result.error.code === "email_not_confirmed",
      });
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

