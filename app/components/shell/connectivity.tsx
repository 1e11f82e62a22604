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
  useEffect(() => {
    const online = () => toast({ kind: "single", tone: "success", title: t("connectivity.online"), description: t("connectivity.onlineText") });
    const offline = () =>
      navigator.serviceWorker?.controller &&
      toast({ kind: "single", tone: "info", title: t("connectivity.offline"), description: t("connectivity.offlineText") });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [t]);
}
