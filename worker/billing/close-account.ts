import * as billing from "../db/billing";
import type { Db } from "../db/client";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import type { Stripe } from "./stripe-client";

/** Subscriptions Stripe would still bill or is about to (everything not already over). */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** Customer metadata set when the Rumo account behind a Stripe customer is deleted. */
export const DELETED_ACCOUNT_MARK = "rumoAccountDeletedAt";

/** 503 billing_unavailable: Stripe could not confirm the cancellation, so nothing was deleted. */
export const billingUnavailable = () => new ApiError("billing_unavailable", 503, "billing:errors.billingUnavailable", undefined, { "Retry-After": "60" });

/**
 * Before an account's rows go, every subscription of its Stripe customer is cancelled at Stripe,
 * at once and without a proration refund (docs/decisions/0015-fail-closed-production-config.md
 * explains why: the 30-day guarantee is handled by support). Any Stripe failure aborts the
 * deletion: a running subscription with no account behind it would keep charging the card.
 */
export async function cancelSubscriptionsForDeletion(deps: { db: Db; stripe: () => Stripe }, userId: string): Promise<number> {
  const record = await billing.findSubscription(deps.db, userId);
  if (!record) return 0; // never reached Stripe: nothing to cancel
  try {
    const stripe = deps.stripe();
    const { data } = await stripe.subscriptions.list({ customer: record.stripeCustomerId, status: "all", limit: 100 });
    const running = data.filter((s) => !ENDED.has(s.status));
    for (const subscription of running) {
      await stripe.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false, cancellation_details: { comment: "Rumo account deleted" } });
    }
    // A later event for this customer must never attach it to another account with the same e-mail.
    // (A customer Stripe no longer knows has nothing to mark.)
    await stripe.customers
      .update(record.stripeCustomerId, { metadata: { [DELETED_ACCOUNT_MARK]: new Date().toISOString() } })
      .catch((error: { statusCode?: number }) => {
        if (error?.statusCode !== 404) throw error;
      });
    if (running.length) log("info", "subscriptions_cancelled_for_deletion", { userId, count: running.length });
    return running.length;
  } catch (error) {
    log("error", "stripe_cancel_for_deletion_failed", { userId, error: error instanceof Error ? error.message : String(error) });
    throw billingUnavailable();
  }
}
