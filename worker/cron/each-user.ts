import { database } from "../db/client";
import { listUsersPage, type UserBatchRow } from "../db/notifications";

/** Users read per query page. */
export const USER_BATCH = 100;
/** Users handled at once inside a page (each does a few D1 queries and one Durable Object call). */
const PARALLEL = 10;

/**
 * Runs `work` for every confirmed user (optionally only those whose trial ends in a range), one page
 * of USER_BATCH at a time; returns how many calls reported a change.
 */
export async function forEachUser(
  env: Env,
  options: { trialBetween?: [Date, Date] },
  work: (user: UserBatchRow) => Promise<boolean>,
): Promise<number> {
  const db = database(env.DB);
  let afterId = "";
  let affected = 0;
  for (;;) {
    const page = await listUsersPage(db, { afterId, limit: USER_BATCH, trialBetween: options.trialBetween });
    for (let i = 0; i < page.length; i += PARALLEL) {
      const results = await Promise.all(page.slice(i, i + PARALLEL).map(work));
      affected += results.filter(Boolean).length;
    }
    if (page.length < USER_BATCH) return affected;
    afterId = page[page.length - 1].id;
  }
}
