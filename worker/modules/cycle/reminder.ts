import { EVERY_QUARTER_HOUR } from "../../cron/schedules";
import type { CronJob } from "../../cron/registry";
import { fanOut } from "../../cron/fan-out";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { startOfDate, zonedParts } from "../../lib/time-zone";
import { notify } from "../../notifications/notify";
import { localToday } from "./today";
import { addDays, daysBetween, MAX_CYCLE_DAYS, predictCycle } from "./predictions";
import { claimReminder, cycleHistory, cycleUserIdsPage } from "./queries";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

/** The reminder comes this many days before the predicted start. */
export const REMINDER_DAYS_BEFORE = 2;
/** Not before this local hour: a reminder is not worth waking anyone. */
export const REMINDER_FROM_HOUR = 9;
/** Dedupe-key prefix; the key ends with the last period start (cycle_reminders keeps each told once). */
export const PERIOD_EXPECTED = "cycle-period-expected";
/**
 * Where a discreet reminder leads: a path that names no cycle (the e-mail prints its link), which
 * redirects to the cycle screen (app/routes/app/reminder-redirect.tsx).
 */
export const DISCREET_REMINDER_URL = "/app/lembrete";

/**
 * Whether the user's cycle reminder says nothing of periods (docs/decisions/0107): on unless they
 * turned it off in Perfil → Preferências (`discreetCycleReminder: false`). Its text may show on a
 * lock screen, a shared screen's bell or in an e-mail, and a health notice there is not the
 * user's to make by default.
 */
export const discreetCycleReminder = (preferences: Record<string, unknown>) => preferences.discreetCycleReminder !== false;

const longDate = (date: string, language: "pt" | "en") =>
  dateTimeFormat(intlLocale(language), { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * Tells one user, once per predicted period, that it is expected in two days (or tomorrow, when the
 * first chance was missed), from 09:00 in their time zone. Re-reads everything: the queue may
 * deliver late, after the user logged the period that was coming.
 */
export async function remindPeriodExpected(env: Env, userId: string, now: Date): Promise<boolean> {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return false;
  const { days, longCycles } = await cycleHistory(db, userId);
  const prediction = predictCycle(days, longCycles);
  const next = prediction.nextPeriodStart;
  const last = prediction.periodStarts.at(-1);
  if (!next || !last) return false;
  const today = localToday(now, user.timeZone);
  const daysLeft = daysBetween(today, next);
  if (daysLeft < 1 || daysLeft > REMINDER_DAYS_BEFORE || zonedParts(now, user.timeZone).hour < REMINDER_FROM_HOUR) return false;
  // Claimed first, then told: the notification's dedupe key alone went with it when the user
  // deleted it, and the next quarter-hour sent it again.
  if (!(await claimReminder(db, userId, last, now))) return false;
  const discreet = discreetCycleReminder(user.preferences);
  const row = await notify(
    env,
    userId,
    {
      // The text says no more than that a period is expected: it is read on lock screens and in
      // e-mail. Discreet (the default), not even that: "You have a reminder in Rumo", with a link
      // that names nothing either; the prediction itself is on the cycle screen.
      ...(discreet ? { template: "discreetReminder" } : { template: "periodExpected", vars: (recipient) => ({ date: longDate(next, recipient.language) }) }),
      type: "reminder",
      // The category is no text anyone reads: the bell's icon and filters take it, as before.
      category: "cycle",
      actionUrl: discreet ? DISCREET_REMINDER_URL : "/app/ciclo-menstrual",
      // Gone at the end of the user's own day two days after the predicted start (their midnight,
      // not UTC's: in Tokyo that was 09:00, in Los Angeles the evening before).
      expiresAt: startOfDate(addDays(next, 3), user.timeZone),
      dedupeKey: `${PERIOD_EXPECTED}:${last}`,
      // cycle_reminders is the claim that lasts; the key's record need not outlive the notification.
      dedupeUntil: startOfDate(addDays(next, 3), user.timeZone),
    },
    { now: () => now },
  );
  return row !== null;
}

/** The reminder job: every quarter-hour, over the users who log their cycle and were not just reminded. */
export const periodExpectedJob: CronJob = {
  name: "cycle-period-expected",
  // EVERY_QUARTER_HOUR of worker/cron/registry.ts, spelled out: importing the value from there
  // would be circular (the registry reads every module's jobs when it loads).
  schedule: EVERY_QUARTER_HOUR,
  fanOut: fanOut({
    // A prediction is at most 60 days after the last start; someone whose last flow day is older
    // than that (plus a period's length) has none coming to remind of.
    selectUsers: (env, now, page) =>
      cycleUserIdsPage(database(env.DB), page, addDays(now.toISOString().slice(0, 10), -(MAX_CYCLE_DAYS + 15)), new Date(now.getTime() - 10 * 86_400_000)),
    perUser: (env, userId, now) => remindPeriodExpected(env, userId, now),
  }),
};
