import { useLocation } from "react-router";
import { useFeatureAnnouncements } from "~/components/notifications/use-feature-announcements";
import { useLeaveWhenAccountDeleted } from "~/components/offline/leave-when-account-deleted";
import { useSecurityProbe } from "~/lib/activity/security-probe";
import { useAfterFirstPaint } from "~/lib/after-first-paint";
import { ACCOUNT_ENTITY } from "~/lib/entity-changes";
import { useEntityChanges } from "~/lib/use-entity-changes";
import { useFocusOnPageChange } from "./page-focus";
import { toast } from "./toast-store";

// The offline banner comes in the same chunk: it has nothing to say on a first paint (the server
// renders nothing, and the browser learns it is offline or has changes waiting only afterwards).
export { OfflineStatus } from "~/components/offline/offline-status";
// So does the toaster: no toast is raised before the first paint, and the store keeps what is
// raised before the toaster arrives (it shows them on subscribing).
export { Toaster } from "./toaster";

/**
 * What the signed-in shell starts once the page has painted, loaded then rather than with every
 * screen (decision 0094): the new-features announcement, session tracking, the security probe, the
 * account's changes made elsewhere (its deletion included), and the focus moved to each new page
 * (none before the first client-side navigation). Each still waits its turn in the
 * after-first-paint queue (decision 0054). Renders nothing.
 */
export function ShellServices({ userId, activityTracking }: { userId: string; activityTracking: boolean }) {
  useFeatureAnnouncements(userId);
  useActivityAndSecurity(userId, activityTracking);
  // The account changed in another tab or device (PATCH /me, the plan's webhook): the layout's loader
  // reads it again, so the plan's locks, 'Ocultar valores' and the language (useAccountLanguage)
  // follow without a navigation.
  useEntityChanges([ACCOUNT_ENTITY]);
  useLeaveWhenAccountDeleted();
  useFocusOnPageChange(useLocation().pathname);
  return null;
}

/** Session tracking while the shell is mounted (if the user allows it) and the security probe. */
function useActivityAndSecurity(userId: string, tracking: boolean) {
  // The tracker (decision 0037) starts in a task of its own (decision 0054), in a chunk of its own:
  // sign-out loads it too, to send the session's closing events.
  useAfterFirstPaint(() => {
    if (!tracking) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("~/lib/activity/session-tracker").then(({ startSessionTracking }) => {
      if (!unmounted) stop = startSessionTracking();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [userId, tracking]);
  useSecurityProbe(
    () => toast({ kind: "single", tone: "error", title: { key: "shell:errors.securityProblem" }, description: { key: "shell:errors.securityProblemText" }, durationMs: 7000 }),
    () => window.location.assign("/auth"),
  );
}
