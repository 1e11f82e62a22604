import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setOfflineMessage } from "~/lib/api";
import { toast } from "./toast-store";

/**
 * 'Voltou online' when the connection returns; 'Modo offline' when it drops while offline mode is
 * ready (a service worker controls the page, so the screens keep working).
 */
export function useConnectivityNotices() {
  const { t } = useTranslation("shell");
  useEffect(() => setOfflineMessage(t("connectivity.needsConnection")), [t]);
  // Keys, which the toaster translates as it renders: a toast already up follows a language switch.
  useEffect(() => {
    const online = () => toast({ kind: "single", tone: "success", title: { key: "shell:connectivity.online" }, description: { key: "shell:connectivity.onlineText" } });
    const offline = () =>
      navigator.serviceWorker?.controller &&
      toast({ kind: "single", tone: "info", title: { key: "shell:connectivity.offline" }, description: { key: "shell:connectivity.offlineText" } });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, []);
}
