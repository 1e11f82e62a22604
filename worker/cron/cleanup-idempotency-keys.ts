import { deleteExpiredIdempotencyKeys } from "../db/idempotency";

/** Nightly: forgets Idempotency-Keys older than a day (worker/middleware/idempotency.ts). */
export async function cleanupIdempotencyKeys(env: Env, now: Date) {
  return { affected: await deleteExpiredIdempotencyKeys(env.DB, now) };
}
