import { dateTimeFormat } from "~/lib/intl";
import type { RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";

export const FETCH_LIMIT = 50;

export type NotificationsState = {
  items: RealtimeNotification[];
  unreadCount: number;
  loaded: boolean;
  /** Ids that came over the realtime channel while a fetch of the list was on its way (null: none on its way). */
  arrivedWhileLoading: string[] | null;
};

export type NotificationsAction =
  | { type: "loading" }
  | { type: "loaded"; items: RealtimeNotification[]; unreadCount: number }
  | Extract<RealtimeMessage, { type: "notification.created" | "notification.updated" | "notification.deleted" }>;

export const initialNotifications: NotificationsState = { items: [], unreadCount: 0, loaded: false, arrivedWhileLoading: null };

/**
 * The panel's list and unread count. Local actions (mark read, delete) and their realtime echoes
 * go through the same reducer, so applying one twice changes nothing.
 */
export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  switch (action.type) {
    case "loading":
      return { ...state, arrivedWhileLoading: state.arrivedWhileLoading ?? [] };
    case "loaded": {
      // A notification pushed while the fetch was on its way may be newer than the server's answer:
      // it stays (as it is now: read or deleted meanwhile) instead of vanishing until the next reload.
      const listed = new Set(action.items.map((item) => item.id));
      const arrived = state.items.filter((item) => state.arrivedWhileLoading?.includes(item.id) && !listed.has(item.id));
      return {
        items: [...arrived, ...action.items].slice(0, FETCH_LIMIT),
        unreadCount: action.unreadCount + arrived.filter((item) => !item.isRead).length,
        loaded: true,
        arrivedWhileLoading: null,
      };
    }
    case "notification.created": {
      const n = action.notification;
      if (state.items.some((item) => item.id === n.id)) return state;
      return {
        ...state,
        items: [n, ...state.items].slice(0, FETCH_LIMIT),
        unreadCount: state.unreadCount + (n.isRead ? 0 : 1),
        arrivedWhileLoading: state.arrivedWhileLoading && [...state.arrivedWhileLoading, n.id],
      };
    }
    case "notification.updated": {
      let delta = 0;
      const items = state.items.map((item) => {
        if (!action.ids.includes(item.id)) return item;
        const next = { ...item, ...action.changes };
        delta += (item.isRead ? 0 : 1) - (next.isRead ? 0 : 1);
        return next;
      });
      // The server names only the ids it turned from unread to read, so those older than the list
      // (another tab's "mark all read" with more than FETCH_LIMIT unread) leave the count too.
      if (action.changes.isRead === true) delta += action.ids.filter((id) => !state.items.some((item) => item.id === id)).length;
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

/** The panel's tabs (section 2): all, unread, priority (high or critical), today (the day in the account's `timeZone`). */
export function filterNotifications(items: RealtimeNotification[], tab: Tab, timeZone: string | undefined, now = new Date()): RealtimeNotification[] {
  switch (tab) {
    case "all":
      return items;
    case "unread":
      return items.filter((n) => !n.isRead);
    case "priority":
      return items.filter((n) => n.priority === "high" || n.priority === "critical");
    case "today": {
      const day = dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      const today = day.format(now);
      return items.filter((n) => day.format(new Date(n.createdAt)) === today);
    }
  }
}
