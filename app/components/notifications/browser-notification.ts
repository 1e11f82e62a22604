import type { RealtimeNotification } from "~/lib/realtime-client";

/** The user closed the "turn on browser notifications" offer: it is not shown again in the bell's panel. */
const DISMISSED_KEY = "rumo-browser-notifications-dismissed";
export const BROWSER_NOTIFICATION_MS = 5000;

/** What the browser allows: "unsupported" where there are no system notifications (an iPhone's Safari outside a home-screen app). */
export type BrowserPermission = NotificationPermission | "unsupported";

export function browserPermission(): BrowserPermission {
  return typeof window === "undefined" || !("Notification" in window) ? "unsupported" : Notification.permission;
}

/**
 * Asks the browser for permission. Only ever from a click (the prompt's "Ativar"): Firefox and
 * Safari refuse a request made without one, and one made as a notification arrived (as it was
 * before, docs/decisions/0106) was refused without a word and never made again.
 */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === "unsupported") return "unsupported";
  // Older Safari takes a callback and returns nothing.
  return new Promise<NotificationPermission>((resolve) => {
    const asked = Notification.requestPermission(resolve);
    if (asked) void asked.then(resolve, () => resolve(Notification.permission));
  });
}

export const browserPromptDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
};

export function dismissBrowserPrompt() {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the offer comes back next time, no harm.
  }
}

/**
 * A system notification for a high or critical item (section 4), when the user has allowed them
 * (never asked for here: see `askBrowserPermission`), closed after 5 s; a click focuses the window
 * and hands over to `onClick` (open the link, mark read). The notification id is the tag, so
 * several open tabs show it once.
 */
export function showBrowserNotification(notification: RealtimeNotification, onClick: () => void) {
  if (browserPermission() !== "granted") return;
  const shown = new Notification(notification.title, { body: notification.message, tag: notification.id, icon: "/favicon.svg" });
  const timer = setTimeout(() => shown.close(), BROWSER_NOTIFICATION_MS);
  shown.onclick = () => {
    clearTimeout(timer);
    window.focus();
    onClick();
    shown.close();
  };
}
