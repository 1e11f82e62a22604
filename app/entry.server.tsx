import { isbot } from "isbot";
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { PageScriptContext } from "./components/page-script";
import { CookieBannerContext, CookieBannerMarkup } from "./components/shell/cookie-banner";
import { readCookie } from "./i18n/language";
import { CONSENT_COOKIE } from "./lib/consent";
import { hydratesWith } from "./lib/hydration";
import { PAGE_SCRIPT_HYDRATED, PAGE_SCRIPT_STATIC } from "./lib/page-script.server";
import { I18nBootstrapContext } from "./i18n/bootstrap-script";
import { serverI18n } from "./i18n/i18n.server";
import { namespacesOf, serializeBootstrap } from "./i18n/route-namespaces";
import { resources } from "./locales";
import { isServiceUnavailable, UNAVAILABLE_RETRY_SECONDS } from "@worker/lib/unavailable";
import { log } from "@worker/lib/log";

/** Requests (by load context) whose loader or action met a storage outage: answered 503 (0047). */
const unavailable = new WeakSet<object>();

export const streamTimeout = 5_000;

// The cookie banner's markup depends on the language alone: rendered once per language and isolate,
// not once per request of every visitor who has not chosen yet.
const bannerMarkup = new Map<string, string>();
function bannerMarkupIn(language: string, i18n: Parameters<typeof I18nextProvider>[0]["i18n"]) {
  let markup = bannerMarkup.get(language);
  if (markup === undefined) {
    markup = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <CookieBannerMarkup />
      </I18nextProvider>,
    );
    bannerMarkup.set(language, markup);
  }
  return markup;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let shellRendered = false;
  // A loader met a storage outage: the error page says so with 503 and Retry-After, not 500.
  if (unavailable.has(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  const nonce = loadContext.cspNonce;
  const i18n = serverI18n(loadContext.lang);
  // Only this language and the matched routes' namespaces go into the page (handle.i18n).
  const handles = routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
  const language = loadContext.lang;
  // A static page (handle.hydrate === false) loads no React: no catalogues to hydrate with.
  const hydrate = hydratesWith(handles);
  const bootstrap = !hydrate
    ? null
    : serializeBootstrap({
        language,
        resources: Object.fromEntries(namespacesOf(handles).map((ns) => [ns, resources[language][ns]])),
      });
  // No choice stored yet (its cookie mirror): the banner is in the page from the first paint.
  const banner = readCookie(request.headers.get("cookie"), CONSENT_COOKIE) ? null : bannerMarkupIn(language, i18n);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <PageScriptContext.Provider value={hydrate ? PAGE_SCRIPT_HYDRATED : PAGE_SCRIPT_STATIC}>
        <CookieBannerContext.Provider value={banner}>
          <I18nBootstrapContext.Provider value={bootstrap}>
            <I18nextProvider i18n={i18n}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </I18nextProvider>
          </I18nBootstrapContext.Provider>
        </CookieBannerContext.Provider>
      </PageScriptContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the initial shell reject and are logged by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** The page's path without its query, which can hold what the user searched for (`?q=`). */
const pathOf = (request: Request) => new URL(request.url).pathname;

/** Server-side loader/action/render errors as structured logs; unknown URLs (404) are not errors. */
export function handleError(error: unknown, { request, context }: Parameters<HandleErrorFunction>[1]) {
  if (request.signal.aborted) return;
  if (isServiceUnavailable(error)) {
    if (context) unavailable.add(context);
    log("warn", "page_unavailable", { path: pathOf(request), error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return;
  const err = error instanceof Error ? error : new Error(String(error));
  log("error", "page_error", { path: pathOf(request), error: err.message, stack: err.stack });
}
