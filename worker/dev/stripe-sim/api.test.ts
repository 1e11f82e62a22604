import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { payCheckout, portalAction, portalConfigurationObject, savePortalConfiguration, stripeApi, stripeSignature, type SimOptions } from "./api";
import { memoryStore } from "./store";

const options: SimOptions = {
  secretKey: "sk_test_unit",
  prices: { price_pro: 999, price_light: 599 },
  checkoutUrl: (id) => `http://localhost/dev/stripe/checkout/${id}`,
  portalUrl: (id) => `http://localhost/dev/stripe/portal/${id}`,
};

/** The real stripe client, answered by the simulator in memory (as stripeFor does in development). */
function client() {
  const store = memoryStore();
  const stripe = new Stripe(options.secretKey, { httpClient: Stripe.createFetchHttpClient(async (input, init) => stripeApi(new Request(input, init), store, options)), maxNetworkRetries: 0 });
  return { store, stripe };
}

describe("stripe simulator API through the real stripe client", () => {
  it("refuses another API key with Stripe's authentication error", async () => {
    const store = memoryStore();
    const stranger = new Stripe("sk_test_other", { httpClient: Stripe.createFetchHttpClient(async (input, init) => stripeApi(new Request(input, init), store, options)), maxNetworkRetries: 0 });
    await expect(stranger.customers.create({ email: "a@example.com" })).rejects.toMatchObject({ statusCode: 401, type: "StripeAuthenticationError" });
  });

  it("answers a repeated idempotency key with the first object", async () => {
    const { stripe } = client();
    const first = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    const again = await stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.retrieve(first.id)) as Stripe.Customer).toMatchObject({ email: "a@example.com" });
  });

  it("checkout with a coupon and no trial: an active subscription and a discounted paid invoice", async () => {
    const { stripe, store } = client();
    const customer = await stripe.customers.create({ email: "a@example.com", metadata: { userId: "u1" } });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_pro", quantity: 1 }],
      discounts: [{ coupon: "BEMVINDO10" }],
      success_url: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/payment-cancel",
    });
    expect(session.url).toBe(`http://localhost/dev/stripe/checkout/${session.id}`);
    const outcome = await payCheckout(store, options, session.id);
    if ("error" in outcome) throw new Error(outcome.error);
    expect(outcome.redirect).toBe(`http://localhost/payment-success?session_id=${session.id}`);
    expect(outcome.events.map((e) => e.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    expect(outcome.events[1].data.object).toMatchObject({ amount_paid: 899, customer: customer.id });
    const { data } = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(data[0].items.data[0].price.id).toBe("price_pro");
  });

  it("cancels through the API (account deletion) and keeps a canceled subscription canceled", async () => {
    const { stripe, store } = client();
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: "price_light", quantity: 1 }], success_url: "http://localhost/s", cancel_url: "http://localhost/c" });
    await payCheckout(store, options, session.id);
    const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect((await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })).cancel_at_period_end).toBe(true);
    expect((await stripe.subscriptions.cancel(sub.id)).status).toBe("canceled");
    await expect(stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).rejects.toMatchObject({ statusCode: 400 });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
  });

  it("a failed renewal makes the subscription past_due and sends invoice.payment_failed for the plan's price", async () => {
    const { stripe, store } = client();
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: "price_pro", quantity: 1 }], success_url: "http://localhost/s", cancel_url: "http://localhost/c" });
    await payCheckout(store, options, session.id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://localhost/app/premium" });
    const outcome = await portalAction(store, options, portal.id, "fail_renewal");
    if ("error" in outcome) throw new Error(outcome.error);
    expect(outcome.events.map((e) => e.type)).toEqual(["customer.subscription.updated", "invoice.payment_failed"]);
    expect(outcome.events[1].data.object).toMatchObject({ amount_due: 999, amount_paid: 0, customer: customer.id });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data[0].status).toBe("past_due");
  });
});

describe("the portal's plan change (subscription updates enabled)", () => {
  async function lightSubscription() {
    const { stripe, store } = client();
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: "price_light", quantity: 1 }], success_url: "http://localhost/s", cancel_url: "http://localhost/c" });
    await payCheckout(store, options, session.id);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    return { stripe, store, customer, subscription };
  }

  it("keeps the configuration and the flow asked for, and refuses a flow on a subscription that is not the customer's", async () => {
    const { stripe, customer, subscription } = await lightSubscription();
    const plain = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://localhost/app/premium" });
    expect(plain.flow).toBeNull();
    expect(plain.configuration).toMatch(/^bpc_/);
    const flow = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost/app/premium",
      configuration: "bpc_plans",
      flow_data: { type: "subscription_update", subscription_update: { subscription: subscription.id }, after_completion: { type: "redirect", redirect: { return_url: "http://localhost/app/premium" } } },
    });
    expect(flow).toMatchObject({ configuration: "bpc_plans", flow: { type: "subscription_update", subscription_update: { subscription: subscription.id }, after_completion: { type: "redirect" } } });
    const other = await stripe.customers.create({ email: "b@example.com" });
    await expect(
      stripe.billingPortal.sessions.create({ customer: other.id, flow_data: { type: "subscription_update", subscription_update: { subscription: subscription.id } } }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("changes the price of the same subscription, keeps its period and sends only customer.subscription.updated", async () => {
    const { stripe, store, customer, subscription } = await lightSubscription();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://localhost/app/premium" });
    const outcome = await portalAction(store, options, portal.id, "switch_plan", "price_pro");
    if ("error" in outcome) throw new Error(outcome.error);
    // Prorations go on the next invoice: nothing is charged now.
    expect(outcome.events.map((e) => e.type)).toEqual(["customer.subscription.updated"]);
    const [after] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(after.id).toBe(subscription.id);
    expect(after.items.data[0].price.id).toBe("price_pro");
    expect(after.items.data[0].current_period_end).toBe(subscription.items.data[0].current_period_end);
    expect(await portalAction(store, options, portal.id, "switch_plan", "price_unknown")).toEqual({ error: "unknown_price" });
    expect(await portalAction(store, options, portal.id, "switch_plan")).toEqual({ error: "unknown_price" });
  });
});

describe("the plan change of a trialing subscription (the portal configuration's trial_update_behavior)", () => {
  async function lightInTrial() {
    const { stripe, store } = client();
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * 86400;
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_light", quantity: 1 }],
      subscription_data: { trial_end: trialEnd },
      success_url: "http://localhost/s",
      cancel_url: "http://localhost/c",
    });
    await payCheckout(store, options, session.id);
    return { stripe, store, customer, trialEnd };
  }

  it("with continue_trial (the default modelled) keeps the trial and its end: nothing charged", async () => {
    const { stripe, store, customer, trialEnd } = await lightInTrial();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const used = await stripe.billingPortal.configurations.retrieve(portal.configuration as string);
    expect(used.features.subscription_update.trial_update_behavior).toBe("continue_trial");
    expect((await stripe.billingPortal.configurations.list({ is_default: true })).data[0]).toMatchObject({ id: portal.configuration, is_default: true });
    const outcome = await portalAction(store, options, portal.id, "switch_plan", "price_pro");
    if ("error" in outcome) throw new Error(outcome.error);
    expect(outcome.events.map((e) => e.type)).toEqual(["customer.subscription.updated"]);
    const [after] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(after).toMatchObject({ status: "trialing", trial_end: trialEnd });
    expect(after.items.data[0]).toMatchObject({ price: { id: "price_pro" }, current_period_end: trialEnd });
  });

  it("with end_trial (Stripe's default) ends the trial and charges the new price at once", async () => {
    const { stripe, store, customer } = await lightInTrial();
    await savePortalConfiguration(store, portalConfigurationObject("bpc_ends", "end_trial"));
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: "bpc_ends" });
    const outcome = await portalAction(store, options, portal.id, "switch_plan", "price_pro");
    if ("error" in outcome) throw new Error(outcome.error);
    expect(outcome.events.map((e) => e.type)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    expect(outcome.events[1].data.object).toMatchObject({ amount_paid: options.prices.price_pro });
    const [after] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(after.status).toBe("active");
  });
});

describe("stripeSignature", () => {
  it("is Stripe's v1 scheme: HMAC-SHA256 of '<t>.<payload>' (checked against Stripe's own signer)", async () => {
    const stripe = new Stripe("sk_test_unit");
    const payload = '{"id":"evt_1","object":"event"}';
    const expected = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: "whsec_x", timestamp: 1_700_000_000, cryptoProvider: Stripe.createSubtleCryptoProvider() });
    expect(await stripeSignature(payload, "whsec_x", 1_700_000_000)).toBe(expected);
  });
});
