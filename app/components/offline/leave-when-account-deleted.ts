import { useEffect } from "react";
import { ACCOUNT_DELETED_EVENT, ACCOUNT_DELETED_HOME } from "~/lib/api";
import { signingOut } from "~/lib/session-user";

/**
 * The account was deleted in another tab or on another device (the server closed the socket with
 * 4001, lib/realtime-client.ts): nothing of it stays in this browser, and the page goes home
 * (forget-deleted-account.ts, loaded then). Not in a tab leaving by itself: the one deleting the
 * account (security-tab.tsx) or signing out. Started with the shell's services, after the first
 * paint, as the socket itself is.
 */
export function useLeaveWhenAccountDeleted() {
  useEffect(() => {
    const leave = () =>
      signingOut() ||
      void import("./forget-deleted-account").then(
        ({ leaveDeletedAccount }) => leaveDeletedAccount(),
        // Without its code (a deploy replaced it) the page still leaves the account's screens.
        () => window.location.replace(ACCOUNT_DELETED_HOME),
      );
    window.addEventListener(ACCOUNT_DELETED_EVENT, leave);
    return () => window.removeEventListener(ACCOUNT_DELETED_EVENT, leave);
  }, []);
}
