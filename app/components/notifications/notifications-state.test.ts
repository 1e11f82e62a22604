import { describe, expect, it } from "vitest";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { FETCH_LIMIT, filterNotifications, initialNotifications, notificationsReducer } from "./notifications-state";

const n = (id: string, extra: Partial<RealtimeNotification> = {}): RealtimeNotification => ({
  id,
  title: id,
  message: "",
  type: "system",
  category: "general",
  priority: "medium",
  isRead: false,
  readAt: null,
  actionUrl: null,
  expiresAt: null,
  metadata: {},
  parentId: null,
  createdAt: new Date().toISOString(),
  ...extra,
});

describe("notifications state", () => {
  it("adds new ones at the top, keeps the unread count right and ignores echoes", () => {
    let state = notificationsReducer(initialNotifications, { type: "loaded", items: [n("a"), n("b", { isRead: true })], unreadCount: 7 });
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("c") });
    expect(state.items.map((i) => i.id)).toEqual(["c", "a", "b"]);
    expect(state.unreadCount).toBe(8);
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("c") });
    expect(state.unreadCount).toBe(8);
    const read = { type: "notification.updated" as const, seq: 2, ids: ["a", "b"], changes: { isRead: true, readAt: "2026-01-01T00:00:00Z" } };
    state = notificationsReducer(state, read);
    expect(state.unreadCount).toBe(7);
    state = notificationsReducer(state, read);
    expect(state.unreadCount).toBe(7);
    state = notificationsReducer(state, { type: "notification.deleted", seq: 3, ids: ["c", "a"] });
    expect(state.items.map((i) => i.id)).toEqual(["b"]);
    expect(state.unreadCount).toBe(6);
  });

  it("counts ids read elsewhere that are older than the list (another tab's mark all read)", () => {
    // 60 unread, the newest 50 listed: another tab marks all 60 read, the badge must go to 0.
    const listed = Array.from({ length: FETCH_LIMIT }, (_, i) => n(`new-${i}`));
    let state = notificationsReducer(initialNotifications, { type: "loaded", items: listed, unreadCount: 60 });
    const all = [...listed.map((i) => i.id), ...Array.from({ length: 10 }, (_, i) => `old-${i}`)];
    state = notificationsReducer(state, { type: "notification.updated", seq: 1, ids: all, changes: { isRead: true, readAt: "2026-01-01T00:00:00Z" } });
    expect(state.unreadCount).toBe(0);
    // One old notification read on the notifications page: one fewer on the bell.
    state = notificationsReducer(initialNotifications, { type: "loaded", items: [n("a")], unreadCount: 3 });
    state = notificationsReducer(state, { type: "notification.updated", seq: 2, ids: ["older"], changes: { isRead: true, readAt: "2026-01-01T00:00:00Z" } });
    expect(state.unreadCount).toBe(2);
  });

  it("keeps a notification pushed while the list was being fetched (the fetch read before it existed)", () => {
    let state = notificationsReducer(initialNotifications, { type: "loading" });
    state = notificationsReducer(state, { type: "notification.created", seq: 1, notification: n("live") });
    state = notificationsReducer(state, { type: "loaded", items: [n("a"), n("b", { isRead: true })], unreadCount: 4 });
    expect(state.items.map((i) => i.id)).toEqual(["live", "a", "b"]);
    expect(state.unreadCount).toBe(5);
    // When the fetch already had it, it is listed once and counted once.
    state = notificationsReducer(state, { type: "loading" });
    state = notificationsReducer(state, { type: "notification.created", seq: 2, notification: n("c") });
    state = notificationsReducer(state, { type: "loaded", items: [n("c"), n("live"), n("a")], unreadCount: 6 });
    expect(state.items.map((i) => i.id)).toEqual(["c", "live", "a"]);
    expect(state.unreadCount).toBe(6);
    // Outside a fetch, a reload answers what the server has (a resync after missed deletions).
    state = notificationsReducer(state, { type: "loaded", items: [n("a")], unreadCount: 1 });
    expect(state.items.map((i) => i.id)).toEqual(["a"]);
  });

  it("filters the tabs", () => {
    const items = [n("low", { priority: "low" }), n("high", { priority: "high", isRead: true }), n("crit", { priority: "critical" }), n("old", { createdAt: "2020-01-01T12:00:00Z" })];
    expect(filterNotifications(items, "unread", "Europe/Lisbon").map((i) => i.id)).toEqual(["low", "crit", "old"]);
    expect(filterNotifications(items, "priority", "Europe/Lisbon").map((i) => i.id)).toEqual(["high", "crit"]);
    expect(filterNotifications(items, "today", "Europe/Lisbon").map((i) => i.id)).toEqual(["low", "high", "crit"]);
    expect(filterNotifications(items, "all", "Europe/Lisbon")).toHaveLength(4);
  });

  it("keeps today's in the today tab by the account's day, not the browser's", () => {
    // 00:30 on 11 July in Lisbon, 08:30 in Tokyo, 16:30 on 10 July in Los Angeles.
    const now = new Date("2026-07-10T23:30:00Z");
    const items = [n("lisbon-yesterday", { createdAt: "2026-07-10T22:00:00Z" }), n("lisbon-today", { createdAt: "2026-07-10T23:10:00Z" }), n("morning", { createdAt: "2026-07-10T14:00:00Z" })];
    const today = (timeZone: string) => filterNotifications(items, "today", timeZone, now).map((i) => i.id);
    expect(today("Europe/Lisbon")).toEqual(["lisbon-today"]);
    expect(today("Asia/Tokyo")).toEqual(["lisbon-yesterday", "lisbon-today"]);
    expect(today("America/Los_Angeles")).toEqual(["lisbon-yesterday", "lisbon-today", "morning"]);
  });
});
