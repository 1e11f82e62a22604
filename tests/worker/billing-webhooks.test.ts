import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { PLANS } from "~/lib/plans";
import { handleStripeEvent } from "@worker/billing/stripe-events";
import { stripeFor } from "@worker/billing/stripe-client";
import { LIVE_STATUSES } from "@worker/billing/subscription";
import { applyBillingChange } from "@worker/db/billing";
import { database } from "@worker/db/client";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, endTrial, me, sendEvent, setSubscription, stripeControl, stripeEvent, userIdOf } from "./billing-helpers";
import { json, signUpAndLogIn } from "./helpers";

const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const row = (userId: string) => env.DB.prepare("select * from subscriptions where user_id = ?").bind(userId).first<Record<string, unknown>>();

describe("webhook signature", () => {
  it("refuses a missing, bad, foreign or old signature with 400 and changes nothing", async () => {
    const event = stripeEvent("customer.subscription.updated", { id: "sub_x", customer: "cus_x" });
    const cases = [
      await sendEvent(event, { signature: null }),
      await sendEvent(event, { signature: "t=1,v1=deadbeef" }),
      await sendEvent(event, { secret: "whsec_someone_else" }),
      await sendEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect((await json(response)).error.code).toBe("invalid_signature");
    }
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(0);
  });

  it("acknowledges an unknown event type with 200 and ignores it", async () => {
    const event = stripeEvent("charge.refund.updated", { id: "re_1" });
    const response = await sendEvent(event);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ received: true, outcome: "ignored" });
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(0);
  });
});

describe("subscription state sync", () => {
  it("checkout completed: the user becomes Pro from Stripe's state, once, with the event recorded", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-checkout@example.com");
    const sub = await setSubscription({ customer: customerId, status: "active" });
    const event = stripeEvent("checkout.session.completed", { id: "cs_1", object: "checkout.session", customer: customerId, client_reference_id: userId, subscription: sub.id, metadata: { plan: "pro" } });
    const response = await sendEvent(event);
    expect(await json(response)).toEqual({ received: true, outcome: "applied" });

    await endTrial(userId);
    const body = await me(cookie);
    expect(body.subscription).toMatchObject({ tier: "pro", subscribed: true, isTrialActive: false });
    expect(body.subscription.subscriptionEnd).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.entitlements).toEqual([...PLANS.pro.entitlements]);
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(1);

    // A replay answers 200 and changes nothing.
    const replay = await sendEvent(event);
    expect(replay.status).toBe(200);
    expect((await json(replay)).outcome).toBe("duplicate");
    expect(await count("select count(*) as n from stripe_events where id = ?", event.id)).toBe(1);
  });

  it("created / updated / deleted: a plan change to Light and a cancellation follow Stripe", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-lifecycle@example.com", "light");
    await endTrial(userId);
    const sub = await setSubscription({ customer: customerId, status: "active", price: FAKE_STRIPE.prices.light });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect((await me(cookie)).subscription).toMatchObject({ tier: "light", subscribed: true });
    expect((await me(cookie)).entitlements).toContain("diary");
    expect((await me(cookie)).entitlements).not.toContain("assistant");

    const upgraded = await setSubscription({ id: sub.id, customer: customerId, status: "active", price: FAKE_STRIPE.prices.pro, cancelAtPeriodEnd: true });
    await sendEvent(stripeEvent("customer.subscription.updated", upgraded));
    expect((await me(cookie)).subscription.tier).toBe("pro");
    expect((await row(userId))!.cancel_at_period_end).toBe(1);

    const canceled = await setSubscription({ id: sub.id, customer: customerId, status: "canceled" });
    await sendEvent(stripeEvent("customer.subscription.deleted", canceled));
    expect((await me(cookie)).subscription).toMatchObject({ tier: "free", subscribed: false });
    expect((await row(userId))!.status).toBe("canceled");
  });

  it("out of order: a deleted arriving before an older updated leaves the user Free", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-reorder@example.com");
    await endTrial(userId);
    const active = await setSubscription({ customer: customerId, status: "active" });
    const olderUpdated = stripeEvent("customer.subscription.updated", active);
    // Stripe has since cancelled it; the deleted event is delivered first.
    const canceled = await setSubscription({ id: active.id, customer: customerId, status: "canceled" });
    expect((await json(await sendEvent(stripeEvent("customer.subscription.deleted", canceled)))).outcome).toBe("applied");
    expect((await me(cookie)).subscription.tier).toBe("free");
    // The stale "active" copy in the late event is not trusted.
    expect((await json(await sendEvent(olderUpdated))).outcome).toBe("applied");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "free", subscribed: false });
  });

  it("prefers a live subscription over an older cancelled one of the same customer", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-resubscribe@example.com");
    await endTrial(userId);
    await setSubscription({ customer: customerId, status: "canceled", created: Math.floor(Date.now() / 1000) - 1000 });
    const fresh = await setSubscription({ customer: customerId, status: "active", price: FAKE_STRIPE.prices.light, created: Math.floor(Date.now() / 1000) - 2000 });
    await sendEvent(stripeEvent("customer.subscription.created", fresh));
    expect((await me(cookie)).subscription.tier).toBe("light");
  });

  it("finds the user of a customer it has not stored yet through the customer's metadata", async () => {
    const { cookie, userId } = await customerUser("wh-early@example.com");
    await endTrial(userId);
    const customer = await stripeControl("/customers", { email: "wh-early@example.com", metadata: { userId } });
    await env.DB.prepare("delete from subscriptions where user_id = ?").bind(userId).run();
    const sub = await setSubscription({ customer: customer.id, status: "active" });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect((await me(cookie)).subscription.tier).toBe("pro");
    expect((await row(userId))!.stripe_customer_id).toBe(customer.id);
  });

  it("ignores (200) the events of a customer without a Rumo account", async () => {
    const customer = await stripeControl("/customers", { email: "nobody@example.com" });
    const sub = await setSubscription({ customer: customer.id, status: "active" });
    const response = await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect(response.status).toBe(200);
    expect((await json(response)).outcome).toBe("ignored");
    expect(await count("select count(*) as n from subscriptions where stripe_customer_id = ?", customer.id)).toBe(0);
  });

  it("a correctly signed event about a customer Stripe does not know is acknowledged, not a 5xx", async () => {
    const response = await sendEvent(stripeEvent("invoice.paid", { id: "in_ghost", object: "invoice", customer: "cus_does_not_exist", amount_paid: 100 }));
    expect(response.status).toBe(200);
    expect((await json(response)).outcome).toBe("ignored");
    const noCustomer = await sendEvent(stripeEvent("invoice.paid", { id: "in_nocus", object: "invoice", customer: null, amount_paid: 100 }));
    expect(noCustomer.status).toBe(200);
  });

  it("after the trial without a subscription the account is Free with the Free entitlements", async () => {
    const { cookie, userId } = await customerUser("wh-trial-end@example.com");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", isTrialActive: true, subscribed: false });
    await endTrial(userId);
    const body = await me(cookie);
    expect(body.subscription).toMatchObject({ tier: "free", isTrialActive: false, subscribed: false, subscriptionEnd: null });
    expect(body.entitlements).toEqual([...PLANS.free.entitlements]);
  });
});

describe("invoices", () => {
  it("payment failed: Stripe's past_due keeps the plan, and the user is notified once", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-failed@example.com");
    await endTrial(userId);
    await setSubscription({ customer: customerId, status: "past_due" });
    const event = stripeEvent("invoice.payment_failed", { id: "in_failed_1", object: "invoice", customer: customerId, amount_due: 999, amount_paid: 0, hosted_invoice_url: "https://invoice.stripe.com/i/1" });
    const notify = vi.fn(async () => {});
    const deps = { db: database(env.DB), stripe: stripeFor(env), env, notify, now: () => new Date(), newId: () => crypto.randomUUID() };

    expect(await handleStripeEvent(deps, event as unknown as Stripe.Event)).toBe("applied");
    expect(await handleStripeEvent(deps, event as unknown as Stripe.Event)).toBe("duplicate");
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(env, userId, { kind: "payment_failed", invoiceId: "in_failed_1", amountDueCents: 999, hostedInvoiceUrl: "https://invoice.stripe.com/i/1" });
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
    expect((await row(userId))!.status).toBe("past_due");

    // Through the HTTP endpoint too (the default notifier logs until notifications land).
    const viaHttp = await sendEvent(stripeEvent("invoice.payment_failed", { id: "in_failed_2", object: "invoice", customer: customerId, amount_due: 999, amount_paid: 0 }));
    expect((await json(viaHttp)).outcome).toBe("applied");
  });

  it("invoice paid syncs the subscription state", async () => {
    const { cookie, userId, customerId } = await customerUser("wh-paid@example.com");
    await endTrial(userId);
    await setSubscription({ customer: customerId, status: "active" });
    const response = await sendEvent(stripeEvent("invoice.paid", { id: "in_paid_1", object: "invoice", customer: customerId, amount_paid: 999, amount_due: 999 }));
    expect((await json(response)).outcome).toBe("applied");
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
  });
});

describe("a customer found only by the account's e-mail (a visitor's checkout, 0008)", () => {
  const webhookDeps = (notify = vi.fn(async () => {})) => ({ db: database(env.DB), stripe: stripeFor(env), env, notify, now: () => new Date(), newId: () => crypto.randomUUID() });

  it("never takes the row of a live subscription: a stranger paying with a subscriber's address changes nothing", async () => {
    const email = "wh-subscriber@example.com";
    const { cookie, userId, customerId } = await customerUser(email);
    await endTrial(userId);
    await sendEvent(stripeEvent("customer.subscription.created", await setSubscription({ customer: customerId, status: "active" })));
    const before = await row(userId);

    // Someone else opens a visitor's checkout with the subscriber's address and pays Light with their card.
    const stranger = await stripeControl("/customers", { email: "WH-Subscriber@example.com" });
    const theirs = await setSubscription({ customer: stranger.id, status: "active", price: FAKE_STRIPE.prices.light });
    const paid = [
      stripeEvent("checkout.session.completed", { id: "cs_stranger", object: "checkout.session", customer: stranger.id, subscription: theirs.id, metadata: { plan: "light" } }),
      stripeEvent("customer.subscription.created", theirs),
      stripeEvent("invoice.paid", { id: "in_stranger_1", object: "invoice", customer: stranger.id, amount_paid: 599, amount_due: 599 }),
    ];
    for (const event of paid) {
      const response = await sendEvent(event);
      expect(response.status).toBe(200);
      expect((await json(response)).outcome).toBe("ignored");
    }
    expect(await row(userId)).toEqual(before);
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });

    // Their card fails at renewal and Stripe gives up: the subscriber is neither told nor downgraded.
    await setSubscription({ id: theirs.id, customer: stranger.id, status: "past_due", price: FAKE_STRIPE.prices.light });
    const notify = vi.fn(async () => {});
    const failed = stripeEvent("invoice.payment_failed", { id: "in_stranger_2", object: "invoice", customer: stranger.id, amount_due: 599, amount_paid: 0 });
    expect(await handleStripeEvent(webhookDeps(notify), failed as unknown as Stripe.Event)).toBe("ignored");
    expect(notify).not.toHaveBeenCalled();
    const canceled = await setSubscription({ id: theirs.id, customer: stranger.id, status: "canceled", price: FAKE_STRIPE.prices.light });
    expect((await json(await sendEvent(stripeEvent("customer.subscription.deleted", canceled)))).outcome).toBe("ignored");
    expect(await row(userId)).toEqual(before);
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
  });

  it("still links a visitor's purchase to the account made with its address afterwards", async () => {
    const email = "wh-visitor-first@example.com";
    const visitor = await stripeControl("/customers", { email });
    const sub = await setSubscription({ customer: visitor.id, status: "active", price: FAKE_STRIPE.prices.light });
    expect((await json(await sendEvent(stripeEvent("customer.subscription.created", sub)))).outcome).toBe("ignored");

    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(email);
    await endTrial(userId);
    expect((await json(await sendEvent(stripeEvent("invoice.paid", { id: "in_visitor_1", object: "invoice", customer: visitor.id, amount_paid: 599, amount_due: 599 })))).outcome).toBe("applied");
    expect(await row(userId)).toMatchObject({ stripe_customer_id: visitor.id, tier: "light", status: "active" });
    expect((await me(cookie)).subscription).toMatchObject({ tier: "light", subscribed: true });
  });

  it("links it too when the account's own subscription has ended or never started", async () => {
    for (const ownEnded of [true, false]) {
      const email = `wh-linked-${ownEnded ? "ended" : "unpaid"}@example.com`;
      const { cookie, userId, customerId } = await customerUser(email);
      await endTrial(userId);
      if (ownEnded) await sendEvent(stripeEvent("customer.subscription.deleted", await setSubscription({ customer: customerId, status: "canceled" })));
      const visitor = await stripeControl("/customers", { email });
      const sub = await setSubscription({ customer: visitor.id, status: "active", price: FAKE_STRIPE.prices.light });
      expect((await json(await sendEvent(stripeEvent("customer.subscription.created", sub)))).outcome).toBe("applied");
      expect(await row(userId)).toMatchObject({ stripe_customer_id: visitor.id, tier: "light", status: "active" });
      expect((await me(cookie)).subscription).toMatchObject({ tier: "light", subscribed: true });
    }
  });

  it("a change another unique index refuses is an error, not a duplicate delivery: nothing recorded, Stripe retries", async () => {
    const { customerId } = await customerUser("wh-unique-owner@example.com");
    const { userId: other } = await customerUser("wh-unique-other@example.com");
    const change = {
      event: { id: "evt_unique_customer", type: "customer.subscription.updated" },
      now: new Date(),
      // The first account's customer on the second account's row: subscriptions_customer_unique refuses it.
      subscription: { userId: other, stripeCustomerId: customerId, stripeSubscriptionId: "sub_unique_customer", tier: "light" as const, status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false },
    };
    await expect(applyBillingChange(database(env.DB), change)).rejects.toThrow(/subscriptions\.stripe_customer_id/);
    expect(await env.DB.prepare("select count(*) as n from stripe_events where id = ?").bind(change.event.id).first("n")).toBe(0);
    expect(await row(other)).toMatchObject({ tier: "free" });
  });

  it("the write checks again: a row whose subscription went live meanwhile is kept", async () => {
    const { userId, customerId } = await customerUser("wh-linked-race@example.com");
    const own = await setSubscription({ customer: customerId, status: "active" });
    await sendEvent(stripeEvent("customer.subscription.created", own));
    const takeOver = (id: string) =>
      applyBillingChange(database(env.DB), {
        event: { id, type: "customer.subscription.created" },
        now: new Date(),
        subscription: { userId, stripeCustomerId: `cus_stranger_${id}`, stripeSubscriptionId: `sub_${id}`, tier: "light", status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false },
        linkedByEmail: { liveStatuses: LIVE_STATUSES },
      });

    expect(await takeOver("evt_linked_race_1")).toBe(true);
    expect(await row(userId)).toMatchObject({ stripe_customer_id: customerId, tier: "pro", status: "active" });

    await sendEvent(stripeEvent("customer.subscription.deleted", await setSubscription({ id: own.id, customer: customerId, status: "canceled" })));
    expect(await takeOver("evt_linked_race_2")).toBe(true);
    expect(await row(userId)).toMatchObject({ stripe_customer_id: "cus_stranger_evt_linked_race_2", tier: "light", status: "active" });
  });
});
