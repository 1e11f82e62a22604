/**
 * What a signed-in user leaves in this browser outside the offline queue: the per-user caches, the
 * service worker's record of whose caches to serve, and the search's recent terms. Its imports are
 * static and small, so a caller that imports it statically can forget them even when downloads
 * fail (a sign-out whose steps met a chunk a deploy removed, lib/sign-out.ts).
 */
import { forgetRecentSearches } from "~/components/shell/recent-searches";
import { clearPwaUserData } from "~/lib/pwa/session";

/**
 * How long leaving waits for storage (a deleted account, a sign-out that failed half-way): an
 * IndexedDB or Cache Storage that hangs must not keep the person on a page they asked to leave.
 */
export const FORGET_WAIT_MS = 3_000;

/** Waits for `work` (its failure included), at most `ms`. */
export function atMost(work: Promise<unknown>, ms = FORGET_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const done = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([done, waited]).finally(() => clearTimeout(timer));
}

export async function forgetCachedUser() {
  forgetRecentSearches();
  await clearPwaUserData();
}
