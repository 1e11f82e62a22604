/**
 * The Stripe customer's e-mail follows the account's confirmed address (docs/decisions/0101,
 * revised): Stripe mails receipts and invoices there, so after an e-mail change they would keep
 * going to the old mailbox. Only a confirmed address is sent: an unproven one (a typo) must not get
 * the person's invoices.
 */
import type Stripe from "stripe";
import type { User } from "../db/accounts";
import * as billing from "../db/billing";
import type { Db } from "../db/client";
import { log } from "../lib/log";

export type CustomerEmailDeps = { db: Db; stripe: () => Stripe };

/**
 * Sets the user's Stripe customer (if they have one) to their confirmed address. Never throws: a
 * Stripe failure must not fail what called it (a confirmation link, a checkout, the portal); it is
 * logged, and the next checkout or portal opening tries again (both call this first).
 * Returns whether Stripe now holds the address (false when there was nothing to do or it failed).
 */
export async function syncCustomerEmail(deps: CustomerEmailDeps, user: Pick<User, "id" | "email" | "emailConfirmedAt">): Promise<boolean> {
  if (!user.emailConfirmedAt) return false;
  try {
    const record = await billing.findSubscription(deps.db, user.id);
    if (!record?.stripeCustomerId) return false;
    await deps.stripe().customers.update(record.stripeCustomerId, { email: user.email });
    return true;
  } catch (error) {
    log("error", "stripe_customer_email_failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
