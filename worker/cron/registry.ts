import { log } from "../lib/log";
import { WORKER_MODULES } from "../modules";
import { cronJobsOf } from "../modules/registry";
import { cleanupExpiredSessions } from "./cleanup-expired-sessions";
import { deleteExpiredNotificationsJob } from "./delete-expired-notifications";
import { emailDigests } from "./email-digests";
import { featureAnnouncements } from "./feature-announcements";
import { trialEnded } from "./trial-ended";
import { trialEndingSoon } from "./trial-ending-soon";

/** A scheduled job: a plain function of the environment and the current time, safe to run twice. */
export type CronJob = {
  name: string;
  /** One of the cron expressions declared in wrangler.toml [triggers]. */
  schedule: string;
  run: (env: Env, now: Date) => Promise<{ affected: number }>;
};

export const EVERY_QUARTER_HOUR = "*/15 * * * *";
export const NIGHTLY = "0 3 * * *";

/** The platform's jobs. Add one: write worker/cron/<job>.ts and list it here (a module's go in its manifest). */
export const PLATFORM_JOBS: CronJob[] = [
  { name: "cleanup-expired-sessions", schedule: NIGHTLY, run: cleanupExpiredSessions },
  { name: "delete-expired-notifications", schedule: EVERY_QUARTER_HOUR, run: deleteExpiredNotificationsJob },
  { name: "feature-announcements", schedule: EVERY_QUARTER_HOUR, run: featureAnnouncements },
  { name: "trial-ending-soon", schedule: EVERY_QUARTER_HOUR, run: trialEndingSoon },
  { name: "trial-ended", schedule: EVERY_QUARTER_HOUR, run: trialEnded },
  { name: "email-digests", schedule: EVERY_QUARTER_HOUR, run: emailDigests },
];

/** Every job: the platform's, then each module's (worker/modules/<key>/index.ts). */
export const cronJobs: CronJob[] = cronJobsOf(WORKER_MODULES, PLATFORM_JOBS);

/** Runs the jobs of one schedule; one failing job does not stop the others. */
export async function runSchedule(schedule: string, env: Env, now = new Date(), jobs: readonly CronJob[] = cronJobs) {
  const results: Record<string, { affected: number } | { error: string }> = {};
  for (const job of jobs.filter((j) => j.schedule === schedule)) {
    try {
      results[job.name] = await job.run(env, now);
      log("info", "cron_job", { job: job.name, ...results[job.name] });
    } catch (err) {
      results[job.name] = { error: err instanceof Error ? err.message : String(err) };
      log("error", "cron_job_failed", { job: job.name, error: results[job.name] });
    }
  }
  return results;
}
