import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The native wrap (Capacitor 7; docs/native.md). The same app: the web build's client assets are
 * bundled (build/native, made by scripts/build-native.mjs) with a start screen that opens the
 * signed-in app on its origin and shows the offline screen without a connection.
 */
const config: CapacitorConfig = {
  appId: "app.rumo.mobile",
  appName: "Rumo",
  webDir: "build/native",
  // Cookies and the service worker belong to the app's own origin (iOS: WKAppBoundDomains too).
  server: { hostname: "rumo.app", androidScheme: "https", iosScheme: "https", allowNavigation: ["rumo.app"] },
  backgroundColor: "#6d28d9",
  plugins: {
    SplashScreen: { launchAutoHide: false, backgroundColor: "#6d28d9", showSpinner: false },
    // Light content on the violet bar (app/lib/native/bridge.ts sets it again at start).
    StatusBar: { style: "DARK", backgroundColor: "#6d28d9", overlaysWebView: false },
  },
  ios: { limitsNavigationsToAppBoundDomains: true, contentInset: "automatic" },
  android: { allowMixedContent: false },
};

export default config;
