import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRevalidator } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { BetaBanner } from "./components/beta-banner";
import { NoConnection, useOfflineError } from "./components/offline/no-connection";
import { NavigationProgress } from "./components/navigation-progress";
import { Button } from "./components/ui/button";
import { clearReloadFlag, isChunkLoadError, reloadOnce } from "./lib/chunk-reload";
import { afterFirstPaint } from "./lib/after-first-paint";
import { useNonce } from "./components/nonce";
import { PageScript } from "./components/page-script";
import { CookieBanner } from "./components/shell/cookie-banner";
import { I18nBootstrapScript } from "./i18n/bootstrap-script";
import type { I18nHandle } from "./i18n/route-namespaces";
import { localeOf, sanitizeLanguage } from "./i18n/language";
import { useStoredLanguageSync } from "./i18n/use-language";
import { usePageHydrates } from "./lib/hydration";

// "ui": the kit's own texts (loading, optional, date picker), used on every kind of page.
export const handle: I18nHandle = { i18n: ["common", "ui"] };

export const links: Route.LinksFunction = () => [
  // A precedence makes React put the stylesheet at the top of <head>, before the modulepreload links
  // it hoists: the one render-blocking file is requested first instead of queueing behind 20 scripts
  // on the browser's six connections (docs/decisions/0050).
  { rel: "stylesheet", href: appCss, precedence: "default" },
  // A PNG, not public/favicon.svg: the browser fetches and decodes the tab's icon in the page's own
  // process after every load, and an SVG costs it a whole document (docs/decisions/0050).
  { rel: "icon", href: "/icons/favicon-48.png", type: "image/png", sizes: "48x48" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** The web app manifest of each language (public/). */
const manifestOf = { pt: "/manifest.webmanifest", en: "/manifest.en.webmanifest" } as const;

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  // Static pages (handle.hydrate === false): no React in the browser, so no scripts, no
  // modulepreloads, no catalogues; the page script does their few interactions.
  const hydrate = usePageHydrates();
  return (
    <html lang={localeOf[language]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#6d28d9" />
        <Meta />
        <Links />
        {/* The installed app's name and shortcuts in the page's language; the same id and start_url, so one app. */}
        <link rel="manifest" href={manifestOf[language]} />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        {children}
        <CookieBanner />
        <PageScript />
        {hydrate && (
          <>
            <I18nBootstrapScript />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  useStoredLanguageSync();
  const { t } = useTranslation();
  useEffect(() => {
    clearReloadFlag();
    // The service worker after the first paint, outside the first bundle (app/lib/pwa/register.ts),
    // and the native bridge, each in a task of its own (decision 0054).
    afterFirstPaint(() => void import("./lib/pwa/register").then(({ registerServiceWorker }) => registerServiceWorker({ confirmUpdate: () => window.confirm(t("pwa.updateConfirm")) })));
    afterFirstPaint(() => void import("./lib/native/bridge").then(({ startNativeBridge }) => startNativeBridge()));
    // A marker for end-to-end tests that must not type into a form React has not taken over yet.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <BetaBanner />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { revalidate } = useRevalidator();
  const offline = useOfflineError();
  // A new deployment replaced the lazily loaded screens: clear caches and reload, once.
  useEffect(() => {
    if (isChunkLoadError(error)) void reloadOnce();
  }, [error]);
  // Offline, whatever failed (a loader's fetch, a chunk) failed for want of a connection.
  if (offline && !(isRouteErrorResponse(error) && error.status === 404)) {
    return (
      <>
        <BetaBanner />
        <NoConnection />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <BetaBanner />
        <main className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
          <p className="text-6xl font-bold text-brand-600">404</p>
          <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
          <p className="text-slate-600">{t("notFound.description")}</p>
          <Link to="/" reloadDocument className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t("backHome")}
          </Link>
        </main>
      </>
    );
  }
  // Production builds never send stacks: React Router sanitises server errors before they get here.
  const details = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "";
  return (
    <>
      <BetaBanner />
      <main role="alert" className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-2xl font-semibold">{t("errorBoundary.title")}</h1>
        <p className="text-slate-600">{t("errorBoundary.description")}</p>
        {details && (
          <div className="w-full text-left">
            <Button variant="link" className="font-normal! underline" aria-expanded={open} onClick={() => setOpen(!open)}>
              {t("errorBoundary.details")}
            </Button>
            {open && <pre className="mt-2 overflow-auto rounded bg-slate-100 p-3 text-xs">{details}</pre>}
          </div>
        )}
        <Button onClick={() => revalidate()}>{t("errorBoundary.retry")}</Button>
      </main>
    </>
  );
}
