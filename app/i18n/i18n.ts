import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { namespaces, resources } from "~/locales";
import { defaultLanguage, type Language } from "./language";

/** A ready (synchronously initialised) i18next instance for one request or one browser tab. */
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
