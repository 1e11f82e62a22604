import { z } from "zod";
import { log } from "../lib/log";
import { processUserBatch, type UserBatch } from "./fan-out";
import { USER_JOBS_DEAD_LETTER_QUEUE, USER_JOBS_QUEUE } from "./queue-names";
import { fanOutJob } from "./registry";

export { USER_JOBS_DEAD_LETTER_QUEUE, USER_JOBS_QUEUE };

/** Delay before the n-th retry (n = attempts so far): 30 s, 1 min, 2 min, 4 min… at most 1 h. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

const userBatch = z.object({ job: z.string(), at: z.number(), userIds: z.array(z.string()), payload: z.unknown().optional() });

/**
 * The queue handler. A message of the user-jobs queue runs its job's perUser for each of its user
 * ids; if any of them throws, the whole message is retried later (perUser is idempotent, so the
 * users that succeeded are not affected twice). After max_retries the queue moves it to the
 * dead-letter queue, whose consumer logs it for an operator and acknowledges it.
 */
export async function handleQueue(batch: MessageBatch, env: Env) {
  if (batch.queue === USER_JOBS_DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) {
      log("error", "user_job_dead_letter", { queue: batch.queue, messageId: message.id, attempts: message.attempts, body: message.body });
      message.ack();
    }
    return;
  }
  for (const message of batch.messages) {
    const parsed = userBatch.safeParse(message.body);
    const fan = parsed.success ? fanOutJob(parsed.data.job) : undefined;
    if (!parsed.success || !fan) {
      // No retry can fix an unreadable message or a job that no longer exists: log and drop it.
      log("error", "user_job_unknown", { queue: batch.queue, messageId: message.id, body: message.body });
      message.ack();
      continue;
    }
    const body: UserBatch = parsed.data;
    try {
      const result = await processUserBatch(env, fan, body);
      if (result.failed.length === 0) {
        log("info", "user_job_batch", { job: body.job, users: body.userIds.length, affected: result.affected });
        message.ack();
        continue;
      }
      log("warn", "user_job_retry", { job: body.job, attempts: message.attempts, failed: result.failed });
    } catch (err) {
      log("warn", "user_job_retry", { job: body.job, attempts: message.attempts, error: err instanceof Error ? err.message : String(err) });
    }
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}
