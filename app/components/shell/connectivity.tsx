import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setOfflineMessage } from "~/lib/api";
import { toast } from "./toast-store";

/** Longer than a single toast's 5 s: the offline notice lists what is kept, which takes about this long to read. */
export const OFFLINE_TOAST_MS = 10_000;

/**
 * 'Voltou online' when the connection returns; 'Modo offline' when it drops while offline mode is
 * ready (a service worker controls the page, so the screens keep working), saying which changes are
 * kept to be sent later. Only that: the offline banner shown with it (OfflineStatus) already says
 * the data on screen is the last saved.
 */
export function useConnectivityNotices() {
  const { t } = useTranslation("shell");
  useEffect(() => setOfflineMessage(t("connectivity.needsConnection")), [t]);
  // Keys, which the toaster translates as it renders: a toast already up follows a language switch.
  useEffect(() => {
    const online = () => toast({ kind: "single", tone: "success", title: { key: "shell:connectivity.online" }, description: { key: "shell:connectivity.onlineText" } });
    const offline = () =>
      navigator.serviceWorker?.controller &&
      toast({ kind: "single", tone: "info", title: { key: "shell:connectivity.offline" }, description: { key: "shell:connectivity.offlineText" }, durationMs: OFFLINE_TOAST_MS });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, []);
}
