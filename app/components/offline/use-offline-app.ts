import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { afterFirstPaint } from "~/lib/after-first-paint";
import { clearPendingSignOut, pendingSignOut } from "~/lib/offline/sign-out-pending";
import { offlineSnapshot, OFFLINE_SYNCED_EVENT, setOfflineSnapshot } from "~/lib/offline/state";
import { announceSignOutAbandoned, announceSigningOut } from "~/lib/session-user";

/**
 * The signed-in side of offline use, started after hydration (both parts load lazily): the
 * service worker learns whose caches to use and prefetches the main screens; the write queue
 * starts and replays what waits. When a replay sent changes the screen reloads its data.
 */
export function useOfflineApp(userId: string) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const unfinished = pendingSignOut();
    if (unfinished === userId) {
      // This user signed out offline (or half-way): the sign-out is finished first, nothing of
      // theirs is replayed before that first try, and the 401s the screen's own calls meet while
      // it is tried are its doing. If it fails, the page is theirs again until a try succeeds.
      announceSigningOut();
      let stop: (() => void) | undefined;
      let gone = false;
      void import("~/lib/offline/finish-sign-out").then(({ finishSignOutInThisPage }) => {
        if (gone) return;
        stop = finishSignOutInThisPage({
          failed: () => toast({ kind: "single", tone: "error", title: { key: "shell:offline.signOutUnfinished.title" }, description: { key: "shell:offline.signOutUnfinished.text" } }),
          resumeSignedIn: () => startQueue(userId),
          replayFirst: replayBeforeSignOut,
          // What could not be sent before the session ended stays for this user's next sign-in, as
          // "keep" at a sign-out would: nobody is there to ask, and it is theirs (decision 0044).
          forgetUser: () => forgetOfflineUser({ keepQueue: true }),
        });
      }, announceSignOutAbandoned);
      return () => {
        gone = true;
        stop?.();
      };
    }
    // Another user signed in since: that sign-out's cookie is gone from this browser.
    if (unfinished !== null) clearPendingSignOut();
    startQueue(userId);
    return afterFirstPaint(() => void import("~/lib/pwa/session").then(({ startPwaSession }) => startPwaSession(userId)));
  }, [userId]);
  useEffect(() => {
    const synced = () => {
      toast({ kind: "single", tone: "success", title: { key: "shell:offline.syncedTitle" } });
      void revalidate();
    };
    window.addEventListener(OFFLINE_SYNCED_EVENT, synced);
    return () => window.removeEventListener(OFFLINE_SYNCED_EVENT, synced);
  }, [revalidate]);
}

/**
 * The write queue for this user. The snapshot's user at once, so a write made before the queue
 * has loaded can still be queued for them; the queue itself at once too: until it has read what
 * waits, the screens would show nothing pending and the replay would start late. (The service
 * worker's session waits its turn, decision 0054.)
 */
function startQueue(userId: string) {
  if (offlineSnapshot().userId !== userId) setOfflineSnapshot({ userId, changes: [] });
  void import("~/lib/offline/runtime").then(({ startOfflineQueue }) => startOfflineQueue(userId));
}

/** Before the logout request: one more replay of what waits (a no-op offline or when empty). */
export async function replayBeforeSignOut() {
  if (offlineSnapshot().changes.length === 0) return;
  await (await import("~/lib/offline/runtime")).replayNow().catch(() => undefined);
}

/**
 * After sign-out: the user's caches and recent searches leave the browser, so nothing of theirs is
 * shown to the next user. Their queued changes go too, unless they chose to keep them
 * (sign-out-guard.tsx): then they stay under their user id for their next sign-in, never listed or
 * sent for anyone else.
 */
export async function forgetOfflineUser({ keepQueue = false }: { keepQueue?: boolean } = {}) {
  const userId = offlineSnapshot().userId;
  const [{ forgetCachedUser }, { forgetUser }] = await Promise.all([import("./forget-cached-user"), import("~/lib/offline/runtime")]);
  await forgetCachedUser();
  if (userId) await forgetUser(userId, { keep: keepQueue });
}
