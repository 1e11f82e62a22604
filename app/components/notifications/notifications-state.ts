import type { RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";

export const FETCH_LIMIT = 50;

export type NotificationsState = { items: RealtimeNotification[]; unreadCount: number; loaded: boolean };

export type NotificationsAction =
  | { type: "loaded"; items: RealtimeNotification[]; unreadCount: number }
  | Extract<RealtimeMessage, { type: "notification.created" | "notification.updated" | "notification.deleted" }>;

export const initialNotifications: NotificationsState = { items: [], unreadCount: 0, loaded: false };

/**
 * The panel's list and unread count. Local actions (mark read, delete) and their realtime echoes
 * go through the same reducer, so applying one twice changes nothing.
 */
export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  switch (action.type) {
    case "loaded":
      return { items: action.items, unreadCount: action.unreadCount, loaded: true };
    case "notification.created": {
      const n = action.notification;
      if (state.items.some((item) => item.id === n.id)) return state;
      return { ...state, items: [n, ...state.items].slice(0, FETCH_LIMIT), unreadCount: state.unreadCount + (n.isRead ? 0 : 1) };
    }
    case "notification.updated": {
      let delta = 0;
      const items = state.items.map((item) => {
        if (!action.ids.includes(item.id)) return item;
        const next = { ...item, ...action.changes };
        delta += (item.isRead ? 0 : 1) - (next.isRead ? 0 : 1);
        return next;
      });
      return { ...state, items, unreadCount: Math.max(0, state.unreadCount - delta) };
    }
    case "notification.deleted": {
      const removedUnread = state.items.filter((item) => action.ids.includes(item.id) && !item.isRead).length;
      return {
        ...state,
        items: state.items.filter((item) => !action.ids.includes(item.id)),
        unreadCount: Math.max(0, state.unreadCount - removedUnread),
      };
    }
  }
}

export type Tab = "all" | "unread" | "priority" | "today";

/** The panel's tabs (section 2): all, unread, priority (high or critical), today (local day). */
export function filterNotifications(items: RealtimeNotification[], tab: Tab, now = new Date()): RealtimeNotification[] {
  switch (tab) {
    case "all":
      return items;
    case "unread":
      return items.filter((n) => !n.isRead);
    case "priority":
      return items.filter((n) => n.priority === "high" || n.priority === "critical");
    case "today":
      return items.filter((n) => new Date(n.createdAt).toDateString() === now.toDateString());
  }
}
