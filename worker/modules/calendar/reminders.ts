/**
 * Event reminders (issue 12): a job every minute finds the users with a reminder due (one index
 * range on `events.next_reminder_at`, across users, ids only) and fans out through the USER_JOBS
 * queue (docs/decisions/0013); per user, each due row is claimed once per (event, occurrence) in the
 * same batch that moves its `next_reminder_at` to the following occurrence, then notified.
 */
import { database } from "../../db/client";
import { scopedTo } from "../../db/scoped";
import { fanOut } from "../../cron/fan-out";
import { notify } from "../../notifications/notify";
import { KEEP_FOR_DIGESTS_MS } from "../../notifications/retention";
import * as store from "./queries";
import { pointMs } from "./recurrence";
import { localDate } from "../../lib/time-zone";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

// Rows handled per user and run: a backlog (the cron was down) drains over the next minutes.
const MAX_ROWS_PER_USER = 50;

const dateTime = (value: string, allDay: boolean, language: "pt" | "en", timeZone: string) => {
  const locale = intlLocale(language);
  if (allDay) return { date: dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`)), time: "" };
  const at = new Date(pointMs(value)!);
  return {
    date: dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone }).format(at),
    time: dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(at),
  };
};

/** Sends the user's due reminders at `now`; true when one was sent. Idempotent (the claim is unique). */
export async function sendDueReminders(env: Env, userId: string, now: Date): Promise<boolean> {
  const scoped = scopedTo(database(env.DB), userId);
  const rows = (await store.dueReminders(scoped, now)).slice(0, MAX_ROWS_PER_USER);
  let sent = false;
  for (const row of rows) {
    const occurrenceStart = row.nextReminderOccurrence!;
    const excluded = row.rrule ? await store.overriddenOccurrences(scoped, row.id) : [];
    const next = store.nextReminder(row, row.nextReminderAt! + 1, excluded);
    if (!(await store.claimReminder(scoped, row, occurrenceStart, next, now))) continue;
    // The occurrence's own start and end (an override keeps its own row, so the series' duration applies).
    const startMs = row.allDay ? pointMs(occurrenceStart)! : pointMs(occurrenceStart)!;
    const endMs = startMs + (pointMs(row.end)! - pointMs(row.start)!);
    if (endMs < now.getTime()) continue; // missed while the cron was down and already over: not worth a notification
    const seriesId = row.seriesId ?? row.id;
    // The calendar opens on the day the recipient sees the event on (an event at 00:30 in Lisbon's
    // summer starts the day before in UTC).
    const day = (timeZone: string) => (row.allDay ? occurrenceStart : localDate(new Date(startMs), timeZone));
    await notify(env, userId, {
      type: "reminder",
      category: "calendar",
      template: row.allDay ? "eventReminderAllDay" : "eventReminder",
      vars: (user) => ({ title: row.title, ...dateTime(occurrenceStart, row.allDay, user.language, user.timeZone) }),
      actionUrl: (user) => `/app/calendario?date=${day(user.timeZone)}&event=${seriesId}`,
      metadata: { eventId: seriesId, occurrenceStart },
      // It names the event: gone a week after the occurrence (after the weekly digest), not kept
      // for years by a daily series, nor after the event is deleted.
      expiresAt: new Date(endMs + KEEP_FOR_DIGESTS_MS),
      dedupeKey: `event-reminder:${row.id}:${occurrenceStart}`,
      // event_reminders is the claim that lasts; the key's record need not outlive the notification.
      dedupeUntil: new Date(endMs + KEEP_FOR_DIGESTS_MS),
    });
    sent = true;
  }
  return sent;
}

export const eventReminders = fanOut({
  selectUsers: (env, now, page) => store.usersWithDueReminders(database(env.DB), now, page),
  perUser: (env, userId, now) => sendDueReminders(env, userId, now),
});
