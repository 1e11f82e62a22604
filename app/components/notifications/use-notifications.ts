import { useCallback, useMemo, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { useAfterFirstPaint } from "~/lib/after-first-paint";
import { withRealtime } from "~/lib/realtime";
import type { ConnectionStatus, RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";
import { showBrowserNotification } from "./browser-notification";
import { FETCH_LIMIT, initialNotifications, notificationsReducer, type Tab } from "./notifications-state";

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

/** The user's notifications, one list per tab of the panel, kept live over the realtime connection. */
export function useNotifications() {
  const [state, dispatch] = useReducer(notificationsReducer, initialNotifications);
  const [status, setStatus] = useState<ConnectionStatus>("idle");
  const navigate = useNavigate();

  /** A tab's first page (the unread count comes with it), or its page after `cursor` (its list's `nextCursor`). */
  const load = useCallback(async (tab: Tab = "all", cursor?: string) => {
    if (!cursor) dispatch({ type: "loading", tab });
    const response = await send(`${API}?filter=${tab}&limit=${FETCH_LIMIT}${cursor ? `&cursor=${cursor}` : ""}`);
    if (!response) return;
    const body = (await response.json()) as { items: RealtimeNotification[]; nextCursor: string | null; unreadCount: number };
    dispatch({ type: "loaded", tab, ...body, more: !!cursor });
  }, []);

  /** Everything again: "all" now, the other tabs when next shown. */
  const reload = useCallback(async () => {
    dispatch({ type: "stale" });
    await load();
  }, [load]);

  const markRead = useCallback(async (ids: string[]) => {
    if (!ids.length) return;
    dispatch({ type: "notification.updated", seq: 0, ids, changes: { isRead: true, readAt: new Date().toISOString() } });
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ ids }) });
  }, []);

  const markAllRead = useCallback(async () => {
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ all: true }) });
    await reload();
  }, [reload]);

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
          if (message.type === "resync") return void reload();
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
    [reload, open],
  );

  // One object per change of state: the bell holds it (notifications-feed.tsx) and re-renders when it changes.
  return useMemo(() => ({ ...state, status, load, markRead, markAllRead, remove, open, reload }), [state, status, load, markRead, markAllRead, remove, open, reload]);
}

/** The user's notifications as the bell, its panel and /app/notificacoes use them. */
export type Notifications = ReturnType<typeof useNotifications>;
