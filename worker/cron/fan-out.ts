import { database } from "../db/client";
import { fanOutDone, recordFanOut, type IdPage } from "../db/jobs";

/**
 * A job that touches many users, split in two (docs/decisions/0013): the cron step only pages
 * through the ids of the users it could affect and enqueues them, USERS_PER_MESSAGE per message;
 * the queue consumer runs `perUser` for each id of a message, with retries and a dead-letter queue.
 */
export type FanOut<Payload = undefined> = {
  /**
   * What to fan out at `now`, one entry per payload (default: one entry without payload). With
   * `once`, the entry is sent a single time: it is recorded after all its messages were enqueued
   * and skipped on later runs (a launched feature is announced once, not every 15 minutes).
   */
  targets?: (env: Env, now: Date) => Promise<{ payload: Payload; once?: string }[]>;
  /** One keyset page of the ids of the users this payload could affect (cross-user: ids only). */
  selectUsers: (env: Env, now: Date, page: IdPage, payload: Payload) => Promise<string[]>;
  /**
   * The work for one user at the cron's time `now`; true when it changed something. It must be
   * idempotent and re-check its condition: a message can be delivered late, or again on a retry.
   */
  perUser: (env: Env, userId: string, now: Date, payload: Payload) => Promise<boolean>;
};

/** Erases a fan-out's payload type so jobs of different payloads share one list. */
export const fanOut = <Payload>(job: FanOut<Payload>) => job as unknown as FanOut<unknown>;

/** One queue message: a job's name, the cron's time, a slice of user ids and the target's payload. */
export type UserBatch = { job: string; at: number; userIds: string[]; payload?: unknown };

/** User ids per message: small enough to finish well inside a consumer's time, large enough to be cheap. */
export const USERS_PER_MESSAGE = 100;
/** Ids read per query in the cron step (one `sendBatch` of 10 messages each; the limit is 100). */
export const IDS_PER_PAGE = 10 * USERS_PER_MESSAGE;
/** Users handled at once inside a message (each does a few D1 queries and one Durable Object call). */
const PARALLEL = 10;

/** Where the cron step puts its messages: the queue in production and `wrangler dev`, or inline. */
export type Dispatch = (messages: UserBatch[]) => Promise<void>;

/** The producer binding as a Dispatch. */
export const queueDispatch =
  (queue: Queue<UserBatch>): Dispatch =>
  async (messages) => {
    await queue.sendBatch(messages.map((body) => ({ body })));
  };

/** The cron step: enqueues the ids of every user the job could affect; returns what it sent. */
export async function enqueueFanOut(env: Env, job: string, fan: FanOut<unknown>, now: Date, dispatch: Dispatch) {
  const db = database(env.DB);
  const targets = fan.targets ? await fan.targets(env, now) : [{ payload: undefined }];
  let users = 0;
  let messages = 0;
  for (const target of targets) {
    const once = "once" in target ? target.once : undefined;
    if (once && (await fanOutDone(db, job, once))) continue;
    let afterId = "";
    for (;;) {
      const ids = await fan.selectUsers(env, now, { afterId, limit: IDS_PER_PAGE }, target.payload);
      const batches: UserBatch[] = [];
      for (let i = 0; i < ids.length; i += USERS_PER_MESSAGE) {
        const body: UserBatch = { job, at: now.getTime(), userIds: ids.slice(i, i + USERS_PER_MESSAGE) };
        if (target.payload !== undefined) body.payload = target.payload;
        batches.push(body);
      }
      if (batches.length) await dispatch(batches);
      users += ids.length;
      messages += batches.length;
      if (ids.length < IDS_PER_PAGE) break;
      afterId = ids[ids.length - 1];
    }
    // Only after every message is out: a failure before this point re-sends on the next run,
    // which perUser's idempotence makes harmless.
    if (once) await recordFanOut(db, job, once);
  }
  return { enqueued: users, batches: messages };
}

/** The consumer's work for one message: perUser for each id; the ids that threw are returned. */
export async function processUserBatch(env: Env, fan: FanOut<unknown>, batch: UserBatch) {
  const now = new Date(batch.at);
  let affected = 0;
  const failed: { userId: string; error: string }[] = [];
  for (let i = 0; i < batch.userIds.length; i += PARALLEL) {
    const slice = batch.userIds.slice(i, i + PARALLEL);
    const results = await Promise.allSettled(slice.map((userId) => fan.perUser(env, userId, now, batch.payload)));
    results.forEach((result, j) => {
      if (result.status === "rejected") {
        failed.push({ userId: slice[j], error: result.reason instanceof Error ? result.reason.message : String(result.reason) });
      } else if (result.value) affected++;
    });
  }
  return { affected, failed };
}
