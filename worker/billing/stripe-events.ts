import type Stripe from "stripe";
import { planOfPrice, REFERRAL } from "~/lib/plans";
import * as accounts from "../db/accounts";
import * as billing from "../db/billing";
import type { Db } from "../db/client";
import { log } from "../lib/log";
import type { NotifyBilling } from "./notify-billing";
import { DELETED_ACCOUNT_MARK } from "./close-account";
import { LIVE_STATUSES } from "./subscription";
import { ACCOUNT_ENTITY } from "~/lib/entity-changes";
import { publishEntityChange } from "../notifications/notify";

export type WebhookDeps = {
  db: Db;
  stripe: Stripe;
  env: Env;
  notify: NotifyBilling;
  now: () => Date;
  newId: () => string;
};

/** The events Rumo acts on; any other type is acknowledged (200) and ignored. */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

export type EventOutcome = "applied" | "duplicate" | "ignored";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Applies one verified Stripe event. It never trusts the event's own copy of the subscription:
 * the customer's current state is read back from Stripe and written whole, so replays and events
 * arriving out of order (a `deleted` before an older `updated`) converge on Stripe's truth.
 * Idempotent by event id, recorded in the same D1 batch as the change.
 */
export async function handleStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<EventOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return "ignored";
  if (await billing.hasProcessedEvent(deps.db, event.id)) return "duplicate";

  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer as string | { id: string } | null);
  const owner = customerId ? await userForCustomer(deps, customerId, object) : null;
  if (!customerId || !owner) {
    // Nothing of Rumo's to change (e.g. a purchase by an address with no account): noted once.
    log("warn", "stripe_event_without_user", { eventId: event.id, type: event.type, customerId });
    await billing.applyBillingChange(deps.db, { event, now: deps.now() });
    return "ignored";
  }
  const { userId } = owner;

  // The time is taken before Stripe is read: the stored state is never replaced by an older read.
  const readAt = deps.now();
  const change: billing.BillingChange = { event, now: readAt, subscription: await currentSubscription(deps, userId, customerId) };
  if (owner.foundByEmail) change.linkedByEmail = { liveStatuses: LIVE_STATUSES };
  if (event.type === "checkout.session.completed") {
    const session = event.data.object as Stripe.Checkout.Session;
    const coupon = session.metadata?.coupon;
    if (coupon) change.couponRedeemed = { userId, code: coupon };
  }
  if (event.type === "invoice.paid" && (event.data.object as Stripe.Invoice).amount_paid > 0) {
    change.invoicePaidBy = { userId, rewardId: deps.newId(), paidReferralsPerReward: REFERRAL.paidReferralsPerReward, rewardDays: REFERRAL.rewardDays };
  }

  if (!(await billing.applyBillingChange(deps.db, change))) return "duplicate";
  // An upgrade or a cancellation shows in the user's other open tabs without a reload.
  await publishEntityChange(deps.env, userId, { entity: ACCOUNT_ENTITY, id: userId, action: "updated" });

  if (event.type === "invoice.payment_failed") {
    const invoice = event.data.object as Stripe.Invoice;
    await deps.notify(deps.env, userId, {
      kind: "payment_failed",
      invoiceId: invoice.id ?? "",
      amountDueCents: invoice.amount_due,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    });
  }
  return "applied";
}

/**
 * The Rumo user of a Stripe customer: our own record first, then the user id Rumo put in the
 * checkout or customer metadata (covers a subscription event arriving before checkout.completed),
 * then, for a visitor's checkout, a confirmed account with the customer's e-mail.
 */
async function userForCustomer(deps: WebhookDeps, customerId: string, object: Record<string, unknown>): Promise<{ userId: string; foundByEmail: boolean } | null> {
  const known = await billing.findSubscriptionByCustomer(deps.db, customerId);
  if (known) return { userId: known.userId, foundByEmail: false };
  const hints = [object.client_reference_id, (object.metadata as Record<string, string> | undefined)?.userId];
  // A customer Stripe does not know (deleted, or from another account) only leaves the hints.
  const customer = await deps.stripe.customers.retrieve(customerId).catch((error: { statusCode?: number }) => {
    if (error?.statusCode === 404) return null;
    throw error;
  });
  // The account behind this customer was deleted: nothing of Rumo's belongs to it any more.
  if (customer && !customer.deleted && customer.metadata?.[DELETED_ACCOUNT_MARK]) return null;
  if (customer && !customer.deleted) hints.push(customer.metadata?.userId);
  for (const hint of hints) {
    if (typeof hint === "string" && hint && (await accounts.findUserById(deps.db, hint))) return { userId: hint, foundByEmail: false };
  }
  const email = !customer || customer.deleted ? null : customer.email?.trim().toLowerCase();
  const byEmail = email ? await accounts.findUserByEmail(deps.db, email) : undefined;
  if (!byEmail?.emailConfirmedAt) return null;
  // Anyone can pay a visitor's checkout with someone else's address: it may give the account a
  // customer, never take away the one it pays through (docs/decisions/0008, revised 2026-12-06).
  const stored = await billing.findSubscription(deps.db, byEmail.id);
  if (stored && stored.stripeCustomerId !== customerId && isLive(stored)) {
    log("warn", "stripe_customer_not_linked_by_email", { customerId, userId: byEmail.id });
    return null;
  }
  return { userId: byEmail.id, foundByEmail: true };
}

const isLive = (row: billing.SubscriptionRow) => row.tier !== "free" && !!row.status && LIVE_STATUSES.has(row.status);

/** The customer's current subscription as Stripe reports it now: a live one if any, else the newest. */
async function currentSubscription(deps: WebhookDeps, userId: string, customerId: string): Promise<billing.SubscriptionSnapshot> {
  const { data } = await deps.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
  const newestFirst = [...data].sort((a, b) => b.created - a.created);
  const current = newestFirst.find((s) => LIVE_STATUSES.has(s.status)) ?? newestFirst[0];
  if (!current) return { userId, stripeCustomerId: customerId, stripeSubscriptionId: null, tier: "free", status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
  const item = current.items.data[0];
  const plan = item ? planOfPrice(deps.env, item.price.id) : null;
  return {
    userId,
    stripeCustomerId: customerId,
    stripeSubscriptionId: current.id,
    tier: LIVE_STATUSES.has(current.status) && plan ? plan : "free",
    status: current.status,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: current.cancel_at_period_end,
  };
}
