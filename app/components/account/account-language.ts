import { useCallback, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Language } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";
import { apiFetch } from "~/lib/api";

type Saved = Awaited<ReturnType<typeof apiFetch>>;

/**
 * Switches the page to a language and saves it as the account's at once (Preferências, onboarding):
 * signed in, the server renders a page in the account's language (0012 revised), so a choice left
 * unsaved came back in the other language after a reload, and the app's messages were in the
 * account's. One save at a time, the last choice last (arrow keys on a list choose at every step):
 * two saves could otherwise land in the other order. Saved, the layout's data is revalidated, so the
 * shell's `useAccountLanguage` has the new language and nothing switches back. Answers the last
 * save's result (null for a call whose choice a save already running will send).
 */
export function useSaveAccountLanguage() {
  const { setLanguage } = useLanguage();
  const revalidator = useRevalidator();
  // The latest revalidator, read when a save ends: the object changes with its state.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const wanted = useRef<Language | null>(null);
  const saving = useRef(false);
  return useCallback(
    async (next: Language): Promise<Saved | null> => {
      setLanguage(next);
      wanted.current = next;
      if (saving.current) return null;
      saving.current = true;
      let sent: Language;
      let result: Saved;
      do {
        sent = wanted.current;
        result = await apiFetch("/me", { method: "PATCH", body: { language: sent } });
      } while (result.ok && wanted.current !== sent);
      saving.current = false;
      if (result.ok) await revalidate.current();
      return result;
    },
    [setLanguage],
  );
}
