/**
 * A deleted account leaves nothing in this browser for the next person: its caches, the service
 * worker's record of it (offline, the worker would otherwise go on serving its pages), its queued
 * changes (never kept: there is no account to send them to) and its recent searches. Loaded when
 * it happens: by the security tab's deletion, and in the other tabs when the server closes their
 * socket with 4001 (lib/realtime-client.ts, use-offline-app.ts).
 */
import { ACCOUNT_DELETED_HOME, pageUserId } from "~/lib/api";
import { forgetUser } from "~/lib/offline/runtime";
import { offlineSnapshot } from "~/lib/offline/state";
import { resetRealtime } from "~/lib/realtime";
import { announceSigningOut } from "~/lib/session-user";
import { atMost, forgetCachedUser } from "./forget-cached-user";

let forgetting: Promise<void> | undefined;

/**
 * Once at a time (a second call meanwhile waits for the first), never longer than FORGET_WAIT_MS,
 * and never failing: leaving must not depend on it.
 */
export function forgetDeletedAccount(): Promise<void> {
  forgetting ??= (async () => {
    // From here the page is leaving: its 401s are expected, not another account's sign-in.
    announceSigningOut();
    resetRealtime();
    const userId = offlineSnapshot().userId ?? pageUserId();
    // Side by side: an IndexedDB that hangs or fails must not keep the caches.
    await atMost(Promise.allSettled([forgetCachedUser(), userId ? forgetUser(userId, { keep: false }) : undefined]));
  })()
    .catch(() => undefined)
    .finally(() => (forgetting = undefined));
  return forgetting;
}

/** The account was deleted elsewhere: forgotten here, then the home page as a new document. */
export async function leaveDeletedAccount(goHome: () => void = () => window.location.replace(ACCOUNT_DELETED_HOME)) {
  await forgetDeletedAccount();
  goHome();
}
