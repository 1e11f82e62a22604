import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_KEY, languageCookie, localeOf, sanitizeLanguage, type Language } from "./language";

function persist(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  document.cookie = languageCookie(language);
  document.documentElement.lang = localeOf[language];
}

/** The current language and a setter that stores the choice (storage + cookie mirror). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const setLanguage = useCallback(
    (next: Language) => {
      persist(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language, setLanguage };
}

/**
 * After hydration: a stored choice the server could not see (cookie cleared) wins over what it
 * rendered, and the cookie mirror is restored. Values that are not plain language tags are ignored.
 */
export function useStoredLanguageSync() {
  const { language, setLanguage } = useLanguage();
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(LANGUAGE_KEY);
    } catch {
      return;
    }
    const choice = sanitizeLanguage(stored);
    if (choice && choice !== language) setLanguage(choice);
    else if (choice) document.cookie = languageCookie(choice);
    // Only on first mount: later changes go through setLanguage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Signed in, the page is in the account's language (the server rendered it so, decision 0012
 * revised): the browser's stored choice and its cookie follow the account, and a change of the
 * account's language (Preferências, another device) switches the page. The shell calls it; a child's
 * effects run before its parents', so the root's `useStoredLanguageSync` then finds the stored
 * choice equal to the page's and leaves it.
 */
export function useAccountLanguage(account: Language) {
  const { i18n } = useTranslation();
  // On the account's language only: react-i18next hands out a new `i18n` at every change of
  // language, and an effect that ran again on it undid onboarding's language list at once (and
  // Preferências' until its save came back).
  useEffect(() => {
    persist(account);
    if (sanitizeLanguage(i18n.language) !== account) void i18n.changeLanguage(account);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account]);
}
