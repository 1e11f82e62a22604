import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { offlineSnapshot, OFFLINE_SYNCED_EVENT, setOfflineSnapshot } from "~/lib/offline/state";

/**
 * The signed-in side of offline use, started after hydration (both parts load lazily): the
 * service worker learns whose caches to use and prefetches the main screens; the write queue
 * starts and replays what waits. When a replay sent changes the screen reloads its data.
 */
export function useOfflineApp(userId: string) {
  const { t } = useTranslation("shell");
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // At once, so a write made before the queue has loaded can still be queued for this user.
    if (offlineSnapshot().userId !== userId) setOfflineSnapshot({ userId, changes: [] });
    void import("~/lib/pwa/session").then(({ startPwaSession }) => startPwaSession(userId));
    void import("~/lib/offline/runtime").then(({ startOfflineQueue }) => startOfflineQueue(userId));
  }, [userId]);
  useEffect(() => {
    const synced = () => {
      toast({ kind: "single", tone: "success", title: t("offline.syncedTitle") });
      void revalidate();
    };
    window.addEventListener(OFFLINE_SYNCED_EVENT, synced);
    return () => window.removeEventListener(OFFLINE_SYNCED_EVENT, synced);
  }, [t, revalidate]);
}

/** Before the logout request: one more replay of what waits (a no-op offline or when empty). */
export async function replayBeforeSignOut() {
  if (offlineSnapshot().changes.length === 0) return;
  await (await import("~/lib/offline/runtime")).replayNow().catch(() => undefined);
}

/**
 * After sign-out: the user's caches and queued changes leave the browser, so nothing of theirs
 * is shown to the next user. What could not be sent by then is lost with them (the sign-out is
 * the user's choice; the pending count in the banner said what was waiting).
 */
export async function forgetOfflineUser() {
  const userId = offlineSnapshot().userId;
  const [{ clearPwaUserData }, { forgetUser }] = await Promise.all([import("~/lib/pwa/session"), import("~/lib/offline/runtime")]);
  await clearPwaUserData();
  if (userId) await forgetUser(userId);
}
