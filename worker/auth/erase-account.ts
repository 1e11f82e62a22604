import { cancelSubscriptionsForDeletion } from "../billing/close-account";
import { stripeFor } from "../billing/stripe-client";
import * as accounts from "../db/accounts";
import { database, type Db } from "../db/client";
import { userRealtime } from "../durable-objects/user-realtime";
import { log } from "../lib/log";
import { WORKER_MODULES } from "../modules";
import { eraseHooksOf } from "../modules/registry";
import { revokeGoogleAccess } from "./google";
import { sessionDeps } from "./middleware";
import { revokeOtherSessions } from "./sessions";

/**
 * The one complete erasure of an account, for self-deletion and an admin's deletion alike:
 * Stripe first (if the subscription cannot be cancelled, nothing is deleted: 503
 * billing_unavailable), then every session (KV copies and sockets included), access granted
 * outside Rumo (Google's, best effort: never blocking the erasure), every row, and the realtime
 * object's state.
 */
export async function eraseAccount(env: Env, user: Pick<accounts.User, "id" | "email">) {
  const db = database(env.DB);
  await cancelSubscriptionsForDeletion({ db, stripe: () => stripeFor(env) }, user.id);
  // Open sockets first hear "account deleted" (4001), before ending the sessions would close them
  // as "session ended": other devices then forget what they cached, instead of offering a sign-in.
  await userRealtime(env, user.id).reset();
  await revokeOtherSessions(sessionDeps(env), user.id);
  await endOutsideAccess(env, db, user.id);
  await accounts.deleteUserData(db, user);
  // Again: anything published while the rows were going.
  await userRealtime(env, user.id).reset();
}

/** The sign-in's Google grant, then each module's (`beforeErase`: the calendar's); failures are logged, never thrown. */
async function endOutsideAccess(env: Env, db: Db, userId: string) {
  try {
    const stored = await accounts.findUserById(db, userId);
    await revokeGoogleAccess(env, userId, [stored?.googleRefreshToken]);
  } catch (err) {
    log("warn", "erase_outside_access_failed", { userId, error: err instanceof Error ? err.message : String(err) });
  }
  for (const { module, beforeErase } of eraseHooksOf(WORKER_MODULES)) {
    try {
      await beforeErase(env, userId);
    } catch (err) {
      log("warn", "erase_outside_access_failed", { userId, module, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
