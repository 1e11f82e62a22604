import type { ApiResult } from "~/lib/api";

/**
 * The steps of the app's sign-out, passed in (the shell's `useSignOut` gives the real ones), so the
 * order and what happens when one fails are plain rules with tests of their own.
 */
export type SignOutSteps = {
  /** From here the page is leaving: the 401s of calls still on their way are this sign-out's. */
  announceSigningOut: () => void;
  /** Session tracking's closing events, sent while the session still exists. */
  endTracking: () => Promise<void>;
  logout: () => Promise<ApiResult<unknown>>;
  /** Remembers that this user's session may still be alive at the server (lib/offline/sign-out-pending.ts). */
  markPending: () => void;
  resetRealtime: () => void;
  /** The user's other tabs leave too (lib/session-user.ts). */
  announceSignedOut: () => void;
  /** Cached screens and data leave the browser; the queued changes too unless kept. */
  forgetUser: (choice: { keepQueue: boolean }) => Promise<void>;
  /**
   * When a step failed: the cached screens and data, the service worker's record of the user and
   * the recent searches, by code already loaded (the failure may be a download), briefly waited for.
   */
  forgetCachedUser: () => Promise<void>;
  toSignIn: () => void;
  /** A document load of /auth: the way out when a step failed. */
  startOver: () => void;
};

/**
 * Signs out: closing events, the logout, then nothing of this user stays for the next one. A
 * logout the server did not confirm (offline, or an error) is remembered and finished at the next
 * start with a connection, before anything of the user is shown: the app's start and /auth's page
 * script both do it. A step that throws (a chunk that no longer loads after a deploy, storage that
 * refuses) must not leave the page up with its 401s ignored: it starts over at /auth, with the
 * sign-out remembered if the server had not confirmed it, since /auth sends a live session back
 * into the app. /auth only ends the session: what the browser holds of the user goes first.
 */
export async function signOut(steps: SignOutSteps, { keepQueue }: { keepQueue: boolean }): Promise<void> {
  steps.announceSigningOut();
  let ended = false;
  try {
    await steps.endTracking();
    const logout = await steps.logout();
    // A 401: there was no session left to end.
    ended = logout.ok || logout.status === 401;
    if (!ended) steps.markPending();
    steps.resetRealtime();
    steps.announceSignedOut();
    await steps.forgetUser({ keepQueue });
    steps.toSignIn();
  } catch (error) {
    if (!ended) steps.markPending();
    try {
      await steps.forgetCachedUser();
    } catch {
      // Starts over all the same.
    }
    steps.startOver();
    throw error;
  }
}
