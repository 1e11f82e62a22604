import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { PAGE_SCRIPT_ID, PageScriptContext } from "./components/page-script";
import { COOKIE_BANNER_ID, CookieBannerContext } from "./components/shell/cookie-banner";
import { I18nBootstrapContext } from "./i18n/bootstrap-script";
import { createClientI18n } from "./i18n/i18n.client";
import { sanitizeLanguage } from "./i18n/language";
import { I18N_BOOTSTRAP_ID, type I18nBootstrap } from "./i18n/route-namespaces";

// The server chose the language (stored choice via its cookie mirror, else the browser) and put
// that language's catalogues for this page's routes into the page: hydrate with exactly those.
const element = document.getElementById(I18N_BOOTSTRAP_ID);
const json = element?.textContent ?? null;
const parsed: Partial<I18nBootstrap> = json ? JSON.parse(json) : {};
const i18n = createClientI18n({
  language: sanitizeLanguage(parsed.language) ?? sanitizeLanguage(document.documentElement.lang) ?? "pt",
  resources: parsed.resources ?? {},
});

// The server-rendered cookie banner, as the page script left it (emptied once a choice is made).
const cookieBanner = document.getElementById(COOKIE_BANNER_ID)?.innerHTML ?? null;
// The page script's text as the server sent it (it ran already; hydration keeps the element as is).
const pageScript = document.getElementById(PAGE_SCRIPT_ID)?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <PageScriptContext.Provider value={pageScript}>
        <CookieBannerContext.Provider value={cookieBanner}>
          <I18nBootstrapContext.Provider value={json}>
            <I18nextProvider i18n={i18n}>
              <HydratedRouter />
            </I18nextProvider>
          </I18nBootstrapContext.Provider>
        </CookieBannerContext.Provider>
      </PageScriptContext.Provider>
    </StrictMode>,
  );
});
