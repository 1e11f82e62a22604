import type { TFunction } from "i18next";
import { createI18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/language";
import { namespaces, type Namespace } from "~/locales";
import type { MessageKey } from "~/locales/types";

const instances = new Map<Language, ReturnType<typeof createI18n>>();

const instanceFor = (language: Language) => {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
};

/** Server-side translation (API errors, e-mails, notifications) in the given language; keys are "namespace:key". */
export function translator(language: Language): TFunction<Namespace[]> {
  return instanceFor(language).getFixedT(language, namespaces);
}

/** Whether a string (such as a zod issue's message) is a key of the catalogues. */
export function isMessageKey(value: string): value is MessageKey {
  return value.includes(":") && instanceFor("pt").exists(value);
}
