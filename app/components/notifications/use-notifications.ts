import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/shell/toast-store";
import { deleteWithUndo } from "~/components/ui/undo";
import { useAfterFirstPaint } from "~/lib/after-first-paint";
import { withRealtime } from "~/lib/realtime";
import type { ConnectionStatus, RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";
import { showBrowserNotification } from "./browser-notification";
import { FETCH_LIMIT, initialNotifications, notificationsReducer, TABS, type NotificationsAction, type Tab } from "./notifications-state";

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
 * Every mounted holder of this hook (the bell, and the page on /app/notificacoes): what the user
 * does in one (a delete waiting for its undo window, read or unread) reaches all of them at once,
 * or the bell's badge counted what the page had changed until the server's echo came (if it came:
 * the live connection may be down).
 */
const holders = new Set<{ dispatch: (action: NotificationsAction) => void; reload: () => Promise<void>; hide: (id: string, hidden: boolean) => void }>();
const everywhere = (action: NotificationsAction) => holders.forEach((holder) => holder.dispatch(action));

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
    everywhere({ type: "notification.updated", seq: 0, ids, changes: { isRead: true, readAt: new Date().toISOString() } });
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ ids }) });
  }, []);

  /**
   * A row's "Marcar como lida" / "Marcar como não lida", without opening it: shown (and counted)
   * at once everywhere; a refused or failed PATCH puts it back as it was, silently (section 8).
   */
  const setRead = useCallback(async (notification: RealtimeNotification, isRead: boolean) => {
    if (notification.isRead === isRead) return;
    const { id, readAt } = notification;
    everywhere({ type: "notification.updated", seq: 0, ids: [id], changes: isRead ? { isRead, readAt: new Date().toISOString() } : { isRead, readAt: null } });
    if (!(await send(`${API}/${id}`, { method: "PATCH", body: JSON.stringify({ isRead }) }))) {
      everywhere({ type: "notification.updated", seq: 0, ids: [id], changes: { isRead: !isRead, readAt } });
    }
  }, []);

  const markAllRead = useCallback(async () => {
    await send(`${API}/read`, { method: "POST", body: JSON.stringify({ all: true }) });
    await Promise.all([...holders].map((holder) => holder.reload()));
  }, []);

  /**
   * Deleting: gone from the lists at once, with "Anular" for a few seconds before the DELETE is sent
   * (the trash button is always shown on a phone, where a slip is easy). Until then it is only
   * hidden, so undo puts it back at once where it was (fetching the lists again, as before, emptied
   * the filtered tabs meanwhile, and the focus had no row to come back to). A failed DELETE is not
   * reported (section 8). `returnFocus` puts the focus back in the list when the toast leaves
   * holding it (the toaster gave it "Anular").
   */
  const remove = useCallback(async (id: string, returnFocus?: (undone: boolean) => boolean) => {
    const hide = (hidden: boolean) => holders.forEach((holder) => holder.hide(id, hidden));
    deleteWithUndo({
      title: { key: "notifications:ui.deleted" },
      undoLabel: { key: "notifications:ui.undo" },
      failedTitle: { key: "notifications:ui.deleted" },
      hide: () => hide(true),
      restore: () => hide(false),
      commit: async () => {
        const sent = await send(`${API}/${id}`, { method: "DELETE", keepalive: true });
        // Gone for good (the realtime echo says the same, if the connection is up).
        everywhere({ type: "notification.deleted", seq: 0, ids: [id] });
        hide(false);
        return sent;
      },
      returnFocus,
    });
  }, []);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const holder = {
      dispatch,
      reload,
      hide: (id: string, hide: boolean) =>
        setHidden((set) => {
          const next = new Set(set);
          if (hide) next.add(id);
          else next.delete(id);
          return next;
        }),
    };
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
            if (n.priority === "high" || n.priority === "critical") showBrowserNotification(n, () => open(n));
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

  // What is shown: the lists without the deletes waiting for their undo window, and the count without them.
  const shown = useMemo(() => {
    if (!hidden.size) return state;
    const known = new Map(TABS.flatMap((tab) => state.lists[tab].items.map((item) => [item.id, item] as const)));
    const unreadHidden = [...hidden].filter((id) => known.get(id)?.isRead === false).length;
    const lists = Object.fromEntries(TABS.map((tab) => [tab, { ...state.lists[tab], items: state.lists[tab].items.filter((item) => !hidden.has(item.id)) }])) as typeof state.lists;
    return { lists, unreadCount: Math.max(0, state.unreadCount - unreadHidden) };
  }, [state, hidden]);

  // One object per change of state: the bell holds it (notifications-feed.tsx) and re-renders when it changes.
  return useMemo(
    () => ({ ...shown, status, load, markRead, setRead, markAllRead, remove, open, reload }),
    [shown, status, load, markRead, setRead, markAllRead, remove, open, reload],
  );
}

/** The user's notifications as the bell, its panel and /app/notificacoes use them. */
export type Notifications = ReturnType<typeof useNotifications>;
