import { env } from "cloudflare:test";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { handleStripeEvent } from "@worker/billing/stripe-events";
import { stripeFor } from "@worker/billing/stripe-client";
import { database } from "@worker/db/client";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, endTrial, me, sendEvent, setSubscription, stripeEvent } from "./billing-helpers";
import { json } from "./helpers";

/**
 * Stripe's delivery as it really is (docs/decisions/0047): at least once, in any order, retried for
 * up to three days, sometimes two deliveries at the same moment. Each case goes through the real
 * signature check of POST /api/v1/billing/webhook against the local Stripe fake.
 */
const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const row = (userId: string) => env.DB.prepare("select * from subscriptions where user_id = ?").bind(userId).first<Record<string, unknown>>();
const outcome = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await json(response)).outcome as string;
};
const DAY = 86_400;
const threeDaysAgo = () => Math.floor(Date.now() / 1000) - 3 * DAY;

describe("the same event delivered twice", () => {
  it("one after the other: applied once, then acknowledged as a duplicate", async () => {
    const { userId, customerId } = await customerUser("twice-serial@example.com");
    await setSubscription({ customer: customerId, status: "past_due" });
    const event = stripeEvent("invoice.payment_failed", { id: "in_twice_1", object: "invoice", customer: customerId, amount_due: 999, amount_paid: 0 });
    expect(await outcome(await sendEvent(event))).toBe("applied");
    expect(await outcome(await sendEvent(event))).toBe("duplicate");
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(1);
    expect(await count("select count(*) as n from notifications where user_id = ? and type = 'financial'", userId)).toBe(1);
  });

  it("at the same moment: one applies, the other is a duplicate, nothing is written twice", async () => {
    const { cookie, userId, customerId } = await customerUser("twice-parallel@example.com");
    await endTrial(userId);
    await setSubscription({ customer: customerId, status: "past_due" });
    const event = stripeEvent("invoice.payment_failed", { id: "in_twice_2", object: "invoice", customer: customerId, amount_due: 999, amount_paid: 0 });
    const outcomes = await Promise.all([sendEvent(event), sendEvent(event)].map(async (r) => outcome(await r)));
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(1);
    expect(await count("select count(*) as n from notifications where user_id = ? and type = 'financial'", userId)).toBe(1);
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
  });
});

describe("out of order", () => {
  it("subscription.updated before .created: the end state is Stripe's current one", async () => {
    const { cookie, userId, customerId } = await customerUser("order-updated@example.com", "light");
    await endTrial(userId);
    const created = await setSubscription({ customer: customerId, status: "active", price: FAKE_STRIPE.prices.light });
    const createdEvent = stripeEvent("customer.subscription.created", created);
    // Then the user moved to Pro in the portal; Stripe delivers that update first.
    const updated = await setSubscription({ id: created.id, customer: customerId, status: "active", price: FAKE_STRIPE.prices.pro });
    expect(await outcome(await sendEvent(stripeEvent("customer.subscription.updated", updated)))).toBe("applied");
    expect((await me(cookie)).subscription.tier).toBe("pro");
    // The older .created carries the Light copy: it must not downgrade.
    expect(await outcome(await sendEvent(createdEvent))).toBe("applied");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
  });

  it("invoice.paid before checkout.session.completed: Pro once, the checkout's coupon redeemed once", async () => {
    const { cookie, userId, customerId } = await customerUser("order-invoice@example.com");
    await endTrial(userId);
    const sub = await setSubscription({ customer: customerId, status: "active" });
    const paid = stripeEvent("invoice.paid", { id: "in_first", object: "invoice", customer: customerId, amount_paid: 999, amount_due: 999, subscription: sub.id });
    const completed = stripeEvent("checkout.session.completed", { id: "cs_late", object: "checkout.session", customer: customerId, client_reference_id: userId, subscription: sub.id, metadata: { plan: "pro", coupon: "BEMVINDO" } });
    expect(await outcome(await sendEvent(paid))).toBe("applied");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
    expect(await outcome(await sendEvent(completed))).toBe("applied");
    expect(await outcome(await sendEvent(completed))).toBe("duplicate");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
    expect(await count("select count(*) as n from coupon_redemptions where user_id = ?", userId)).toBe(1);
  });

  it("two events handled at once: a Stripe read older than the stored state does not overwrite it", async () => {
    const { cookie, userId, customerId } = await customerUser("order-race@example.com");
    await endTrial(userId);
    const active = await setSubscription({ customer: customerId, status: "active" });
    const canceled = await setSubscription({ id: active.id, customer: customerId, status: "canceled" });
    const real = stripeFor(env);
    const base = { db: database(env.DB), env, notify: async () => {}, newId: () => crypto.randomUUID() };
    // Event B read Stripe after the cancellation and wrote first…
    const readAt = Date.now();
    expect(await handleStripeEvent({ ...base, stripe: real, now: () => new Date(readAt) }, stripeEvent("customer.subscription.deleted", canceled) as unknown as Stripe.Event)).toBe("applied");
    // …event A had read Stripe a second earlier, while it was still active, and writes last.
    const staleStripe = { customers: real.customers, subscriptions: { list: async () => ({ data: [active] }) } } as unknown as Stripe;
    await handleStripeEvent({ ...base, stripe: staleStripe, now: () => new Date(readAt - 1000) }, stripeEvent("customer.subscription.updated", active) as unknown as Stripe.Event);
    expect((await row(userId))!.status).toBe("canceled");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "free", subscribed: false });
  });
});

describe("three days late", () => {
  it("a retry signed now of an event created three days ago is accepted and converges on Stripe's current state", async () => {
    const { cookie, userId, customerId } = await customerUser("late-retry@example.com");
    await endTrial(userId);
    const active = await setSubscription({ customer: customerId, status: "active" });
    const late = { ...stripeEvent("customer.subscription.updated", active), created: threeDaysAgo() };
    // Since then the subscription was cancelled, and that newer state is already stored.
    const canceled = await setSubscription({ id: active.id, customer: customerId, status: "canceled" });
    expect(await outcome(await sendEvent(stripeEvent("customer.subscription.deleted", canceled)))).toBe("applied");
    // Stripe signs each delivery attempt when it sends it: the late retry's signature is fresh.
    expect(await outcome(await sendEvent(late))).toBe("applied");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "free", subscribed: false });
    expect((await row(userId))!.status).toBe("canceled");
  });

  it("a delivery whose signature is three days old is refused (a replayed capture), and nothing is recorded", async () => {
    const { customerId } = await customerUser("late-replay@example.com");
    const sub = await setSubscription({ customer: customerId, status: "active" });
    const event = { ...stripeEvent("customer.subscription.updated", sub), created: threeDaysAgo() };
    const response = await sendEvent(event, { timestamp: threeDaysAgo() });
    expect(response.status).toBe(400);
    expect((await json(response)).error.code).toBe("invalid_signature");
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(0);
  });

  it("a late second delivery of an event processed three days ago is still a duplicate", async () => {
    const { userId, customerId } = await customerUser("late-duplicate@example.com");
    await setSubscription({ customer: customerId, status: "past_due" });
    const event = { ...stripeEvent("invoice.payment_failed", { id: "in_late_dup", object: "invoice", customer: customerId, amount_due: 999, amount_paid: 0 }), created: threeDaysAgo() };
    expect(await outcome(await sendEvent(event))).toBe("applied");
    // As if it had been processed three days ago (the nightly jobs keep stripe_events).
    await env.DB.prepare("update stripe_events set processed_at = ? where id = ?").bind((threeDaysAgo() - 60) * 1000, event.id).run();
    expect(await outcome(await sendEvent(event))).toBe("duplicate");
    expect(await count("select count(*) as n from notifications where user_id = ? and type = 'financial'", userId)).toBe(1);
  });
});
