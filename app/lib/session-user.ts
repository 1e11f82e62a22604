/**
 * Which account a signed-in page was rendered for. The session cookie belongs to the browser, not
 * to the tab: a tab left open on one account while another tab signs out and someone else signs in
 * would otherwise go on showing the first account's screens and send its writes to the second.
 *
 * - Every API call of the page names its user (`SIGNED_IN_USER_HEADER`, set by `apiFetch` in
 *   lib/api.ts, which holds the page's user so as to stay one small chunk; the offline queue names
 *   the user who queued the change). The server answers 401 when the session's user is another one
 *   (worker/auth/middleware.ts), so no read or write can cross accounts, whatever the timing.
 * - Tabs tell one another which user they show (a BroadcastChannel), so a tab on another account
 *   reloads at once instead of at its next call.
 */
const CHANNEL = "rumo-session";
/** This tab's channel while the shell listens (a channel never hears its own messages). */
let listening: BroadcastChannel | null = null;

/** `deleted`: the tab signed out by deleting the account. */
export type SessionAnnouncement = { userId: string | null; deleted?: true };

/**
 * Tells the other tabs which user this one shows (null: this tab signed out) and calls `onOtherUser`
 * when another tab announces a different one, or `onDeleted` (when given) when another tab deleted
 * this account. Returns the function that stops listening.
 */
export function shareSessionAcrossTabs(userId: string, onOtherUser: () => void, onDeleted: () => void = onOtherUser): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<SessionAnnouncement>) => {
    if (event.data?.deleted) onDeleted();
    else if (event.data && event.data.userId !== userId) onOtherUser();
  };
  channel.postMessage({ userId } satisfies SessionAnnouncement);
  listening = channel;
  return () => {
    if (listening === channel) listening = null;
    channel.close();
  };
}

let leaving = false;

/**
 * Sign-out has begun in this tab: from now on a 401 is its own doing, not another session, so the
 * page stops reloading itself on one (`SESSION_CHANGED_EVENT`) and lets the sign-out take it to
 * /auth. Calls still on their way (a screen's after-paint request) would otherwise win the race
 * and reload the page into /auth?next=.
 */
export function announceSigningOut() {
  leaving = true;
}

/**
 * The sign-out announced with `announceSigningOut` did not end the session (the logout failed and
 * will be tried again): the page is an ordinary signed-in page again, which reloads on a 401.
 */
export function announceSignOutAbandoned() {
  leaving = false;
}

/** Whether this tab is signing out (`announceSigningOut`). */
export const signingOut = () => leaving;

/**
 * Sign-out: the other tabs of this user leave too (they would meet 401s from now on). After a
 * deletion (`deleted`) they leave for the landing that says so, not for the sign-in a reload gives.
 */
export function announceSignedOut({ deleted = false }: { deleted?: boolean } = {}) {
  if (typeof BroadcastChannel === "undefined") return;
  // Through this tab's own channel, so that this tab does not hear it and reload mid sign-out.
  const channel = listening ?? new BroadcastChannel(CHANNEL);
  channel.postMessage((deleted ? { userId: null, deleted: true } : { userId: null }) satisfies SessionAnnouncement);
  if (channel !== listening) channel.close();
}
