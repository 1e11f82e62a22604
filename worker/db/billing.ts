/**
 * Billing records: the user's Stripe customer and subscription copy, processed Stripe events,
 * coupon redemptions and referrals. Lookups by Stripe customer id or referral code are how a user
 * is found from outside (webhooks, links); everything after that takes the user id.
 */
import { and, count, eq, exists, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PaidPlanId } from "~/lib/entitlements";
import { errorSays } from "../lib/unavailable";
import type { Db } from "./client";
import { couponRedemptions, referrals, stripeEvents, subscriptions, users } from "./schema";

/** Stripe statuses that keep the paid plan (past_due: Stripe is still retrying the card). */
export const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

/**
 * SQL: the user whose id is `userId` (a column of the outer query, joined to `users`) is at `now`
 * on one of `tiers` — the Pro trial or a free Pro month when Pro is among them, or a live paid
 * subscription of one of them. Billing's `subscriptionOf` in SQL, for the jobs that pick users by
 * plan (each checks again per user with the one mapping of plans).
 */
export function onPlanAmong(db: Db, userId: SQLiteColumn, now: Date, tiers: readonly PaidPlanId[]): SQL {
  const paid = exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.tier, [...tiers]), inArray(subscriptions.status, [...LIVE_STATUSES]))),
  );
  return tiers.includes("pro") ? or(gt(users.trialEndsAt, now), gt(users.bonusProUntil, now), paid)! : paid;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionSnapshot = Omit<typeof subscriptions.$inferInsert, "updatedAt">;

export const findSubscription = (db: Db, userId: string) => db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });

export const findSubscriptionByCustomer = (db: Db, customerId: string) =>
  db.query.subscriptions.findFirst({ where: eq(subscriptions.stripeCustomerId, customerId) });

/** Remembers the user's Stripe customer (first checkout); an existing row is kept as it is. */
export async function saveCustomer(db: Db, userId: string, customerId: string) {
  await db.insert(subscriptions).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
}

export async function hasProcessedEvent(db: Db, eventId: string): Promise<boolean> {
  return (await db.query.stripeEvents.findFirst({ where: eq(stripeEvents.id, eventId) })) !== undefined;
}

export async function hasRedeemedCoupon(db: Db, userId: string, code: string): Promise<boolean> {
  return (await db.query.couponRedemptions.findFirst({ where: and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.code, code)) })) !== undefined;
}

/** One Stripe event's effect on Rumo, applied all together with the event's id. */
export type BillingChange = {
  event: { id: string; type: string };
  now: Date;
  /** The customer's current state as Stripe reports it now, written whole. */
  subscription?: SubscriptionSnapshot;
  /**
   * The user was found only by the customer's e-mail: their row is replaced only if it is this
   * customer's or holds no live subscription (none of `liveStatuses`). The caller checked before
   * reading Stripe; the write checks again, in case the row's subscription went live meanwhile.
   */
  linkedByEmail?: { liveStatuses: ReadonlySet<string> };
  /** A coupon consumed by a completed checkout. */
  couponRedeemed?: { userId: string; code: string };
  /** The user paid an invoice: counts for their referrer, who may earn a reward. */
  invoicePaidBy?: { userId: string; rewardId: string; paidReferralsPerReward: number; rewardDays: number };
};

/**
 * Applies a change in one D1 batch (a transaction) together with the event row. The event id is
 * the primary key, so a concurrent second delivery fails as a whole and changes nothing: returns
 * false for such a duplicate.
 */
export async function applyBillingChange(db: Db, change: BillingChange): Promise<boolean> {
  const { now } = change;
  const writes = [];
  if (change.subscription) {
    const { userId, ...rest } = change.subscription;
    const byEmail = change.linkedByEmail;
    const notTakenFromLive = byEmail
      ? or(
          eq(subscriptions.stripeCustomerId, rest.stripeCustomerId),
          eq(subscriptions.tier, "free"),
          isNull(subscriptions.status),
          notInArray(subscriptions.status, [...byEmail.liveStatuses]),
        )
      : undefined;
    writes.push(
      db
        .insert(subscriptions)
        .values({ ...change.subscription, updatedAt: now })
        // `now` is taken before Stripe was read: a read older than the stored one (two events
        // handled at once, the slower writing last) does not overwrite the newer state (0047).
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...rest, updatedAt: now }, setWhere: and(lte(subscriptions.updatedAt, now), notTakenFromLive) }),
    );
  }
  if (change.couponRedeemed) {
    writes.push(db.insert(couponRedemptions).values({ ...change.couponRedeemed, redeemedAt: now }).onConflictDoNothing());
  }
  if (change.invoicePaidBy) writes.push(...referralRewardWrites(db, change.invoicePaidBy, now));
  try {
    await db.batch([...writes, db.insert(stripeEvents).values({ id: change.event.id, type: change.event.type, processedAt: now })] as never);
    return true;
  } catch (error) {
    // Only the event's own row names a duplicate delivery. Another unique index refusing the change
    // (a customer already on another account's row) is an error: Stripe retries, and it is logged
    // rather than acknowledged as applied.
    if (errorSays(error, /UNIQUE constraint failed: stripe_events\.id\b/)) return false;
    throw error;
  }
}

/**
 * The referral rule as three self-guarding statements: mark the payer's first payment (once), give
 * the two oldest paid-but-unrewarded referrals of their referrer a reward id when there are two,
 * and extend the referrer's free Pro month only when exactly two referrals carry that new id.
 * Running them again changes nothing, so no reward is granted twice.
 */
function referralRewardWrites(db: Db, paid: NonNullable<BillingChange["invoicePaidBy"]>, now: Date) {
  const at = now.getTime();
  const n = paid.paidReferralsPerReward;
  const referrer = sql`(select referrer_id from referrals where referred_id = ${paid.userId})`;
  return [
    db
      .update(referrals)
      .set({ firstPaidAt: now })
      .where(and(eq(referrals.referredId, paid.userId), isNull(referrals.firstPaidAt))),
    db
      .update(referrals)
      .set({ rewardId: paid.rewardId, rewardGrantedAt: now })
      .where(
        sql`${referrals.id} in (select id from referrals where referrer_id = ${referrer} and first_paid_at is not null and reward_id is null order by first_paid_at, id limit ${n})
          and (select count(*) from referrals where referrer_id = ${referrer} and first_paid_at is not null and reward_id is null) >= ${n}`,
      ),
    db
      .update(users)
      .set({ bonusProUntil: sql`max(coalesce(${users.bonusProUntil}, 0), ${at}) + ${paid.rewardDays * 86_400_000}`, updatedAt: now })
      .where(
        sql`${users.id} = (select referrer_id from referrals where reward_id = ${paid.rewardId} limit 1)
          and (select count(*) from referrals where reward_id = ${paid.rewardId}) = ${n}`,
      ),
  ];
}

// Referrals --------------------------------------------------------------------------------

export const findUserByReferralCode = (db: Db, code: string) => db.query.users.findFirst({ where: eq(users.referralCode, code) });

/** Sets the user's referral code unless they already have one; returns the code in force. */
export async function ensureReferralCode(db: Db, userId: string, candidate: string): Promise<string> {
  await db
    .update(users)
    .set({ referralCode: candidate })
    .where(and(eq(users.id, userId), sql`${users.referralCode} is null`));
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { referralCode: true } });
  return user!.referralCode!;
}

/** Records that `referredId` came through `referrerId`'s link; false if they already have a referrer. */
export async function insertReferral(db: Db, referral: { id: string; referrerId: string; referredId: string }): Promise<boolean> {
  const result = await db.insert(referrals).values(referral).onConflictDoNothing();
  return result.meta.changes > 0;
}

export async function referralStats(db: Db, referrerId: string) {
  const [joined, paid, rewarded] = await Promise.all([
    db.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, referrerId)),
    db.select({ n: count() }).from(referrals).where(and(eq(referrals.referrerId, referrerId), isNotNull(referrals.firstPaidAt))),
    db.select({ n: count() }).from(referrals).where(and(eq(referrals.referrerId, referrerId), isNotNull(referrals.rewardId))),
  ]);
  return { joined: joined[0].n, paid: paid[0].n, rewardedReferrals: rewarded[0].n };
}

/** Development only: moves the user's trial end (the e2e tests make a Free user this way). */
export async function setTrialEnd(db: Db, email: string, trialEndsAt: Date) {
  await db.update(users).set({ trialEndsAt, updatedAt: new Date() }).where(eq(users.email, email));
}

/** The user's billing records for the data export (never Stripe secrets; ids only). */
export async function exportBillingData(db: Db, userId: string) {
  const [subscription, coupons, invited] = await Promise.all([
    findSubscription(db, userId),
    db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId)),
    db
      .select({ referredAt: referrals.createdAt, firstPaidAt: referrals.firstPaidAt })
      .from(referrals)
      .where(eq(referrals.referrerId, userId)),
  ]);
  return { billing: { subscription: subscription ?? null, couponRedemptions: coupons, referralsMade: invited } };
}
