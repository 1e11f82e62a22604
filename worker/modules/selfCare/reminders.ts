/**
 * Routine reminders (docs/decisions/0099), as event reminders do it (../calendar/reminders.ts): a
 * job every minute finds the users with a reminder due (one index range on
 * `routines.next_reminder_at`, across users, ids only) and fans out through the USER_JOBS queue
 * (0013); per user, each due routine is claimed by the statement that moves `next_reminder_at` to
 * its next due day, then notified once per routine and day (the dedupe key, recorded apart from the
 * notification: a deleted reminder is not sent again when the time is changed, decision 0103).
 *
 * A day already checked in is skipped at send time rather than on check-in: a check-in can be
 * undone, or arrive late from the offline queue, and the send is the one moment that knows.
 */
import { hasEntitlement } from "~/lib/plans";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { entitlementsOf } from "../../billing/entitlements";
import { fanOut } from "../../cron/fan-out";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { localDate, startOfDate } from "../../lib/time-zone";
import { notify } from "../../notifications/notify";
import * as store from "./queries";
import { reminderDay } from "./reminder-times";
import { addDays } from "./streaks";

/** Where a routine's reminder leads: the self-care screen, today's checklist on top. */
export const SELF_CARE_PATH = "/app/autocuidado";

/** Sends the user's due routine reminders at `now`; true when one was sent. Idempotent (each claim is won once). */
export async function sendDueRoutineReminders(env: Env, userId: string, now: Date): Promise<boolean> {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return false;
  const rows = await store.dueRoutineReminders(db, userId, now);
  if (rows.length === 0) return false;
  // Without the plan the routines are read-only (0029): nothing to remind of, but the rows move on
  // (checked again here: the plan may have ended since the reminder was planned).
  const entitled = hasEntitlement((await entitlementsOf(env, user)).subscription, "selfCare");
  const zone = user.timeZone;
  const due = rows.map((row) => ({ row, at: row.nextReminderAt!, date: reminderDay(row.nextReminderAt!, zone) }));
  const done = await store.checkedInDays(db, userId, due.map(({ row, date }) => ({ routineId: row.id, date })));
  const today = localDate(now, zone);
  let sent = false;
  for (const { row, at, date } of due) {
    // From the later of the reminder and now: a backlog never plans a reminder already past.
    const next = store.nextReminderOf(row, zone, new Date(Math.max(at, now.getTime())));
    if (!(await store.claimRoutineReminder(db, userId, row.id, at, next, zone))) continue;
    // Done already, or a day that is over (the cron was down): not worth a notification.
    if (!entitled || done.has(`${row.id}|${date}`) || date !== today) continue;
    const notified = await notify(
      env,
      userId,
      {
        type: "reminder",
        category: "selfCare",
        template: "routineReminder",
        vars: (recipient) => ({
          title: row.title,
          time: dateTimeFormat(intlLocale(recipient.language), { timeStyle: "short", timeZone: recipient.timeZone }).format(new Date(at)),
        }),
        actionUrl: SELF_CARE_PATH,
        metadata: { routineId: row.id, date },
        // It is about today's routine: gone at the end of the user's day (their midnight, not UTC's).
        expiresAt: startOfDate(addDays(date, 1), zone),
        dedupeKey: `routine-reminder:${row.id}:${date}`,
        // Raised only while `date` is the user's today; two days on, even a zone moved west is past it.
        dedupeUntil: startOfDate(addDays(date, 3), zone),
      },
      { now: () => now },
    );
    sent ||= notified !== null;
  }
  return sent;
}

export const routineReminders = fanOut({
  selectUsers: (env, now, page) => store.usersWithDueRoutineReminders(database(env.DB), now, page),
  perUser: (env, userId, now) => sendDueRoutineReminders(env, userId, now),
});
