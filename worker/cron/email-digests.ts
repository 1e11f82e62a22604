import * as accounts from "../db/accounts";
import { database } from "../db/client";
import { digestUserIdsPage } from "../db/jobs";
import { claimDigest, listPreferences, notificationsSince } from "../db/notifications";
import { log } from "../lib/log";
import { inQuietHours, sameClockDaysBefore, zonedParts } from "../lib/time-zone";
import { translator } from "../lib/translate";
import { mailerFor } from "../mail/mailer";
import { layoutMail } from "../mail/templates";
import { preferenceFor } from "../notifications/preferences";
import { publicNotification } from "../notifications/public";
import { WEEKLY_DIGEST_WINDOW_MS } from "../notifications/retention";
import { fanOut } from "./fan-out";
import { appLink } from "../lib/app-url";

/** Digests go out from this local hour on (the first run after it, outside quiet hours). */
export const DIGEST_HOUR = 8;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, "0");

/** The period a digest covers at `now` in the user's zone, or null when it is not due yet. */
export function digestPeriod(frequency: "daily" | "weekly", now: Date, timeZone: string): { key: string; since: Date } | null {
  const local = zonedParts(now, timeZone);
  if (local.hour < DIGEST_HOUR) return null;
  const localDate = new Date(Date.UTC(local.year, local.month - 1, local.day));
  const stamp = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  // "Since this time yesterday" on the user's clock: a clock-change day has 23 or 25 hours, and 24
  // would mail the hour twice in spring or never in autumn (the same for the week below).
  if (frequency === "daily") return { key: `daily:${stamp(localDate)}`, since: sameClockDaysBefore(now, 1, timeZone) };
  // Weekly digests go out on Mondays (weeks start on Monday) and cover the week before (a
  // notification the bell does not show is kept just long enough for it, notifications/retention.ts).
  if (localDate.getUTCDay() !== 1) return null;
  return { key: `weekly:${stamp(localDate)}`, since: sameClockDaysBefore(now, WEEKLY_DIGEST_WINDOW_MS / DAY_MS, timeZone) };
}

/**
 * Daily and weekly e-mail digests for the notification types whose preference asks for them:
 * one e-mail per user and period, after 08:00 local time and outside the quiet hours. A period is
 * claimed in D1 before the e-mail is sent, so running the job twice never sends twice. The cron
 * step enqueues only users with a digest preference; the consumer decides per user.
 */
export const emailDigests = fanOut({
  selectUsers: (env, _now, page) => digestUserIdsPage(database(env.DB), page),
  async perUser(env, userId, now) {
    const db = database(env.DB);
    const user = await accounts.findUserById(db, userId);
    // Nothing to an address not proven yet (a changed one, decision 0101); nothing is claimed either,
    // so the digests resume once it is confirmed.
    if (!user?.emailConfirmedAt) return false;
    // The preferences in force: a type always e-mailed at once (security) is never in a digest.
    const preferences = (await listPreferences(db, userId)).map((p) => preferenceFor(p.notificationType, p)).filter((p) => p.emailEnabled);
    let sent = false;
    for (const frequency of ["daily", "weekly"] as const) {
      const chosen = preferences.filter((p) => p.frequency === frequency && !inQuietHours(now, user.timeZone, p.quietHoursStart, p.quietHoursEnd));
      const period = chosen.length ? digestPeriod(frequency, now, user.timeZone) : null;
      if (!period) continue;
      const items = await notificationsSince(db, userId, chosen.map((p) => p.notificationType), period.since);
      if (items.length === 0 || !(await claimDigest(db, userId, period.key))) continue;
      const t = translator(user.language);
      const mail = layoutMail(user.language, user.email, {
        subject: t(`email:digest.${frequency}Subject`, { count: items.length }),
        heading: t(`email:digest.${frequency}Subject`, { count: items.length }),
        // Each in the language of the mail, whatever language it was written in.
        body: items
          .map((row) => publicNotification(row, user.language))
          .map((n) => `• ${n.title}${n.message ? ` — ${n.message}` : ""}`)
          .join("\n"),
        button: t("email:notification.button"),
        link: appLink(env, "/app/notificacoes"),
        footer: t("email:notification.footer"),
      });
      try {
        await mailerFor(env).send(mail);
        sent = true;
      } catch (err) {
        // The period is claimed: a retry would not resend, so the failure is logged, not thrown.
        log("error", "digest_mail_failed", { userId, frequency, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return sent;
  },
});
