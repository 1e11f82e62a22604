import type { TFunction } from "i18next";
import { serverI18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/language";
import { namespaces, type Namespace } from "~/locales";
import type { MessageKey } from "~/locales/types";

const instanceFor = serverI18n;
const fixed = new Map<Language, TFunction<Namespace[]>>();

/** Server-side translation (API errors, e-mails, notifications) in the given language; keys are "namespace:key". */
export function translator(language: Language): TFunction<Namespace[]> {
  let t = fixed.get(language);
  if (!t) {
    t = instanceFor(language).getFixedT(language, namespaces);
    fixed.set(language, t);
  }
  return t;
}

/** Whether a string (such as a zod issue's message) is a key of the catalogues. */
export function isMessageKey(value: string): value is MessageKey {
  return value.includes(":") && instanceFor("pt").exists(value);
}
