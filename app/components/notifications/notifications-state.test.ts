import { describe, expect, it } from "vitest";
import type { RealtimeNotification } from "~/lib/realtime-client";
import { filterNotifications, initialNotifications, notificationsReducer } from "./notifications-state";

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

  it("filters the tabs", () => {
    const items = [n("low", { priority: "low" }), n("high", { priority: "high", isRead: true }), n("crit", { priority: "critical" }), n("old", { createdAt: "2020-01-01T12:00:00Z" })];
    expect(filterNotifications(items, "unread").map((i) => i.id)).toEqual(["low", "crit", "old"]);
    expect(filterNotifications(items, "priority").map((i) => i.id)).toEqual(["high", "crit"]);
    expect(filterNotifications(items, "today").map((i) => i.id)).toEqual(["low", "high", "crit"]);
    expect(filterNotifications(items, "all")).toHaveLength(4);
  });
});
