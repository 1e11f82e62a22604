import { recordCronRun } from "../db/admin";
import { database } from "../db/client";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { WORKER_MODULES } from "../modules";
import { cronJobsOf } from "../modules/registry";
import { cleanupExpiredSessions } from "./cleanup-expired-sessions";
import { cleanupOldActivities } from "./cleanup-old-activities";
import { cleanupIdempotencyKeys } from "./cleanup-idempotency-keys";
import { cleanupAuditLog } from "./cleanup-audit-log";
import { cleanupKnownDevices } from "./cleanup-known-devices";
import { deleteExpiredNotificationsJob } from "./delete-expired-notifications";
import { emailDigests } from "./email-digests";
import { enqueueFanOut, processUserBatch, queueDispatch, type Dispatch, type FanOut } from "./fan-out";
import { featureAnnouncements } from "./feature-announcements";
import { trialEnded } from "./trial-ended";
import { trialEndingSoon } from "./trial-ending-soon";

/**
 * A scheduled job, safe to run twice. Either a plain function of the environment and the current
 * time (`run`, for work done in one statement or a few, such as expiry), or a fan-out over users
 * (`fanOut`, for work per user: the cron step enqueues user ids and the queue consumer runs
 * `perUser` for each; see worker/cron/fan-out.ts and docs/decisions/0013).
 */
export type CronJob = {
  name: string;
  /** One of the cron expressions declared in wrangler.toml [triggers]. */
  schedule: string;
} & ({ run: (env: Env, now: Date) => Promise<{ affected: number }>; fanOut?: never } | { fanOut: FanOut<unknown>; run?: never });

import { EVERY_QUARTER_HOUR, NIGHTLY } from "./schedules";

export { EVERY_MINUTE, EVERY_QUARTER_HOUR, NIGHTLY } from "./schedules";

/** The platform's jobs. Add one: write worker/cron/<job>.ts and list it here (a module's go in its manifest). */
export const PLATFORM_JOBS: CronJob[] = [
  { name: "cleanup-expired-sessions", schedule: NIGHTLY, run: cleanupExpiredSessions },
  { name: "cleanup-old-activities", schedule: NIGHTLY, run: cleanupOldActivities },
  { name: "cleanup-idempotency-keys", schedule: NIGHTLY, run: cleanupIdempotencyKeys },
  { name: "cleanup-known-devices", schedule: NIGHTLY, run: cleanupKnownDevices },
  { name: "cleanup-audit-log", schedule: NIGHTLY, run: cleanupAuditLog },
  { name: "delete-expired-notifications", schedule: EVERY_QUARTER_HOUR, run: deleteExpiredNotificationsJob },
  { name: "feature-announcements", schedule: EVERY_QUARTER_HOUR, fanOut: featureAnnouncements },
  { name: "trial-ending-soon", schedule: EVERY_QUARTER_HOUR, fanOut: trialEndingSoon },
  { name: "trial-ended", schedule: EVERY_QUARTER_HOUR, fanOut: trialEnded },
  { name: "email-digests", schedule: EVERY_QUARTER_HOUR, fanOut: emailDigests },
];

/** Every job: the platform's, then each module's (worker/modules/<key>/index.ts). */
export const cronJobs: CronJob[] = cronJobsOf(WORKER_MODULES, PLATFORM_JOBS);

/** The fan-out of a job by name (the queue consumer's lookup), or undefined. */
export const fanOutJob = (name: string, jobs: readonly CronJob[] = cronJobs) => jobs.find((job) => job.name === name)?.fanOut;

/** Each run is kept for the health screen (docs/decisions/0032); a failure to record never fails the job. */
async function recordRun(env: Env, job: string, started: number, result: JobResult) {
  try {
    await recordCronRun(database(env.DB), {
      id: newId(),
      job,
      startedAt: new Date(started),
      durationMs: Date.now() - started,
      result: "error" in result ? "error" : "ok",
      detail: result,
    });
  } catch (err) {
    log("error", "cron_run_record_failed", { job, error: err instanceof Error ? err.message : String(err) });
  }
}

export type JobResult = { affected: number } | { enqueued: number; batches: number; affected?: number } | { error: string };

/**
 * Runs the jobs of one schedule; one failing job does not stop the others. Fan-out jobs enqueue
 * on the USER_JOBS queue, or with `inline` process their messages right here (tests, and a
 * direct check of a job's effect), through the same per-user code as the consumer. `jobs` lets a
 * test run its own list (a throwaway module's).
 */
export async function runSchedule(schedule: string, env: Env, now = new Date(), options: { inline?: boolean; jobs?: readonly CronJob[] } = {}) {
  const results: Record<string, JobResult> = {};
  for (const job of (options.jobs ?? cronJobs).filter((j) => j.schedule === schedule)) {
    const started = Date.now();
    try {
      if (job.run) results[job.name] = await job.run(env, now);
      else {
        let affected = 0;
        const dispatch: Dispatch = options.inline
          ? async (messages) => {
              for (const message of messages) {
                const result = await processUserBatch(env, job.fanOut, message);
                if (result.failed.length) throw new Error(`${job.name}: ${result.failed.map((f) => `${f.userId}: ${f.error}`).join("; ")}`);
                affected += result.affected;
              }
            }
          : queueDispatch(env.USER_JOBS);
        const sent = await enqueueFanOut(env, job.name, job.fanOut, now, dispatch);
        results[job.name] = options.inline ? { ...sent, affected } : sent;
      }
      log("info", "cron_job", { job: job.name, ...results[job.name] });
    } catch (err) {
      results[job.name] = { error: err instanceof Error ? err.message : String(err) };
      log("error", "cron_job_failed", { job: job.name, error: results[job.name] });
    }
    await recordRun(env, job.name, started, results[job.name]);
  }
  return results;
}
