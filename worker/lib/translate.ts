import type { TFunction } from "i18next";
import { createI18n } from "~/i18n/i18n";
import type { Language } from "~/i18n/language";

const instances = new Map<Language, ReturnType<typeof createI18n>>();

/** Server-side translation (API errors, e-mails, notifications) in the given language. */
export function translator(language: Language): TFunction {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance.t;
}
