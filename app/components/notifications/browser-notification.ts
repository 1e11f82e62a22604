import type { RealtimeNotification } from "~/lib/realtime-client";

const ASKED_KEY = "rumo-notification-permission-asked";
export const BROWSER_NOTIFICATION_MS = 5000;

/**
 * A system notification for a high or critical item (section 4): permission asked once, closed
 * after 5 s; a click focuses the window and hands over to `onClick` (open the link, mark read).
 * The notification id is the tag, so several open tabs show it once.
 */
export async function showBrowserNotification(notification: RealtimeNotification, onClick: () => void) {
  if (typeof window === "undefined" || !("Notification" in window)) return;
  if (Notification.permission === "default" && !localStorage.getItem(ASKED_KEY)) {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
    await Notification.requestPermission().catch(() => "denied");
  }
  if (Notification.permission !== "granted") return;
  const shown = new Notification(notification.title, { body: notification.message, tag: notification.id, icon: "/favicon.svg" });
  const timer = setTimeout(() => shown.close(), BROWSER_NOTIFICATION_MS);
  shown.onclick = () => {
    clearTimeout(timer);
    window.focus();
    onClick();
    shown.close();
  };
}
