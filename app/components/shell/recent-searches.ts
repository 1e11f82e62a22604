import { MAX_RECENT_SEARCHES } from "./rules";

/**
 * The search's recent terms (Ctrl/Cmd+K), kept in this browser per user: whoever signs in next on
 * it never sees the last person's, and sign-out or the account's deletion removes them
 * (app/components/offline/forget-cached-user.ts). Storage that refuses (private mode) keeps none.
 */
const PREFIX = "rumo-recent-searches";
const keyOf = (userId: string) => `${PREFIX}:${userId}`;

export function readRecentSearches(userId: string | null): string[] {
  try {
    // The old key was shared by every user of the browser: whose terms it holds is unknown.
    localStorage.removeItem(PREFIX);
    if (!userId) return [];
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "null");
    return Array.isArray(stored) ? stored.filter((s) => typeof s === "string").slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

export function saveRecentSearches(userId: string | null, searches: readonly string[]) {
  if (!userId) return;
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(searches));
  } catch {
    // Full or refused: the search works without them.
  }
}

/** Every user's recent terms leave the browser (the old shared key too). */
export function forgetRecentSearches() {
  try {
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of stored) if (key === PREFIX || key?.startsWith(`${PREFIX}:`)) localStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
