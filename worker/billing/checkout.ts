/**
 * Billing rules behind /billing/*: checkout, customer portal, coupons and referral links. Plain
 * functions over their dependencies (D1, a Stripe client, the clock), so tests can pass fakes.
 */
import type Stripe from "stripe";
import { COUPONS, stripePriceIds, type Coupon, type PaidPlanId } from "~/lib/plans";
import { findUserById, type User } from "../db/accounts";
import * as billing from "../db/billing";
import { database, type Db } from "../db/client";
import { ApiError } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { syncCustomerEmail } from "./customer-email";
import { LIVE_STATUSES } from "./subscription";
import type { KeyOf } from "~/locales/types";

export type BillingDeps = { db: Db; stripe: () => Stripe; env: Env; appUrl: string; now: () => Date };

type BillingErrorKey = KeyOf<"billing"> extends infer K ? (K extends `billing:errors.${infer Name}` ? Name : never) : never;

const billingError = (code: string, status: 400 | 404 | 409 | 502, key: BillingErrorKey) => new ApiError(code, status, `billing:errors.${key}`);

/** Stripe reports a missing object as a 404 resource_missing. */
const isMissing = (error: unknown) => (error as { statusCode?: number })?.statusCode === 404;

/** The coupon a code names, or the specification's outcome: invalid, expired, already used. */
export async function checkCoupon(deps: Pick<BillingDeps, "db" | "stripe">, rawCode: string, userId: string | null): Promise<Coupon> {
  const code = rawCode.trim().toUpperCase();
  const coupon = COUPONS.find((c) => c.code === code);
  if (!coupon) throw billingError("coupon_invalid", 400, "couponInvalid");
  if (userId && coupon.oncePerAccount && (await billing.hasRedeemedCoupon(deps.db, userId, code))) {
    throw billingError("coupon_already_used", 409, "couponUsed");
  }
  // Stripe holds the coupon's validity window: an expired (or exhausted) coupon is `valid: false`.
  let stripeCoupon: Stripe.Coupon;
  try {
    stripeCoupon = await deps.stripe().coupons.retrieve(code);
  } catch (error) {
    if (isMissing(error)) throw billingError("coupon_invalid", 400, "couponInvalid");
    throw error;
  }
  if (!stripeCoupon.valid) throw billingError("coupon_expired", 400, "couponExpired");
  return coupon;
}

type Buyer = { user: User } | { email: string };

/** A Stripe Checkout session for a paid plan; returns its url (opened in a new tab). */
export async function createCheckout(deps: BillingDeps, buyer: Buyer, plan: PaidPlanId, couponCode: string | undefined): Promise<string> {
  const userId = "user" in buyer ? buyer.user.id : null;
  const coupon = couponCode ? await checkCoupon(deps, couponCode, userId) : null;
  const price = stripePriceIds(deps.env)[plan];
  if (!price) {
    log("error", "stripe_price_missing", { plan });
    throw billingError("checkout_failed", 502, "checkout");
  }
  const existing = userId ? await billing.findSubscription(deps.db, userId) : undefined;
  if (existing && existing.tier !== "free" && existing.status && LIVE_STATUSES.has(existing.status)) {
    throw billingError("already_subscribed", 409, "alreadySubscribed");
  }
  try {
    const stripe = deps.stripe();
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      success_url: `${deps.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.appUrl}/payment-cancel`,
      metadata: { plan, ...(coupon ? { coupon: coupon.code } : {}), ...(userId ? { userId } : {}) },
      ...(coupon ? { discounts: [{ coupon: coupon.code }] } : {}),
    };
    if ("user" in buyer) {
      const { user } = buyer;
      let customerId = existing?.stripeCustomerId;
      // The customer was made with the address of then: a changed one whose sync failed at its
      // confirmation is retried here, so the receipts of this purchase go to the address of now.
      if (customerId) await syncCustomerEmail(deps, user);
      if (!customerId) {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.fullName || undefined, metadata: { userId: user.id } },
          { idempotencyKey: `rumo-customer-${user.id}` },
        );
        customerId = customer.id;
        await billing.saveCustomer(deps.db, user.id, customerId);
      }
      params.customer = customerId;
      params.client_reference_id = user.id;
      // "Continue with Pro" during the trial: nothing is charged before the trial would have ended
      // (Stripe needs a trial end at least 48 hours away).
      const trialEnd = user.trialEndsAt?.getTime() ?? 0;
      const subscriptionData: Stripe.Checkout.SessionCreateParams.SubscriptionData = { metadata: { userId: user.id } };
      if (trialEnd - deps.now().getTime() > 48 * 3600_000) subscriptionData.trial_end = Math.floor(trialEnd / 1000);
      params.subscription_data = subscriptionData;
    } else {
      params.customer_email = buyer.email;
    }
    const session = await stripe.checkout.sessions.create(params);
    if (!session.url) throw new Error("checkout session without url");
    return session.url;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log("error", "stripe_checkout_failed", { error: (error as Error).message, plan });
    throw billingError("checkout_failed", 502, "checkout");
  }
}

/** Where POST /billing/portal may open the portal instead of its home page (docs/decisions/0083). */
export const PORTAL_FLOWS = ["plan_change"] as const;
export type PortalFlow = (typeof PORTAL_FLOWS)[number];

/**
 * A Stripe customer-portal session for the user (manage or cancel the subscription, invoices).
 * With `flow: "plan_change"` and a live subscription, it opens at Stripe's plan change for that
 * subscription and comes back to /app/premium once the change is made; without a live one, at the
 * portal's home page. STRIPE_PORTAL_CONFIGURATION names the portal configuration (which must allow
 * switching between the Light and Pro prices); unset, Stripe uses the account's default one.
 */
export async function openPortal(deps: BillingDeps, userId: string, flow?: PortalFlow): Promise<string> {
  const record = await billing.findSubscription(deps.db, userId);
  if (!record) throw billingError("portal_unavailable", 409, "portalNoUrl");
  // The portal shows (and Stripe mails invoices to) the customer's address: a changed one whose sync
  // failed at its confirmation is retried here.
  const user = await findUserById(deps.db, userId);
  if (user) await syncCustomerEmail(deps, user);
  const premiumUrl = `${deps.appUrl}/app/premium`;
  const params: Stripe.BillingPortal.SessionCreateParams = { customer: record.stripeCustomerId, return_url: premiumUrl };
  const configuration = deps.env.STRIPE_PORTAL_CONFIGURATION?.trim();
  if (configuration) params.configuration = configuration;
  const live = record.tier !== "free" && !!record.status && LIVE_STATUSES.has(record.status);
  if (flow === "plan_change" && live && record.stripeSubscriptionId) {
    // A plan chosen during Rumo's trial is in Stripe's own trial until then. A portal that ends
    // trials on a plan change (Stripe's default) would charge Pro at once: refused rather than
    // charging during the trial (decision 0083, revised 2026-12-06).
    if (record.status === "trialing" && !(await portalKeepsTrials(deps, configuration))) {
      log("error", "stripe_portal_ends_trials", { configuration: configuration || null });
      throw billingError("portal_failed", 502, "portal");
    }
    params.flow_data = {
      type: "subscription_update",
      subscription_update: { subscription: record.stripeSubscriptionId },
      after_completion: { type: "redirect", redirect: { return_url: premiumUrl } },
    };
  }
  let url: string | null | undefined;
  try {
    const session = await deps.stripe().billingPortal.sessions.create(params);
    url = session.url;
  } catch (error) {
    // A plan change refused by Stripe usually means the portal configuration does not allow it.
    log("error", "stripe_portal_failed", { error: (error as Error).message, flow: params.flow_data?.type ?? null, configuration: configuration || null });
    throw billingError("portal_failed", 502, "portal");
  }
  if (!url) throw billingError("portal_unavailable", 409, "portalNoUrl");
  return url;
}

/** Whether the portal configuration (the one named, else the account's default) keeps a running trial on a plan change. */
async function portalKeepsTrials(deps: Pick<BillingDeps, "stripe">, configuration: string | undefined): Promise<boolean> {
  try {
    const configurations = deps.stripe().billingPortal.configurations;
    const used = configuration ? await configurations.retrieve(configuration) : (await configurations.list({ is_default: true, limit: 1 })).data[0];
    return used?.features.subscription_update.trial_update_behavior === "continue_trial";
  } catch (error) {
    log("error", "stripe_portal_failed", { error: (error as Error).message, flow: "subscription_update", configuration: configuration || null });
    throw billingError("portal_failed", 502, "portal");
  }
}

const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** An 8-character code without look-alike characters (0/O, 1/I). */
export function newReferralCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join("");
}

/** The user's referral link and how far it has got them. */
export async function referralOf(deps: Pick<BillingDeps, "db" | "appUrl">, userId: string) {
  let code: string | null = null;
  for (let attempt = 0; !code && attempt < 3; attempt++) {
    try {
      code = await billing.ensureReferralCode(deps.db, userId, newReferralCode());
    } catch {
      // A code collision (unique index): try another.
    }
  }
  if (!code) throw new Error("could not allocate a referral code");
  const stats = await billing.referralStats(deps.db, userId);
  return { code, url: `${deps.appUrl}/auth?ref=${code}`, ...stats };
}

/** At sign-up from a referral link: records it, or logs why not (a bad code never fails a sign-up). */
export async function recordReferral(env: Env, userId: string, code: string) {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return;
  await claimReferral({ db }, user, code).catch((err) => log("warn", "referral_not_recorded", { userId, error: err instanceof Error ? err.message : String(err) }));
}

/** Records that the signed-in user came through someone's referral link. */
export async function claimReferral(deps: Pick<BillingDeps, "db">, user: User, rawCode: string) {
  const referrer = await billing.findUserByReferralCode(deps.db, rawCode.trim().toUpperCase());
  if (!referrer || referrer.id === user.id) throw billingError("referral_invalid", 400, "referralInvalid");
  if (!(await billing.insertReferral(deps.db, { id: newId(), referrerId: referrer.id, referredId: user.id }))) {
    throw billingError("referral_already_claimed", 409, "referralAlreadyClaimed");
  }
}
