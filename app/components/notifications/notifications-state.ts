import type { RealtimeMessage, RealtimeNotification } from "~/lib/realtime-client";

/** One page of a tab's list (the API's default page). */
export const FETCH_LIMIT = 50;

export type Tab = "all" | "unread" | "priority" | "today";
export const TABS: Tab[] = ["all", "unread", "priority", "today"];

/** One tab's list as the API pages it (`filter=<tab>`, priority first then newest), kept live by the realtime messages. */
export type TabList = {
  items: RealtimeNotification[];
  nextCursor: string | null;
  loaded: boolean;
  /** Ids that came over the realtime channel while the first page was on its way (null: none on its way). */
  arrivedWhileLoading: string[] | null;
  /** Reads, unreads and deletions made (here or pushed) while the first page was on its way: the answer may predate them. */
  changedWhileLoading?: Change[];
};

type Change = Extract<NotificationsAction, { type: "notification.updated" | "notification.deleted" }>;

export type NotificationsState = { lists: Record<Tab, TabList>; unreadCount: number };

export type NotificationsAction =
  | { type: "loading"; tab: Tab }
  /** A tab's first page, or with `more` its next one (appended; the count stays the live one). */
  | { type: "loaded"; tab: Tab; items: RealtimeNotification[]; nextCursor: string | null; unreadCount: number; more?: boolean }
  /** Every list but "all" is forgotten (fetched again when shown): after "mark all read" or a resync. */
  | { type: "stale" }
  | Extract<RealtimeMessage, { type: "notification.created" | "notification.updated" | "notification.deleted" }>;

const unloaded: TabList = { items: [], nextCursor: null, loaded: false, arrivedWhileLoading: null };
export const initialNotifications: NotificationsState = { lists: { all: unloaded, unread: unloaded, priority: unloaded, today: unloaded }, unreadCount: 0 };

/**
 * The panel's lists, one per tab, and the unread count. Local actions (mark read, delete) and their
 * realtime echoes go through the same reducer, so applying one twice changes nothing.
 */
export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  const { lists } = state;
  const each = (change: (list: TabList, tab: Tab) => TabList) =>
    Object.fromEntries(TABS.map((tab) => [tab, change(lists[tab], tab)])) as NotificationsState["lists"];
  // What the lists know of each notification (the same in every list that holds it).
  const known = new Map(TABS.flatMap((tab) => lists[tab].items.map((item) => [item.id, item] as const)));
  const list = "tab" in action ? lists[action.tab] : unloaded;
  switch (action.type) {
    case "loading":
      return { ...state, lists: { ...lists, [action.tab]: { ...list, arrivedWhileLoading: list.arrivedWhileLoading ?? [], changedWhileLoading: list.changedWhileLoading ?? [] } } };
    case "loaded": {
      // A notification pushed while the first page was on its way may be newer than the server's
      // answer: it stays (as it is now: read or deleted meanwhile) instead of vanishing until the
      // next reload. A next page (keyset: rows added since shift nothing) is appended, without what
      // the list already shows (pushed live at the top).
      const listed = new Set((action.more ? list.items : action.items).map((item) => item.id));
      const fresh = action.items.filter((item) => !action.more || !listed.has(item.id));
      const kept = list.items.filter((item) => action.more || (list.arrivedWhileLoading?.includes(item.id) && !listed.has(item.id)));
      // A row read, unread or deleted while the page was on its way: the answer may have been read
      // before that change (a "Marcar como lida" right after a reload had the badge go back to its
      // old count and the row to unread). Applied again over the answer; its count corrected.
      const { items, unreadFix } = reapply([...kept, ...fresh], list.changedWhileLoading ?? []);
      return {
        lists: { ...lists, [action.tab]: { items, nextCursor: action.nextCursor, loaded: true, arrivedWhileLoading: null } },
        unreadCount: action.more ? state.unreadCount : Math.max(0, action.unreadCount + kept.filter((item) => !item.isRead).length - unreadFix),
      };
    }
    case "stale":
      return { ...state, lists: each((list, tab) => (tab === "all" ? list : unloaded)) };
    case "notification.created": {
      const n = action.notification;
      if (known.has(n.id)) return state;
      return {
        // At the top of each list (being) loaded whose tab it belongs to (section 7: added at the
        // top): unread, priority (high or critical), and today's, as it was just created.
        lists: each((list, tab) =>
          (list.loaded || list.arrivedWhileLoading) && (tab === "unread" ? !n.isRead : tab !== "priority" || n.priority === "high" || n.priority === "critical")
            ? { ...list, items: [n, ...list.items], arrivedWhileLoading: list.arrivedWhileLoading && [...list.arrivedWhileLoading, n.id] }
            : list,
        ),
        unreadCount: state.unreadCount + (n.isRead ? 0 : 1),
      };
    }
    case "notification.updated": {
      let delta = 0;
      for (const id of action.ids) {
        const item = known.get(id);
        // The server names only the ids it turned from unread to read, so those in no list
        // (another tab's "mark all read" with more unread than loaded) leave the count too.
        delta += item ? (item.isRead ? 0 : 1) - ({ ...item, ...action.changes }.isRead ? 0 : 1) : action.changes.isRead ? 1 : 0;
      }
      return {
        // Read ones stay where they are, in the unread tab too, until it is fetched again; one
        // unread again that the unread tab lacks has it fetched again when shown.
        lists: each((list, tab) =>
          tab === "unread" && action.changes.isRead === false && action.ids.some((id) => !list.items.some((item) => item.id === id))
            ? unloaded
            : remember({ ...list, items: list.items.map((item) => (action.ids.includes(item.id) ? { ...item, ...action.changes } : item)) }, action),
        ),
        unreadCount: Math.max(0, state.unreadCount - delta),
      };
    }
    case "notification.deleted":
      return {
        lists: each((list) => remember({ ...list, items: list.items.filter((item) => !action.ids.includes(item.id)) }, action)),
        unreadCount: Math.max(0, state.unreadCount - action.ids.filter((id) => known.get(id)?.isRead === false).length),
      };
  }
}

/** A change kept while the list's first page is on its way, to apply again over its answer. */
const remember = (list: TabList, change: Change): TabList => (list.changedWhileLoading && list.arrivedWhileLoading !== null ? { ...list, changedWhileLoading: [...list.changedWhileLoading, change] } : list);

/** `changes` applied over a fetched page, and how many of its rows they took out of the unread count. */
function reapply(page: RealtimeNotification[], changes: readonly Change[]) {
  let items = page;
  let unreadFix = 0;
  for (const change of changes) {
    const touched = (item: RealtimeNotification) => change.ids.includes(item.id);
    if (change.type === "notification.deleted") {
      unreadFix += items.filter((item) => touched(item) && !item.isRead).length;
      items = items.filter((item) => !touched(item));
      continue;
    }
    items = items.map((item) => {
      if (!touched(item)) return item;
      const next = { ...item, ...change.changes };
      unreadFix += (item.isRead ? 0 : 1) - (next.isRead ? 0 : 1);
      return next;
    });
  }
  return { items, unreadFix };
}
