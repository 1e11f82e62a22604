import type { Language } from "~/i18n/language";
import type { Notification } from "../db/notifications";

/**
 * Where a notification from the catalogue keeps its title and message in every language
 * (worker/notifications/notify.ts), inside its metadata: internal, never shown as metadata.
 */
export const TEXTS_KEY = "_texts";

type Texts = Partial<Record<Language, { title: string; message: string }>>;

/**
 * A notification as the API and the realtime channel show it (camelCase, ISO instants). With a
 * language, a notification written from the catalogue reads in it ("Bem-vindo ao Rumo!" becomes
 * "Welcome to Rumo!" once the person switches to English); one whose text is the user's own
 * (a goal's title) reads as written.
 */
export function publicNotification(n: Notification, language?: Language) {
  const { [TEXTS_KEY]: texts, ...metadata } = n.metadata as Record<string, unknown> & { [TEXTS_KEY]?: Texts };
  const text = (language && texts?.[language]) || { title: n.title, message: n.message };
  return {
    id: n.id,
    title: text.title,
    message: text.message,
    type: n.type,
    category: n.category,
    priority: n.priority,
    isRead: n.isRead,
    readAt: n.readAt?.toISOString() ?? null,
    actionUrl: n.actionUrl,
    expiresAt: n.expiresAt?.toISOString() ?? null,
    metadata,
    parentId: n.parentId,
    createdAt: n.createdAt.toISOString(),
  };
}

export type PublicNotification = ReturnType<typeof publicNotification>;
