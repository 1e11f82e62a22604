import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { isOffline } from "~/lib/api";

/**
 * Whether the browser is offline. Read at once: this page only shows after a failed navigation in
 * the browser (offline, the service worker answers a page load itself), and a first render of
 * "Algo correu mal" would be announced before the right words. The screen behind it is fetched
 * again once the connection is back, so the person lands on it without pressing anything.
 */
export function useOfflineError(): boolean {
  const [offline, setOffline] = useState(isOffline);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const update = () => setOffline(isOffline());
    const online = () => {
      update();
      void revalidate();
    };
    update();
    window.addEventListener("online", online);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", update);
    };
  }, [revalidate]);
  return offline;
}

/**
 * The root's error page when a screen could not load because there is no connection (a screen never
 * opened on this device, so the service worker has nothing kept): "Algo correu mal / erro inesperado"
 * would send the person looking for a fault. Back takes them to the screen they came from.
 */
export function NoConnection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main role="alert" data-testid="no-connection" className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">{t("noConnection.title")}</h1>
      <p className="text-slate-600">{t("noConnection.description")}</p>
      <Button onClick={() => void navigate(-1)}>{t("noConnection.back")}</Button>
    </main>
  );
}
