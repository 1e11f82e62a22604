import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { isOffline } from "~/lib/api";

/** The waits between tries to load the screen again once the connection is back, in ms. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];

/**
 * Loads the screen again now, and again after each delay, until `stop` is called (the screen loaded
 * and its error page went away, or the connection dropped again); `gaveUp` once the tries run out.
 * One try is not enough: the first requests after the browser's `online` often still fail (the
 * connection is not quite up, or the service worker still sees it down), and that failure would
 * leave "Algo correu mal" on a screen that would load a second later.
 */
export function loadAgainWhenBack(load: () => Promise<unknown>, gaveUp: () => void, delays: readonly number[] = RECONNECT_DELAYS_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = async (tried: number) => {
    await load().catch(() => undefined);
    if (stopped) return;
    if (tried >= delays.length) return gaveUp();
    timer = setTimeout(() => void attempt(tried + 1), delays[tried]);
  };
  void attempt(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Whether to say "no connection": the browser is offline, or it has just come back and the screen
 * is being loaded again. Read at once: this page only shows after a failed navigation in the
 * browser (offline, the service worker answers a page load itself), and a first render of "Algo
 * correu mal" would be announced before the right words. Once the connection is back the screen
 * is fetched again (a few times, `loadAgainWhenBack`), so the person lands on it without pressing
 * anything; only when every try failed does the ordinary error page show.
 */
export function useOfflineError(): boolean {
  const [offline, setOffline] = useState(isOffline);
  const [reconnecting, setReconnecting] = useState(false);
  const { revalidate } = useRevalidator();
  // The tries outlive a render: a changing `revalidate` must not start them over.
  const load = useRef(revalidate);
  load.current = revalidate;
  useEffect(() => {
    let stop = () => {};
    // Whether this page has known the browser offline: only then did its error come from the lost
    // connection. An `online` after an unrelated failure (a network switch under a 500) must not
    // put "Sem ligação" over the real error page for the tries' 30 seconds.
    let sawOffline = false;
    const update = () => {
      stop();
      const now = isOffline();
      sawOffline ||= now;
      setOffline(now);
      setReconnecting(false);
    };
    const online = () => {
      update();
      if (!sawOffline) return;
      setReconnecting(true);
      stop = loadAgainWhenBack(() => load.current(), () => setReconnecting(false));
    };
    update();
    window.addEventListener("online", online);
    window.addEventListener("offline", update);
    return () => {
      stop();
      window.removeEventListener("online", online);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline || reconnecting;
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
