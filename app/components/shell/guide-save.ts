import { useCallback, useEffect, useRef } from "react";
import { apiFetch } from "~/lib/api";

/**
 * The finished tours not yet saved, kept in this browser per user until the server has them: a
 * reload (or a closed tab) right after "Concluir" cut the save off, and the tour came back. Not
 * personal (tour ids), so sign-out leaves it; a later save of the same user clears it.
 */
const keyOf = (userId: string) => `rumo-unsaved-guides:${userId}`;

export function unsavedGuides(userId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function keepUnsaved(userId: string, guides: string[] | null) {
  try {
    if (guides) localStorage.setItem(keyOf(userId), JSON.stringify(guides));
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage refused: the list is kept for as long as the page.
  }
}

/**
 * Saves the finished (or skipped) tours, and saves them again after a failure: on the next
 * navigation, when the browser is back online, and on the next page load (`unsavedGuides`). The
 * tour stays closed meanwhile (the layout keeps the list and reads the kept one). Sending the whole
 * list again is safe: the server adds it to the stored one (worker/api/me.ts `mergePreferences`).
 */
export function useSaveCompletedGuides(pathname: string, userId: string) {
  // The list still to save (the latest: it holds every earlier one), or null.
  const unsaved = useRef<string[] | null>(null);
  const save = useCallback(
    async (list: string[]) => {
      // With those kept from an earlier page, whose save may not have gone through either.
      const guides = [...new Set([...unsavedGuides(userId), ...list])];
      unsaved.current = guides;
      keepUnsaved(userId, guides);
      const result = await apiFetch("/me", {
        method: "PATCH",
        body: { preferences: { completedGuides: guides } },
      });
      // A later list may have come meanwhile: that one is still to save.
      if (result.ok && unsaved.current === guides) {
        unsaved.current = null;
        keepUnsaved(userId, null);
      }
    },
    [userId],
  );
  const retry = useCallback(() => {
    const kept = unsaved.current ?? unsavedGuides(userId);
    if (kept.length) void save(kept);
  }, [save, userId]);
  useEffect(retry, [pathname, retry]);
  useEffect(() => {
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [retry]);
  return save;
}
