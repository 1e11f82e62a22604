import { useEffect } from "react";
import { ACCOUNT_DELETED_EVENT, ACCOUNT_DELETED_HOME } from "~/lib/api";
import { announceSigningOut, signingOut } from "~/lib/session-user";

/**
 * The account was deleted in another tab or on another device (the server closed the socket with
 * 4001, lib/realtime-client.ts): nothing of it stays in this browser, and the page goes home
 * (forget-deleted-account.ts, loaded then). Not in a tab leaving by itself: the one deleting the
 * account (security-tab.tsx) or signing out. Started with the shell's services, after the first
 * paint, as the socket itself is.
 */
export function useLeaveWhenAccountDeleted() {
  useEffect(() => {
    const leave = () => {
      if (signingOut()) return;
      // From now on this tab is leaving: a 401 on its way (the sessions went first) must not reload
      // it into sign-in before it reaches the landing that says the account was deleted.
      announceSigningOut();
      void import("./forget-deleted-account").then(
        ({ leaveDeletedAccount }) => leaveDeletedAccount(),
        // Without its code (a deploy replaced it) the page still leaves the account's screens.
        () => window.location.replace(ACCOUNT_DELETED_HOME),
      );
    };
    window.addEventListener(ACCOUNT_DELETED_EVENT, leave);
    return () => window.removeEventListener(ACCOUNT_DELETED_EVENT, leave);
  }, []);
}
