import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { deleteWithUndo } from "~/components/ui/undo";
import { useAfterFirstPaint } from "~/lib/after-first-paint";
import { withRealtime } from "~/lib/realtime";
import type { ConnectionStatus, RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";
import { showBrowserNotification } from "./browser-notification";
import { FETCH_LIMIT, initialNotifications, notificationsReducer, TABS, type Tab } from "./notifications-state";

const API = "/api/v1/notifications";
const DAY_MS = 86_400_000;

// Notification fetch and write failures are swallowed (section 8): the panel keeps what it has.
async function send(path: string, init: RequestInit = {}) {
  try {
    const response = await fetch(path, { credentials: "same-origin", ...init, headers: { "content-type": "application/json", ...init.headers } });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/**
 * Notifications already announced (browser notification, critical toast) in this page. On
 * /app/notificacoes the page and the bell each hold this hook and both hear the realtime channel:
 * without it a critical notification showed two red toasts.
 */
const announced = new Set<string>();

/**
 * Every mounted holder of this hook (the bell, and the page on /app/notificacoes): a delete waiting
 * for its undo window leaves, or comes back to, all of them at once, or the bell's badge still
 * counted a notification the page had removed until the DELETE was sent.
 */
const holders = new Set<{ hide: (id: string) => void; reload: () => Promise<void> }>();

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

  /**
   * Deleting: gone from the lists at once, with "Anular" for a few seconds before the DELETE is sent
   * (the trash button is always shown on a phone, where a slip is easy). Undo fetches the lists
   * again: the server still has it. A failed DELETE is not reported (section 8).
   */
  const remove = useCallback(
    async (id: string) => {
      deleteWithUndo({
        title: { key: "notifications:ui.deleted" },
        undoLabel: { key: "notifications:ui.undo" },
        failedTitle: { key: "notifications:ui.deleted" },
        hide: () => holders.forEach((holder) => holder.hide(id)),
        restore: () => holders.forEach((holder) => void holder.reload()),
        commit: () => send(`${API}/${id}`, { method: "DELETE", keepalive: true }),
      });
    },
    [],
  );
  useEffect(() => {
    const holder = { hide: (id: string) => dispatch({ type: "notification.deleted", seq: 0, ids: [id] }), reload };
    holders.add(holder);
    return () => void holders.delete(holder);
  }, [reload]);

  /** Clicking a notification: mark it read and follow its link. */
  const open = useCallback(
    (notification: RealtimeNotification) => {
      if (!notification.isRead) void markRead([notification.id]);
      if (notification.actionUrl) navigate(notification.actionUrl);
    },
    [markRead, navigate],
  );

  // The API reads each catalogue notification in the account's language (worker/notifications/
  // public.ts): after a switch of language (saved to the account first, preferences-tab.tsx) the
  // lists are fetched again, or the bell, which lives across screens, kept the old language's texts.
  const { i18n } = useTranslation();
  const shownIn = useRef(i18n.language);
  useEffect(() => {
    if (shownIn.current === i18n.language) return;
    shownIn.current = i18n.language;
    void reload();
  }, [i18n.language, reload]);

  // The count, then the live connection, each in its turn after the first paint (decision 0054).
  useAfterFirstPaint(() => void load(), [load]);

  // Items past their expiry are hidden (section 7): the server leaves them out of its answers, and
  // one that expires while the lists are open leaves them (and the count) at that moment.
  useEffect(() => {
    const expiries = TABS.flatMap((tab) => state.lists[tab].items)
      .filter((n) => n.expiresAt)
      .map((n) => ({ id: n.id, at: Date.parse(n.expiresAt!) }));
    if (!expiries.length) return;
    const soonest = Math.min(...expiries.map((e) => e.at));
    // At most a day ahead: a timer further than 2^31 ms (24.8 days) would fire at once.
    const timer = window.setTimeout(
      () => {
        const gone = [...new Set(expiries.filter((e) => e.at <= Date.now()).map((e) => e.id))];
        if (gone.length) dispatch({ type: "notification.deleted", seq: 0, ids: gone });
      },
      Math.min(Math.max(0, soonest - Date.now()), DAY_MS),
    );
    return () => window.clearTimeout(timer);
  }, [state.lists]);
  useAfterFirstPaint(
    () =>
      withRealtime((client) => {
        const offStatus = client.onStatus(setStatus);
        const off = client.subscribe((message: RealtimeMessage) => {
          if (message.type === "resync") return void reload();
          // Record changes are for the screens (useEntityChanges), not the bell.
          if (message.type === "entity.changed") return;
          dispatch(message);
          if (message.type === "notification.created" && !announced.has(message.notification.id)) {
            const n = message.notification;
            announced.add(n.id);
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
