import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { atMost, forgetCachedUser } from "~/components/offline/forget-cached-user";
import { useSignOutGuard } from "~/components/offline/sign-out-guard";
import { apiFetch, pageUserId } from "~/lib/api";
import { markSignOutPending } from "~/lib/offline/sign-out-pending";
import { resetRealtime } from "~/lib/realtime";
import { announceSignedOut, announceSigningOut } from "~/lib/session-user";
import { signOut } from "~/lib/sign-out";

/**
 * The shell's sign-out, loaded on first use or once the page has settled rather than with every
 * screen (decision 0094). Signs out at each new press of the button (`asked` counts them, from
 * before this code had arrived too); with changes made offline still waiting, the user is asked
 * first: what it renders is that dialog.
 */
export function SignOutFlow({ asked }: { asked: number }) {
  const navigate = useNavigate();
  const guard = useSignOutGuard(async ({ keepQueue }) => {
    // Whose sign-out this is, read before anything resets it.
    const userId = pageUserId();
    await signOut(
      {
        announceSigningOut,
        endTracking: async () => (await import("~/lib/activity/session-tracker")).endSessionForSignOut(),
        logout: () => apiFetch("/auth/logout", { method: "POST" }),
        markPending: () => userId && markSignOutPending(userId),
        resetRealtime,
        announceSignedOut,
        forgetUser: async (choice) => (await import("~/components/offline/use-offline-app")).forgetOfflineUser(choice),
        // Imported with this file, not on the way: it runs when a download may just have failed.
        forgetCachedUser: () => atMost(forgetCachedUser()),
        toSignIn: () => navigate("/auth", { replace: true }),
        startOver: () => window.location.replace("/auth"),
      },
      { keepQueue },
    );
  });
  // A press is handled once (a ref, not the effect's runs: development's StrictMode runs it twice).
  const handled = useRef(0);
  const { request } = guard;
  useEffect(() => {
    if (asked <= handled.current) return;
    handled.current = asked;
    request();
  }, [asked, request]);
  return guard.dialog;
}
