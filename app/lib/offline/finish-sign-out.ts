/**
 * Finishing an unfinished sign-out (lib/offline/sign-out-pending.ts) while the app is open. Loaded
 * only when one is remembered for the user whose app starts: rare, so not in the first load.
 */
import { announceSignOutAbandoned, announceSigningOut } from "~/lib/session-user";
import { finishPendingSignOut } from "./sign-out-pending";

/** How long an unfinished sign-out waits before it is tried again while the app is open. */
export const SIGN_OUT_RETRY_MS = 30_000;

export type FinishSignOutSteps = {
  /** This tab is signing out: its own 401s from here on are expected (lib/session-user.ts). */
  announceSigningOut: () => void;
  /** It is not, after all (the logout failed): a 401 again means another session. */
  announceSignOutAbandoned: () => void;
  finish: () => Promise<boolean>;
  /** The session ended at the server: the user's data leave the browser and the page goes to sign-in. */
  done: () => void;
  /** Said once, at the first failure: the person is still signed in and it will be tried again. */
  failed: () => void;
  /**
   * Once, at the first failure: until a try succeeds the page is the person's signed-in app, so
   * what they change meanwhile is kept as at any other time (the offline queue starts).
   */
  resumeSignedIn: () => void;
  /** Runs `retry` once the browser is back online; returns the way to stop listening. */
  onOnline: (retry: () => void) => () => void;
  setTimer: (retry: () => void, ms: number) => () => void;
};

/**
 * Finishes an unfinished sign-out at the app's start (docs/decisions/0044): now, then again every
 * `SIGN_OUT_RETRY_MS` and whenever the connection comes back, until the server has ended the
 * session. Between tries the page is an ordinary signed-in page: a 401 it meets then is another
 * session's doing and reloads it as usual, and a change made offline is queued. Returns the way to
 * stop (the page is leaving).
 */
export function finishSignOutWhenPossible(steps: FinishSignOutSteps): () => void {
  let stopped = false;
  let trying = false;
  let told = false;
  let cancelTimer: (() => void) | undefined;
  const attempt = () => {
    if (stopped || trying) return;
    trying = true;
    cancelTimer?.();
    steps.announceSigningOut();
    void steps
      .finish()
      .catch(() => false)
      .then((ended) => {
        trying = false;
        if (stopped) return;
        if (ended) {
          stopped = true;
          stopListening();
          return steps.done();
        }
        steps.announceSignOutAbandoned();
        if (!told) {
          steps.failed();
          steps.resumeSignedIn();
        }
        told = true;
        cancelTimer = steps.setTimer(attempt, SIGN_OUT_RETRY_MS);
      });
  };
  const stopListening = steps.onOnline(attempt);
  attempt();
  return () => {
    stopped = true;
    stopListening();
    cancelTimer?.();
  };
}

export type PageSteps = Pick<FinishSignOutSteps, "failed" | "resumeSignedIn"> & {
  /** Before each logout: what the person changed meanwhile goes first, as at any sign-out. */
  replayFirst: () => Promise<void>;
  /** After it: the user's data leave the browser (changes still waiting stay, kept for them). */
  forgetUser: () => Promise<void>;
};

/** `finishSignOutWhenPossible` with the page's own steps; the offline side comes from the caller. */
export function finishSignOutInThisPage({ failed, resumeSignedIn, replayFirst, forgetUser }: PageSteps): () => void {
  return finishSignOutWhenPossible({
    announceSigningOut,
    announceSignOutAbandoned,
    finish: async () => {
      await replayFirst();
      return finishPendingSignOut();
    },
    done: () => void forgetUser().finally(() => window.location.replace("/auth")),
    failed,
    resumeSignedIn,
    onOnline: (retry) => {
      window.addEventListener("online", retry);
      return () => window.removeEventListener("online", retry);
    },
    setTimer: (retry, ms) => {
      const id = window.setTimeout(retry, ms);
      return () => window.clearTimeout(id);
    },
  });
}
