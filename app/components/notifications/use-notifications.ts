import { useCallback, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { useAfterFirstPaint } from "~/lib/after-first-paint";
import { withRealtime } from "~/lib/realtime";
import type { ConnectionStatus, RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";
import { showBrowserNotification } from "./browser-notification";
import { FETCH_LIMIT, initialNotifications, notificationsReducer } from "./notifications-state";

const API = "/api/v1/notifications";

// Notification fetch and write failures are swallowed (section 8): the panel keeps what it has.
async function send(path: string, init: RequestInit = {}) {
  try {
    const response = await fetch(path, { credentials: "same-origin", ...init, headers: { "content-type": "application/json", ...init.headers } });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/** The user's notifications, kept live over the realtime connection. */
export function useNotifications() {
  const [state, dispatch] = useReducer(notificationsReducer, initialNotifications);
  const [status, setStatus] = useState<ConnectionStatus>("idle");
  const navigate = useNavigate();

  const load = useCallback(async () => {
    dispatch({ type: "loading" });
    const response = await send(`${API}?limit=${FETCH_LIMIT}`);
    if (!response) return;
    const body = (await response.json()) as { items: RealtimeNotification[]; unreadCount: number };
    dispatch({ type: "loaded", items: body.items, unreadCount: body.unreadCount });
  }, []);

  const markRead = useCallback(async (ids: string[]) => {
    if (!ids.length) return;
    dispatch({ type: "notification.updated", seq: 0, ids, changes: { isRead: true, readAt: new Date().toISOString() } });
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ ids }) });
  }, []);

  const markAllRead = useCallback(async () => {
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ all: true }) });
    await load();
  }, [load]);

  const remove = useCallback(async (id: string) => {
    dispatch({ type: "notification.deleted", seq: 0, ids: [id] });
    await send(`${API}/${id}`, { method: "DELETE" });
  }, []);

  /** Clicking a notification: mark it read and follow its link. */
  const open = useCallback(
    (notification: RealtimeNotification) => {
      if (!notification.isRead) void markRead([notification.id]);
      if (notification.actionUrl) navigate(notification.actionUrl);
    },
    [markRead, navigate],
  );

  // The count, then the live connection, each in its turn after the first paint (decision 0054).
  useAfterFirstPaint(() => void load(), [load]);
  useAfterFirstPaint(
    () =>
      withRealtime((client) => {
        const offStatus = client.onStatus(setStatus);
        const off = client.subscribe((message: RealtimeMessage) => {
          if (message.type === "resync") return void load();
          // Record changes are for the screens (useEntityChanges), not the bell.
          if (message.type === "entity.changed") return;
          dispatch(message);
          if (message.type === "notification.created") {
            const n = message.notification;
            if (n.priority === "high" || n.priority === "critical") void showBrowserNotification(n, () => open(n));
            if (n.priority === "critical") toast({ title: n.title, description: n.message, tone: "error", durationMs: 8000 });
          }
        });
        return () => {
          off();
          offStatus();
        };
      }),
    [load, open],
  );

  return { ...state, status, markRead, markAllRead, remove, open, reload: load };
}
