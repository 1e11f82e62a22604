import type { Notification } from "../db/notifications";

/** A notification as the API and the realtime channel show it (camelCase, ISO instants). */
export function publicNotification(n: Notification) {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    type: n.type,
    category: n.category,
    priority: n.priority,
    isRead: n.isRead,
    readAt: n.readAt?.toISOString() ?? null,
    actionUrl: n.actionUrl,
    expiresAt: n.expiresAt?.toISOString() ?? null,
    metadata: n.metadata,
    parentId: n.parentId,
    createdAt: n.createdAt.toISOString(),
  };
}

export type PublicNotification = ReturnType<typeof publicNotification>;
