import type { TFunction } from "i18next";
import { languages } from "~/i18n/language";
import type { Namespace } from "~/locales";
import * as accounts from "../db/accounts";
import { database } from "../db/client";
import * as store from "../db/notifications";
import { userRealtime, type RealtimeEvent } from "../durable-objects/user-realtime";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { inQuietHours } from "../lib/time-zone";
import { translator } from "../lib/translate";
import { mailerFor } from "../mail/mailer";
import { layoutMail } from "../mail/templates";
import { preferenceFor } from "./preferences";
import { publicNotification, TEXTS_KEY } from "./public";
import { expiryOf } from "./retention";
import { appLink } from "../lib/app-url";

/** Text of a notification: either given (user content, e.g. a goal's title) or from the `notifications` catalogue. */
type NotificationText =
  | { title: string; message: string }
  | { template: string; vars?: Record<string, string | number> | ((user: Recipient) => Record<string, string | number>) };

/** What a template's variables may depend on: the recipient's language and time zone. */
export type Recipient = { t: TFunction<Namespace[]>; language: "pt" | "en"; timeZone: string };

/**
 * One notification per key and user, ever: jobs and account events set `dedupeKey` so reruns never
 * duplicate. The key is recorded apart from the notification (notification_keys, decision 0103):
 * one the user deleted, or that expired, is still sent, and is not sent again.
 *
 * `dedupeUntil` is when the caller can no longer raise this key (its window is past, with a margin):
 * the record of the key is forgotten then (the quarter-hour delete-expired-notifications job).
 * Required with every key: without it the records of goals, invoices and accounts piled up for the
 * account's life (decision 0103, revised).
 */
type Dedupe = { dedupeKey?: undefined; dedupeUntil?: undefined } | { dedupeKey: string; dedupeUntil: Date };

export type NotifyInput = NotificationText & Dedupe & {
  type: store.NotificationType;
  category?: string;
  priority?: store.NotificationPriority;
  /** A same-site path ("/app/..."); a function when it names a day, which is the recipient's. */
  actionUrl?: string | null | ((user: Recipient) => string);
  expiresAt?: Date | null;
  /** How long it is kept from when it is raised (ms), instead of an `expiresAt` (./retention.ts). */
  keepFor?: number;
  metadata?: Record<string, unknown>;
  parentId?: string | null;
};

export type NotifyDeps = { now?: () => Date };

/**
 * Raises a notification for one user: stores it (once per dedupe key), pushes it to every open tab
 * over the user's Durable Object, and e-mails it when the user's preference for its type allows and
 * it is not their quiet hours. Every module calls this; it never throws — a failed notification must
 * not break the write that caused it. Returns the stored notification, or null (duplicate or failure).
 */
export async function notify(env: Env, userId: string, input: NotifyInput, deps: NotifyDeps = {}) {
  try {
    return await deliver(env, userId, input, deps.now?.() ?? new Date());
  } catch (err) {
    log("error", "notify_failed", { userId, type: input.type, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

async function deliver(env: Env, userId: string, input: NotifyInput, now: Date) {
  const db = database(env.DB);
  const user = await accounts.findUserById(db, userId);
  if (!user) return null;
  // Sent once already: a rerun (the nightly budget check, the next sign-in) stops here, before the
  // texts are written; insertNotification's batch still settles a race between two runs.
  if (input.dedupeKey && (await store.dedupeKeySent(db, userId, input.dedupeKey))) return null;
  const t = translator(user.language);
  const recipient: Recipient = { t, language: user.language, timeZone: user.timeZone };
  let title: string, message: string;
  // The texts key is ours: a caller's metadata (POST /notifications takes any) cannot set it.
  let metadata: Record<string, unknown> = Object.fromEntries(Object.entries(input.metadata ?? {}).filter(([key]) => key !== TEXTS_KEY));
  if ("template" in input) {
    // Written in every language, so that the list reads in the one the person uses later
    // (publicNotification picks it); the stored title and message are their language's now.
    const texts = Object.fromEntries(languages.map((language) => [language, templateText(input, { ...recipient, t: language === user.language ? t : translator(language), language })]));
    ({ title, message } = texts[user.language]);
    metadata = { ...metadata, [TEXTS_KEY]: texts };
  } else ({ title, message } = input);
  const preference = preferenceFor(input.type, await store.getPreference(db, userId, input.type));
  const requestedExpiry = input.expiresAt ?? (input.keepFor ? new Date(now.getTime() + input.keepFor) : null);

  const values: store.NewNotification = {
    id: newId(),
    title: String(title).slice(0, 200),
    message: String(message).slice(0, 2000),
    type: input.type,
    category: input.category ?? "general",
    priority: input.priority ?? "medium",
    actionUrl: (typeof input.actionUrl === "function" ? input.actionUrl(recipient) : input.actionUrl) ?? null,
    // One the bell does not show is there only for the e-mail digests, and goes after their window.
    expiresAt: expiryOf(requestedExpiry, preference.inAppEnabled, now),
    metadata,
    parentId: input.parentId ?? null,
    dedupeKey: input.dedupeKey ?? null,
    inApp: preference.inAppEnabled,
    createdAt: now,
  };
  const row = await store.insertNotification(db, userId, values, input.dedupeUntil);
  if (!row) return null; // already sent once

  if (row.inApp) await publish(env, userId, { type: "notification.created", notification: publicNotification(row) });

  // Never to an address the person has not proven (a changed one until its link is followed, decision
  // 0101): a typo's owner would read the account's reminders, amounts and health notices.
  if (user.emailConfirmedAt && preference.emailEnabled && preference.frequency === "instant" && !inQuietHours(now, user.timeZone, preference.quietHoursStart, preference.quietHoursEnd)) {
    const mail = layoutMail(user.language, user.email, {
      subject: row.title,
      heading: row.title,
      body: row.message,
      button: t("email:notification.button"),
      link: appLink(env, row.actionUrl ?? "/app/notificacoes"),
      footer: t("email:notification.footer"),
    });
    try {
      await mailerFor(env).send(mail);
    } catch (err) {
      log("error", "notification_mail_failed", { userId, type: row.type, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return row;
}

/** A catalogue notification's title and message for one recipient (their language, their zone). */
function templateText(input: Extract<NotificationText, { template: string }>, recipient: Recipient) {
  const vars = typeof input.vars === "function" ? input.vars(recipient) : input.vars;
  const { t } = recipient;
  return {
    title: String(t(`notifications:${input.template}.title` as never, vars as never)).slice(0, 200),
    message: String(t(`notifications:${input.template}.message` as never, vars as never)).slice(0, 2000),
  };
}

/** Sends an event to every open tab of the user; failures are logged, never thrown. */
export async function publish(env: Env, userId: string, event: RealtimeEvent): Promise<number> {
  try {
    return await userRealtime(env, userId).broadcast(event);
  } catch (err) {
    log("warn", "realtime_publish_failed", { userId, type: event.type, error: err instanceof Error ? err.message : String(err) });
    return 0;
  }
}

/** Tells the user's other tabs and devices that one of their records changed (they refetch it). */
export function publishEntityChange(env: Env, userId: string, change: { entity: string; id: string; action: "created" | "updated" | "deleted" }) {
  return publish(env, userId, { type: "entity.changed", ...change });
}
