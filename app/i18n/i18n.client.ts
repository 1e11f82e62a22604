import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "./language";
import type { I18nBootstrap } from "./route-namespaces";

// One lazy chunk per language and namespace; the e-mail catalogues are not even listed, so they
// cannot reach the client build.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(["../locales/pt/*.ts", "../locales/en/*.ts", "!../locales/*/email.ts"]);

/** Loads a namespace of a language on demand: a route navigated to, or a language switch. */
const lazyCatalogues: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${language}/${namespace}.ts`];
    if (!load) return callback(new Error(`no catalogue ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * The browser's i18next: it starts with the catalogues the server put in the page (its language,
 * its routes' namespaces) and loads others when a screen asks for them (useTranslation suspends
 * until they arrive, so a navigation renders the new screen translated) or the language changes.
 */
export function createClientI18n(bootstrap: I18nBootstrap): I18n {
  const language: Language = bootstrap.language;
  const instance = i18next.createInstance();
  instance
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: it would download the other language too. The parity test keeps
      // both catalogues complete.
      fallbackLng: false,
      supportedLngs: ["pt", "en"],
      resources: { [language]: bootstrap.resources as Record<string, Record<string, unknown>> },
      partialBundledLanguages: true,
      ns: Object.keys(bootstrap.resources),
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  return instance;
}
