import type { RealtimeNotification } from "~/lib/realtime-client";

/** A notification as the API answers it, for the tests of this folder: unread, medium, now. */
export const aNotification = (id: string, extra: Partial<RealtimeNotification> = {}): RealtimeNotification => ({
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
