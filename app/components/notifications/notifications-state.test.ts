import { describe, expect, it } from "vitest";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { aNotification } from "./test-notification";
import { FETCH_LIMIT, initialNotifications, notificationsReducer, type NotificationsState, type Tab } from "./notifications-state";

const n = aNotification;

const ids = (state: NotificationsState, tab: Tab = "all") => state.lists[tab].items.map((i) => i.id);
const loaded = (state: NotificationsState, tab: Tab, items: RealtimeNotification[], unreadCount: number, nextCursor: string | null = null, more = false) =>
  notificationsReducer(state, { type: "loaded", tab, items, nextCursor, unreadCount, more });
const READ = { isRead: true, readAt: "2026-01-01T00:00:00Z" };

describe("notifications state", () => {
  it("adds new ones at the top, keeps the unread count right and ignores echoes", () => {
    let state = loaded(initialNotifications, "all", [n("a"), n("b", { isRead: true })], 7);
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("c") });
    expect(ids(state)).toEqual(["c", "a", "b"]);
    expect(state.unreadCount).toBe(8);
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("c") });
    expect(state.unreadCount).toBe(8);
    const read = { type: "notification.updated" as const, seq: 2, ids: ["a", "b"], changes: READ };
    state = notificationsReducer(state, read);
    expect(state.unreadCount).toBe(7);
    state = notificationsReducer(state, read);
    expect(state.unreadCount).toBe(7);
    state = notificationsReducer(state, { type: "notification.deleted", seq: 3, ids: ["c", "a"] });
    expect(ids(state)).toEqual(["b"]);
    expect(state.unreadCount).toBe(6);
  });

  it("counts ids read elsewhere that are in no list (another tab's mark all read)", () => {
    // 60 unread, the first 50 listed: another tab marks all 60 read, the badge must go to 0.
    const listed = Array.from({ length: FETCH_LIMIT }, (_, i) => n(`new-${i}`));
    let state = loaded(initialNotifications, "all", listed, 60, "cursor");
    const all = [...listed.map((i) => i.id), ...Array.from({ length: 10 }, (_, i) => `old-${i}`)];
    state = notificationsReducer(state, { type: "notification.updated", seq: 1, ids: all, changes: READ });
    expect(state.unreadCount).toBe(0);
    // One old notification read on the notifications page: one fewer on the bell.
    state = loaded(initialNotifications, "all", [n("a")], 3);
    state = notificationsReducer(state, { type: "notification.updated", seq: 2, ids: ["older"], changes: READ });
    expect(state.unreadCount).toBe(2);
  });

  it("keeps a notification pushed while the list was being fetched (the fetch read before it existed)", () => {
    let state = notificationsReducer(initialNotifications, { type: "loading", tab: "all" });
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("live") });
    state = loaded(state, "all", [n("a"), n("b", { isRead: true })], 4);
    expect(ids(state)).toEqual(["live", "a", "b"]);
    expect(state.unreadCount).toBe(5);
    // When the fetch already had it, it is listed once and counted once.
    state = notificationsReducer(state, { type: "loading", tab: "all" });
    state = notificationsReducer(state, { type: "notification.created", seq: 2, notification: n("c") });
    state = loaded(state, "all", [n("c"), n("live"), n("a")], 6);
    expect(ids(state)).toEqual(["c", "live", "a"]);
    expect(state.unreadCount).toBe(6);
    // Outside a fetch, a reload answers what the server has (a resync after missed deletions).
    state = loaded(state, "all", [n("a")], 1);
    expect(ids(state)).toEqual(["a"]);
  });

  it("keeps a read, an unread or a deletion made while the list was being fetched (the fetch may have read before it)", () => {
    // Two unread listed; the list fetched again (a reload), and "a" read while that is on its way.
    let state = loaded(initialNotifications, "all", [n("a"), n("b")], 2);
    state = notificationsReducer(state, { type: "loading", tab: "all" });
    state = notificationsReducer(state, { type: "notification.updated", seq: 0, ids: ["a"], changes: READ });
    expect(state.unreadCount).toBe(1);
    // The answer was read before the change: "a" stays read and the badge at 1.
    state = loaded(state, "all", [n("a"), n("b")], 2);
    expect(state.lists.all.items.find((i) => i.id === "a")?.isRead).toBe(true);
    expect(state.unreadCount).toBe(1);
    // An answer read after the change is not corrected twice.
    state = notificationsReducer(state, { type: "loading", tab: "all" });
    state = notificationsReducer(state, { type: "notification.updated", seq: 0, ids: ["b"], changes: READ });
    state = loaded(state, "all", [n("a", READ), n("b", READ)], 0);
    expect(state.unreadCount).toBe(0);
    // Unread again and a deletion, both while a fetch is on its way.
    state = notificationsReducer(state, { type: "loading", tab: "all" });
    state = notificationsReducer(state, { type: "notification.updated", seq: 0, ids: ["a"], changes: { isRead: false, readAt: null } });
    state = notificationsReducer(state, { type: "notification.deleted", seq: 0, ids: ["b"] });
    state = loaded(state, "all", [n("a", READ), n("b", READ), n("c")], 1);
    expect(ids(state)).toEqual(["a", "c"]);
    expect(state.unreadCount).toBe(2);
    // Once answered, the changes are not applied again over the next answer.
    state = loaded(state, "all", [n("a", READ)], 0);
    expect(state.unreadCount).toBe(0);
  });

  it("keeps one list per tab: new ones join the tabs they belong to, pages append, deletions leave every tab", () => {
    let state = loaded(initialNotifications, "all", [n("old-high", { priority: "high", isRead: true })], 1, "next");
    state = loaded(state, "unread", [n("reminder")], 1);
    state = loaded(state, "priority", [n("old-high", { priority: "high", isRead: true })], 1);
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("alert", { priority: "critical" }) });
    state = notificationsReducer(state, { type: "notification.created", seq: 2, notification: n("note", { priority: "low", isRead: true }) });
    expect(ids(state, "all")).toEqual(["note", "alert", "old-high"]);
    expect(ids(state, "unread")).toEqual(["alert", "reminder"]);
    expect(ids(state, "priority")).toEqual(["alert", "old-high"]);
    // A tab not yet shown stays unasked: its first page will have them.
    expect(state.lists.today).toEqual(initialNotifications.lists.today);
    expect(state.unreadCount).toBe(2);

    // The next page of "all", with one that is already listed (pushed live meanwhile).
    // (The count stays the live one: the page's may have been read before the pushes.)
    state = loaded(state, "all", [n("alert", { priority: "critical" }), n("reminder")], 9, null, true);
    expect(ids(state, "all")).toEqual(["note", "alert", "old-high", "reminder"]);
    expect(state.lists.all.nextCursor).toBeNull();

    // Read in another browser tab: read in every list, and still in the unread tab until it is fetched again.
    state = notificationsReducer(state, { type: "notification.updated", seq: 3, ids: ["reminder"], changes: READ });
    expect(state.lists.unread.items.find((i) => i.id === "reminder")?.isRead).toBe(true);
    expect(state.lists.all.items.find((i) => i.id === "reminder")?.isRead).toBe(true);
    expect(state.unreadCount).toBe(1);
    // Its echo changes nothing more.
    expect(notificationsReducer(state, { type: "notification.updated", seq: 4, ids: ["reminder"], changes: READ }).unreadCount).toBe(1);

    // Deleted: gone from every tab, the count down by one only when it was unread.
    state = notificationsReducer(state, { type: "notification.deleted", seq: 5, ids: ["alert"] });
    expect([ids(state, "all"), ids(state, "unread"), ids(state, "priority")]).toEqual([["note", "old-high", "reminder"], ["reminder"], ["old-high"]]);
    expect(state.unreadCount).toBe(0);

    // "Mark all read" or a resync: the other tabs are asked again when next shown.
    state = notificationsReducer(state, { type: "stale" });
    expect(ids(state, "all")).toEqual(["note", "old-high", "reminder"]);
    expect(state.lists.unread.loaded).toBe(false);
  });

  it("asks the unread tab again for one marked unread that it lacks", () => {
    let state = loaded(initialNotifications, "all", [n("a", { isRead: true }), n("b")], 1);
    state = loaded(state, "unread", [n("b")], 1, "more-after-b");
    const unread = (id: string) => notificationsReducer(state, { type: "notification.updated", seq: 1, ids: [id], changes: { isRead: false, readAt: null } });
    // Where it goes in the server's order may be on a page not loaded: the tab is fetched again when shown.
    expect(unread("a").lists.unread).toEqual(initialNotifications.lists.unread);
    expect(unread("a").unreadCount).toBe(2);
    expect(ids(unread("a"), "all")).toEqual(["a", "b"]);
    // One it has (read there meanwhile) is simply unread again.
    state = notificationsReducer(state, { type: "notification.updated", seq: 2, ids: ["b"], changes: READ });
    expect(ids(unread("b"), "unread")).toEqual(["b"]);
    expect(unread("b").lists.unread.items[0].isRead).toBe(false);
  });
});
