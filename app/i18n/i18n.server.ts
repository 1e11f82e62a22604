import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { namespaces, resources } from "~/locales";
import { defaultLanguage, type Language } from "./language";

/**
 * A ready (synchronously initialised) i18next instance with every catalogue of both languages, for
 * the server: page rendering, loaders, API errors, e-mails. The browser gets only what its page
 * needs (app/i18n/i18n.client.ts); `.server` keeps this module, and the catalogues it imports,
 * out of the client build (React Router refuses such an import).
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: ["pt", "en"],
    resources,
    ns: namespaces,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

// Initialising an instance over both languages' catalogues costs a few milliseconds; pages and
// the API did it on every request. The server never changes an instance's language (the browser's
// switcher runs on the client's own instance), so one per language serves the isolate (0041).
const shared = new Map<Language, I18n>();

/** The isolate's server instance for a language: page rendering, loaders, meta, API errors. Never change its language. */
export function serverI18n(language: Language): I18n {
  let instance = shared.get(language);
  if (!instance) {
    instance = createI18n(language);
    shared.set(language, instance);
  }
  return instance;
}
