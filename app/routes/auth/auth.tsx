import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { StaticLanguageSwitch } from "~/components/language-switch";
import { Notice } from "~/components/ui/form";
import type { HydrationHandle } from "~/lib/hydration";
import type { Route } from "./+types/auth";
import { CancelTwoFactor, ForgotPasswordForm, GoogleButton, NewPasswordForm, RecoveryLinkFailed, ResendConfirmation, SignInForm, SignUpForm, TwoFactorForm, UnconfirmedScreen } from "./auth-forms";
import { authHref } from "./auth-href";
import { authAction, loadAuthScreen, type AuthActionData, type AuthTab } from "./auth.server";

// A static page (decision 0052): server-rendered forms posting to this route's action, no React in
// the browser; the page script (app/lib/page-script.server.ts) does the language switch and
// finishes a sign-out made offline.
export const handle: I18nHandle & HydrationHandle = { i18n: ["auth"], hydrate: false };

export const loader = (args: Route.LoaderArgs) => loadAuthScreen(args);

export const action = (args: Route.ActionArgs) => authAction(args);

/**
 * A client navigation to /auth from a hydrated page (the app's sign-out, its guard): load it as a
 * document, so it comes as the server sends it, with its page script (which finishes an offline
 * sign-out), as the public layout does for the marketing pages. Offline a document load would end
 * on the browser's error page: the client asks for the data instead, as it always did.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!navigator.onLine) return await serverLoader();
  window.location.assign(request.url);
  return await new Promise<never>(() => undefined);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const result = actionData as AuthActionData | undefined;
  const { search } = loaderData;
  const failed = (form: AuthActionData["form"]) => (result?.form === form ? result : undefined);
  // A failed form comes back on its own tab, whatever the URL says.
  const tab: AuthTab = result?.form === "sign-up" ? "sign-up" : result?.form === "sign-in" ? "sign-in" : loaderData.tab;
  const view = loaderData.unconfirmedEmail
    ? "unconfirmed"
    : loaderData.pendingSecondFactor
      ? "two-factor"
      : loaderData.recovery
        ? "recovery"
        : loaderData.forgot || result?.form === "forgot"
          ? "forgot"
          : "tabs";

  const content =
    view === "unconfirmed" ? (
      <UnconfirmedScreen email={loaderData.unconfirmedEmail!} result={failed("resend")} reloadHref={`/auth${search}`} />
    ) : view === "two-factor" ? (
      <>
        <TwoFactorForm result={failed("two-factor")} />
        <CancelTwoFactor />
      </>
    ) : view === "recovery" && loaderData.recoveryLinkError ? (
      <RecoveryLinkFailed backHref={authHref(search)} forgotHref={authHref(search, { view: "forgot" })} />
    ) : view === "recovery" ? (
      <NewPasswordForm result={failed("new-password")} backHref={authHref(search)} forgotHref={authHref(search, { view: "forgot" })} />
    ) : view === "forgot" ? (
      <ForgotPasswordForm result={failed("forgot")} backHref={authHref(search)} />
    ) : (
      <>
        {/* Tabs as links (?tab=): each is its own URL, so they work without JavaScript. */}
        <div role="tablist" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {(["sign-in", "sign-up"] as const).map((name) => (
            <a
              key={name}
              id={`auth-tab-${name}`}
              role="tab"
              href={authHref(search, { tab: name === "sign-in" ? "signin" : "signup" })}
              aria-selected={tab === name}
              aria-controls={tab === name ? "auth-panel" : undefined}
              className="rounded-md py-2 text-center text-sm font-semibold text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow"
            >
              {name === "sign-in" ? t("tabs.signIn") : t("tabs.signUp")}
            </a>
          ))}
        </div>
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`} className="mt-6">
          {tab === "sign-in" ? (
            <SignInForm result={failed("sign-in")} resend={loaderData.confirmError ? undefined : failed("resend")} forgotHref={authHref(search, { view: "forgot" })} />
          ) : (
            <SignUpForm result={failed("sign-up")} />
          )}
        </div>
        {loaderData.googleEnabled && <GoogleButton next={loaderData.next} />}
      </>
    );

  return (
    // Marks where a sign-out made offline is finished (the page script), outside a pending second
    // factor: that session is the one signing in.
    <main
      data-finish-sign-out={view === "two-factor" ? undefined : ""}
      className="flex min-h-[calc(100dvh-2rem)] flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10"
    >
      <div className="flex w-full max-w-md items-center justify-between">
        <a href="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Rumo
        </a>
        <StaticLanguageSwitch />
      </div>
      <section className="mt-8 w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-brand-100">
        {loaderData.notice && <Notice tone={loaderData.notice.tone}>{loaderData.notice.text}</Notice>}
        {loaderData.confirmError && view === "tabs" && <ResendConfirmation result={failed("resend")} />}
        {content}
      </section>
    </main>
  );
}
