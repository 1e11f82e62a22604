import { cancelSubscriptionsForDeletion } from "../billing/close-account";
import { stripeFor } from "../billing/stripe-client";
import * as accounts from "../db/accounts";
import { database } from "../db/client";
import { userRealtime } from "../durable-objects/user-realtime";
import { sessionDeps } from "./middleware";
import { revokeOtherSessions } from "./sessions";

/**
 * The one complete erasure of an account, for self-deletion and an admin's deletion alike:
 * Stripe first (if the subscription cannot be cancelled, nothing is deleted: 503
 * billing_unavailable), then every session (KV copies and sockets included), every row, and the
 * realtime object's state.
 */
export async function eraseAccount(env: Env, user: Pick<accounts.User, "id" | "email">) {
  const db = database(env.DB);
  await cancelSubscriptionsForDeletion({ db, stripe: () => stripeFor(env) }, user.id);
  await revokeOtherSessions(sessionDeps(env), user.id);
  await accounts.deleteUserData(db, user);
  await userRealtime(env, user.id).reset();
}
