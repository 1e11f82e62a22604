import type { i18n as I18n } from "i18next";
import { defaultLanguage, sanitizeLanguage } from "~/i18n/language";
import { valuesIn, type ToastText } from "./toast-store";

// Its own module, not the store's: only the toaster and the tour say toasts, both loaded after the
// first paint, and the store is in every page's first load.
/** A toast's words as `i18n` says them now: plain text as it is, a key in the page's language. */
export function toastWords(i18n: I18n, value: ToastText): string {
  if (typeof value === "string") return value;
  return i18n.t(value.key, valuesIn(sanitizeLanguage(i18n.language) ?? defaultLanguage, value.values));
}
