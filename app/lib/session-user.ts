/**
 * Which account a signed-in page was rendered for. The session cookie belongs to the browser, not
 * to the tab: a tab left open on one account while another tab signs out and someone else signs in
 * would otherwise go on showing the first account's screens and send its writes to the second.
 *
 * - Every API call of the page names its user (SIGNED_IN_USER_HEADER; the offline queue names the
 *   user who queued the change). The server answers 401 when the session's user is another one
 *   (worker/auth/middleware.ts), so no read or write can cross accounts, whatever the timing.
 * - Tabs tell one another which user they show (a BroadcastChannel), so a tab on another account
 *   reloads at once instead of at its next call.
 */
export const SIGNED_IN_USER_HEADER = "x-rumo-user";
/** The WebSocket upgrade cannot carry headers: the realtime URL names the user in this parameter. */
export const SIGNED_IN_USER_PARAM = "user";
/** Raised by apiFetch when the server no longer knows this page's user as signed in. */
export const SESSION_CHANGED_EVENT = "rumo:session-changed";
const CHANNEL = "rumo-session";

let pageUser: string | null = null;
/** This tab's channel while the shell listens (a channel never hears its own messages). */
let listening: BroadcastChannel | null = null;

/** Set by the /app shell while it is mounted (null again when it leaves). */
export function setPageUser(userId: string | null) {
  pageUser = userId;
}

export const pageUserId = () => pageUser;

/** The header naming the page's user, for calls made on its behalf (none outside the shell). */
export const signedInUserHeaders = (userId: string | null = pageUser): Record<string, string> => (userId ? { [SIGNED_IN_USER_HEADER]: userId } : {});

export type SessionAnnouncement = { userId: string | null };

/**
 * Tells the other tabs which user this one shows (null: this tab signed out) and calls `onOtherUser`
 * when another tab announces a different one. Returns the function that stops listening.
 */
export function shareSessionAcrossTabs(userId: string, onOtherUser: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<SessionAnnouncement>) => {
    if (event.data && event.data.userId !== userId) onOtherUser();
  };
  channel.postMessage({ userId } satisfies SessionAnnouncement);
  listening = channel;
  return () => {
    if (listening === channel) listening = null;
    channel.close();
  };
}

/** Sign-out: the other tabs of this user leave too (they would meet 401s from now on). */
export function announceSignedOut() {
  if (typeof BroadcastChannel === "undefined") return;
  // Through this tab's own channel, so that this tab does not hear it and reload mid sign-out.
  const channel = listening ?? new BroadcastChannel(CHANNEL);
  channel.postMessage({ userId: null } satisfies SessionAnnouncement);
  if (channel !== listening) channel.close();
}
