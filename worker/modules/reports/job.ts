/**
 * The weekly-reports job (issue 17): every Monday at 07:00 on the user's own clock, for every user
 * whose plan includes weekly reports, the report of the week that just ended (Monday–Sunday in
 * their zone) is built, stored once, and (when the week had any activity) announced with a
 * 'weekly report ready' notification, which notify() also e-mails when the user's preference for
 * `weekly_report` asks for it (docs/decisions/0039, revised 2026-12-06; 0109, revised).
 */
import { phrase } from "../../ai/provider";
import { hasEntitlement } from "~/lib/plans";
import { loadSubscriptionState } from "../../billing/subscription";
import type { CronJob } from "../../cron/registry";
import { fanOut, type Dispatch } from "../../cron/fan-out";
import { EVERY_QUARTER_HOUR } from "../../cron/schedules";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { run } from "../../db/reads";
import { notify, publishEntityChange } from "../../notifications/notify";
import { windowMs } from "../calendar/queries";
import { addDays } from "../selfCare/streaks";
import { buildWeeklyReport, lastWeekStart, weekHadActivity, type WeekFacts, type WeeklyReport } from "./builder";
import { gatherWeekFacts } from "./gather";
import { userTimeZones } from "../../db/jobs";
import { findReportRead, insertReport, reportUserIdsPage } from "./queries";
import { lastDueReportWeek, reportTimeSomewhere, zonesAtReportTime } from "./report-time";
import { phraseWith } from "./phrase";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { formatMoney } from "~/components/ui/money";

/** Dedupe-key prefix of the notification; the key ends with the week's Monday. */
export const WEEKLY_REPORT_READY = "weekly-report";
/**
 * Phrases a report's figures in the user's words (the assistant's provider, ./phrase.ts);
 * null or a failure keeps the screen's templates. It only ever rewords: the figures stay the report's.
 */
export type Phrase = (facts: { report: WeeklyReport; language: "pt" | "en" }) => Promise<string | null>;

// The screens' own format (grouped thousands, exact cents): "1 246,96 €" as on the report itself.
const money = (cents: number, language: "pt" | "en") => formatMoney(cents, language);
const shortDate = (date: string, language: "pt" | "en") =>
  dateTimeFormat(intlLocale(language), { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/**
 * Builds and stores one user's report of their last full week, if their plan includes it and it
 * does not exist yet; true when a report was stored or its notice raised. Re-reads everything: a
 * queue message may be delivered late or twice, and the plan may have changed since the cron step.
 */
export async function generateWeeklyReport(env: Env, userId: string, now: Date, deps: { phrase?: Phrase } = {}): Promise<boolean> {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return false;
  if (!hasEntitlement(await loadSubscriptionState(db, user, now), "weeklyReports")) return false;
  const weekStart = lastWeekStart(now, user.timeZone);
  // An account opened after the week ended has nothing in it to report.
  if (user.createdAt.getTime() >= windowMs(weekStart, addDays(weekStart, 6), user.timeZone).toMs) return false;
  const stored = await run(db, findReportRead(db, user.id, weekStart));
  // Stored by an earlier run whose announcement failed (notify threw after the store, and the queue
  // retries the message): announce it now. After a run that did announce, the key makes this a no-op.
  if (stored) return announceReport(env, user.id, stored.data, now);

  const facts: WeekFacts = await gatherWeekFacts(db, user, weekStart);
  const report = buildWeeklyReport(facts);
  // The provider sees the figures only with the user's opt-in for AI on personal data.
  if (deps.phrase && user.preferences.aiOnPersonalData === true) {
    try {
      const text = await deps.phrase({ report, language: user.language });
      if (text?.trim()) report.summary = { text: text.trim().slice(0, 2000), by: "provider", language: user.language };
    } catch {
      // A provider that fails leaves the report to the templates; the figures do not depend on it.
    }
  }
  const row = await insertReport(db, user.id, report, now);
  if (!row) return false; // another run stored it first
  await announceReport(env, user.id, report, now);
  await publishEntityChange(env, user.id, { entity: "weeklyReport", id: row.id, action: "created" });
  return true;
}

/** The "report ready" notice of a stored report (once per week: its dedupe key); true when raised. */
async function announceReport(env: Env, userId: string, report: WeeklyReport, now: Date): Promise<boolean> {
  // A week with nothing in it is still stored (the list of weeks has no hole, and the screen says
  // so), but a "report ready" notice or e-mail of zeros every Monday to someone who has stopped
  // using the app is noise that teaches them to ignore the next one (0109, revised).
  if (!weekHadActivity(report)) return false;
  const raised = await notify(
    env,
    userId,
    {
      type: "weekly_report",
      category: "reports",
      template: "weeklyReport",
      // Each count is its own counted text in the recipient's language ("1 task done", docs/decisions/0069).
      vars: ({ t, language }) => ({
        from: shortDate(report.weekStart, language),
        to: shortDate(report.weekEnd, language),
        done: t("notifications:weeklyReport.done", { count: report.tasks.completed }),
        created: t("notifications:weeklyReport.created", { count: report.tasks.created }),
        events: t("notifications:weeklyReport.events", { count: report.events.count }),
        spent: money(report.spending.totalCents, language),
      }),
      actionUrl: `/app/relatorios-semanais?semana=${report.weekStart}`,
      dedupeKey: `${WEEKLY_REPORT_READY}:${report.weekStart}`,
      // Raised in the days after the week only; a rerun finds the key.
      dedupeUntil: new Date(Date.parse(`${report.weekStart}T00:00:00Z`) + 21 * 86_400_000),
    },
    { now: () => now },
  );
  return raised !== null;
}

/**
 * The zones at Monday 07:00 at `now`, one target each: one read of the users' distinct zones, and
 * only in the hours when some zone on Earth can be there. One zone a target, because its users'
 * pages then come in the index's own order (users_confirmed_time_zone_idx), each page a short
 * range; the users of several zones in id order had to be read whole and sorted for every page.
 */
async function reportTargets(env: Env, now: Date): Promise<{ payload: string }[]> {
  if (!reportTimeSomewhere(now)) return [];
  return zonesAtReportTime(now, await userTimeZones(database(env.DB))).map((zone) => ({ payload: zone }));
}

/** The job's name: its cron entry and its queue messages. */
export const WEEKLY_REPORTS_JOB = "weekly-reports";

/**
 * A new zone can put a user past a Monday 07:00 the job never reached them at: moved east on a
 * Monday morning, the new zone's run has gone by and the old zone's, still to come, no longer takes
 * them, and that week had no report. When the new zone's latest due week is later than the old
 * one's, the user is sent through the job's own queue now (its retries and dead-letter queue);
 * perUser makes the week's report unless it exists. True when a message was sent.
 */
export async function catchUpAfterZoneMove(userId: string, from: string, to: string, now: Date, dispatch: Dispatch): Promise<boolean> {
  if (lastDueReportWeek(now, to) <= lastDueReportWeek(now, from)) return false;
  await dispatch([{ job: WEEKLY_REPORTS_JOB, at: now.getTime(), userIds: [userId], payload: to }]);
  return true;
}

const job = fanOut<string>({
  // Not `once`: a rerun of that quarter-hour (a retried cron, the dev trigger) enqueues again, and
  // perUser skips who already has the week's report (unique (user, week), 0039).
  targets: reportTargets,
  selectUsers: (env, now, page, zone) => reportUserIdsPage(database(env.DB), page, now, zone),
  perUser: (env, userId, now) => generateWeeklyReport(env, userId, now, { phrase: phraseWith((facts, language) => phrase(env, facts, language)) }),
});

/**
 * Every quarter-hour (every zone's offset is a whole number of them), for the users whose clock is
 * at Monday 07:00 to 07:14 in that run: each user is enqueued once a week, at their own 07:00.
 */
export const weeklyReportJobs: CronJob[] = [{ name: WEEKLY_REPORTS_JOB, schedule: EVERY_QUARTER_HOUR, fanOut: job }];
