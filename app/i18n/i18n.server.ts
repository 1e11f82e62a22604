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
