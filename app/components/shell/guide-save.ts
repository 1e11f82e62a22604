import { useCallback, useEffect, useRef } from "react";
import { apiFetch } from "~/lib/api";

/**
 * Saves the finished (or skipped) tours, and saves them again after a failure: on the next
 * navigation and when the browser is back online. The tour stays closed meanwhile (the layout keeps
 * the list); unsaved, it came back on the next visit. Sending the whole list again is safe: the
 * server adds it to the stored one (worker/api/me.ts `mergePreferences`).
 */
export function useSaveCompletedGuides(pathname: string) {
  // The list still to save (the latest: it holds every earlier one), or null.
  const unsaved = useRef<string[] | null>(null);
  const save = useCallback(async (guides: string[]) => {
    unsaved.current = guides;
    const result = await apiFetch("/me", {
      method: "PATCH",
      body: { preferences: { completedGuides: guides } },
    });
    // A later list may have come meanwhile: that one is still to save.
    if (result.ok && unsaved.current === guides) unsaved.current = null;
  }, []);
  const retry = useCallback(() => {
    if (unsaved.current) void save(unsaved.current);
  }, [save]);
  useEffect(retry, [pathname, retry]);
  useEffect(() => {
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [retry]);
  return save;
}
