/**
 * The native wrap's bridge (Capacitor 7, docs/native.md): status bar, splash screen, network
 * status, haptics and the Android back button / exit. Started after hydration by root.tsx; on the
 * web it returns at once without loading any plugin. A plugin missing on a platform (Capacitor's
 * UNIMPLEMENTED / UNAVAILABLE) falls back to the web behaviour instead of failing.
 */
import { blockNativeZoom } from "./zoom";

type CapacitorGlobal = { isNativePlatform?: () => boolean; getPlatform?: () => string };

export const isNative = () => typeof window !== "undefined" && (window as unknown as { Capacitor?: CapacitorGlobal }).Capacitor?.isNativePlatform?.() === true;

/** Capacitor's "this platform has no such plugin" errors: the web behaviour applies instead. */
export const isUnavailable = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "UNIMPLEMENTED" || code === "UNAVAILABLE";
};

/** Runs a plugin call; a missing plugin is not an error (web fallback), anything else is logged. */
export async function withFallback<T>(call: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isUnavailable(error)) console.warn("native bridge:", error);
    return fallback();
  }
}

const BRAND_VIOLET = "#6d28d9";

export async function startNativeBridge() {
  if (!isNative()) return;
  document.documentElement.dataset.native = "true";
  blockNativeZoom(document);
  const [{ StatusBar, Style }, { SplashScreen }, { Network }, { App }] = await Promise.all([
    import("@capacitor/status-bar"),
    import("@capacitor/splash-screen"),
    import("@capacitor/network"),
    import("@capacitor/app"),
  ]);
  // Violet bar with light content ("light style"): Capacitor names styles by the background, so
  // light text on a dark background is Style.Dark. iOS has no background colour: UNIMPLEMENTED there.
  await withFallback(() => StatusBar.setStyle({ style: Style.Dark }), () => undefined);
  await withFallback(() => StatusBar.setBackgroundColor({ color: BRAND_VIOLET }), () => undefined);
  // The app is drawn: the splash can go.
  await withFallback(() => SplashScreen.hide(), () => undefined);
  // The native network status drives the same online/offline events the web app listens to.
  await withFallback(
    () =>
      Network.addListener("networkStatusChange", (status) => {
        window.dispatchEvent(new Event(status.connected ? "online" : "offline"));
      }),
    () => undefined,
  );
  // Android's back button: back in the history, or leave the app from its first screen.
  await withFallback(
    () =>
      App.addListener("backButton", ({ canGoBack }) => {
        if (canGoBack) window.history.back();
        else void App.exitApp();
      }),
    () => undefined,
  );
}

let lastVibration = 0;
/** A short haptic tap (swipes): native impact, else a 10 ms vibration at most every 200 ms. */
export async function haptic() {
  const vibrate = () => {
    const now = Date.now();
    if (now - lastVibration < 200) return;
    lastVibration = now;
    navigator.vibrate?.(10);
  };
  if (!isNative()) return vibrate();
  const { Haptics, ImpactStyle } = await import("@capacitor/haptics");
  await withFallback(() => Haptics.impact({ style: ImpactStyle.Light }), vibrate);
}
