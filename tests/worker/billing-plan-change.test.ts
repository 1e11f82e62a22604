import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "@worker/app";
import { DEFAULT_PORTAL_CONFIGURATION, getObject, portalConfigurationObject, savePortalConfiguration, subscriptionsOf } from "@worker/dev/stripe-sim/api";
import { simulatorStore } from "@worker/dev/stripe-sim/simulator";
import { endTrial, me, userIdOf } from "./billing-helpers";
import { freshIp, json, ORIGIN, signUpAndLogIn } from "./helpers";

/**
 * Light → Pro for a live subscriber (docs/decisions/0083-plan-change-through-the-portal.md): POST
 * /billing/portal opens Stripe's portal at the plan change, the portal changes the subscription's
 * price, and its `customer.subscription.updated` makes the user Pro. Stripe is the in-process
 * simulator, as under `npm start`, so the portal sessions Rumo opens can be read back.
 */
const simEnv = { ...env, STRIPE_API_HOST: "simulator" } as Env;

async function simFetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}, target: Env = simEnv) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers: { origin: ORIGIN, ...init.headers } }), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const postJson = (path: string, cookie: string, body?: unknown, target: Env = simEnv) =>
  simFetch(
    `/api/v1${path}`,
    { method: "POST", headers: { cookie, "content-type": "application/json", "x-forwarded-for": freshIp() }, body: body === undefined ? undefined : JSON.stringify(body) },
    target,
  );

/** A choice on a simulator page, posted as its form does. */
const choose = (url: string, fields: Record<string, string>) =>
  simFetch(new URL(url).pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

const row = (userId: string) => env.DB.prepare("select * from subscriptions where user_id = ?").bind(userId).first<Record<string, unknown>>();

/** The portal session Rumo opened, as the simulator stored it (what Stripe was asked for). */
const portalSessionOf = (url: string) => getObject(simulatorStore(env), "portal_session", new URL(url).pathname.split("/").pop()!);

/** A user who paid for Light in the simulator's checkout, with the app's own trial over. */
async function lightSubscriber(email: string) {
  const cookie = await signUpAndLogIn(email);
  const userId = await userIdOf(email);
  const checkout = await postJson("/billing/checkout", cookie, { plan: "light" });
  expect(checkout.status).toBe(200);
  expect((await choose((await json(checkout)).url, { action: "pay" })).status).toBe(303);
  await endTrial(userId);
  expect((await me(cookie)).subscription).toMatchObject({ tier: "light", subscribed: true });
  return { cookie, userId };
}

describe("Light → Pro through the customer portal", { timeout: 30_000 }, () => {
  it("the portal opens at the plan change; switching to Pro reaches the webhook and makes the user Pro", async () => {
    const { cookie, userId } = await lightSubscriber("plan-up@example.com");
    const subscriptionId = (await row(userId))!.stripe_subscription_id as string;

    const opened = await postJson("/billing/portal", cookie, { flow: "plan_change" });
    expect(opened.status).toBe(200);
    const portalUrl = (await json(opened)).url as string;
    expect(await portalSessionOf(portalUrl)).toMatchObject({
      return_url: "http://localhost/app/premium",
      flow: {
        type: "subscription_update",
        subscription_update: { subscription: subscriptionId },
        after_completion: { type: "redirect", redirect: { return_url: "http://localhost/app/premium" } },
      },
    });

    const html = await (await simFetch(new URL(portalUrl).pathname)).text();
    expect(html).toContain("Mudar de plano");
    expect(html).toContain("Mudar para o plano Pro");
    expect(html).not.toContain("Mudar para o plano Light");

    // The flow's end: back to Rumo, the webhook already told.
    const switched = await choose(portalUrl, { action: "switch_plan", price: env.STRIPE_PRICE_PRO });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("http://localhost/app/premium");
    // The same subscription, now on the Pro price (Stripe's own trial from the checkout still runs).
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "trialing", stripe_subscription_id: subscriptionId });
    const after = await me(cookie);
    expect(after.subscription).toMatchObject({ tier: "pro", subscribed: true });
    expect(after.entitlements).toContain("assistant");

    // The portal's own page offers the way back; from there it stays on the portal.
    const page = await (await simFetch(new URL(portalUrl).pathname)).text();
    expect(page).toContain("Plano Pro");
    expect(page).toContain("Mudar para o plano Light");
    const { url: homeUrl } = await json(await postJson("/billing/portal", cookie));
    const back = await choose(homeUrl, { action: "switch_plan", price: env.STRIPE_PRICE_LIGHT });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(/\/dev\/stripe\/portal\/bps_\w+\?done=switch_plan$/);
    expect(await row(userId)).toMatchObject({ tier: "light", stripe_subscription_id: subscriptionId });
  });

  it("a price that is not one of the plans changes nothing", async () => {
    const { cookie, userId } = await lightSubscriber("plan-odd-price@example.com");
    const { url } = await json(await postJson("/billing/portal", cookie, { flow: "plan_change" }));
    expect((await choose(url, { action: "switch_plan", price: "price_someone_elses" })).status).toBe(400);
    expect((await choose(url, { action: "switch_plan" })).status).toBe(400);
    expect(await row(userId)).toMatchObject({ tier: "light" });
  });
});

/** A user in the app's Pro trial who chose (and "paid" for) Light: Stripe's trial runs to the app's. */
async function lightAfterTrial(email: string) {
  const cookie = await signUpAndLogIn(email);
  const userId = await userIdOf(email);
  const checkout = await postJson("/billing/checkout", cookie, { plan: "light" });
  expect((await choose((await json(checkout)).url, { action: "pay" })).status).toBe(303);
  const { subscription } = await me(cookie);
  expect(subscription).toMatchObject({ tier: "pro", isTrialActive: true, subscribed: true, paidTier: "light" });
  expect(subscription.paidStartsAt).not.toBeNull();
  return { cookie, userId, subscription };
}

describe("Light chosen during the Pro trial → Pro (decision 0083, revised 2026-12-06)", { timeout: 30_000 }, () => {
  it("changes the same subscription's price to Pro and keeps the trial's end as the first charge", async () => {
    const { cookie, userId, subscription: before } = await lightAfterTrial("plan-up-trial@example.com");
    const stored = (await row(userId))!;
    expect(stored).toMatchObject({ tier: "light", status: "trialing" });

    const opened = await postJson("/billing/portal", cookie, { flow: "plan_change" });
    expect(opened.status).toBe(200);
    const portalUrl = (await json(opened)).url as string;
    expect(await portalSessionOf(portalUrl)).toMatchObject({ flow: { type: "subscription_update", subscription_update: { subscription: stored.stripe_subscription_id } } });
    const switched = await choose(portalUrl, { action: "switch_plan", price: env.STRIPE_PRICE_PRO });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("http://localhost/app/premium");

    // One subscription, still in Stripe's trial to the same end: nothing charged before it.
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "trialing", stripe_subscription_id: stored.stripe_subscription_id, current_period_end: stored.current_period_end });
    const atStripe = await subscriptionsOf(simulatorStore(env), stored.stripe_customer_id as string);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ status: "trialing", trial_end: Date.parse(before.paidStartsAt) / 1000 });
    const after = (await me(cookie)).subscription;
    expect(after).toMatchObject({ tier: "pro", isTrialActive: true, paidTier: "pro", paidStartsAt: before.paidStartsAt });
    // And no second subscription through checkout.
    expect((await postJson("/billing/checkout", cookie, { plan: "pro" })).status).toBe(409);
  });

  it("refuses to open the plan change when the portal would end the trial and charge now", async () => {
    const { cookie, userId } = await lightAfterTrial("plan-up-trial-ends@example.com");
    const store = simulatorStore(env);
    await savePortalConfiguration(store, portalConfigurationObject("bpc_ends_trials", "end_trial"));
    const named = { ...simEnv, STRIPE_PORTAL_CONFIGURATION: "bpc_ends_trials" } as Env;
    const refused = await postJson("/billing/portal", cookie, { flow: "plan_change" }, named);
    expect(refused.status).toBe(502);
    expect((await json(refused)).error.code).toBe("portal_failed");

    // The account's default configuration, when none is named, is the one read.
    await savePortalConfiguration(store, portalConfigurationObject(DEFAULT_PORTAL_CONFIGURATION, "end_trial"));
    try {
      expect((await postJson("/billing/portal", cookie, { flow: "plan_change" })).status).toBe(502);
      // The home page ("Gerir subscrição") still opens.
      expect((await postJson("/billing/portal", cookie)).status).toBe(200);
    } finally {
      await savePortalConfiguration(store, portalConfigurationObject(DEFAULT_PORTAL_CONFIGURATION));
    }
    expect(await row(userId)).toMatchObject({ tier: "light", status: "trialing" });
  });
});

describe("POST /billing/portal's optional body", { timeout: 30_000 }, () => {
  it("without a body the portal opens at its home page, as before; an unknown flow or field is a 400", async () => {
    const { cookie } = await lightSubscriber("plan-nobody@example.com");
    const plain = await postJson("/billing/portal", cookie);
    expect(plain.status).toBe(200);
    expect(await portalSessionOf((await json(plain)).url)).toMatchObject({ flow: null, return_url: "http://localhost/app/premium" });
    // No content type at all, as a plain fetch without a body sends it.
    const bare = await simFetch("/api/v1/billing/portal", { method: "POST", headers: { cookie } });
    expect(bare.status).toBe(200);
    expect(await portalSessionOf((await json(bare)).url)).toMatchObject({ flow: null });

    const send = (body: string) => simFetch("/api/v1/billing/portal", { method: "POST", headers: { cookie, "content-type": "application/json" }, body });
    for (const body of [{ flow: "downgrade" }, { plan: "pro" }]) {
      const refused = await send(JSON.stringify(body));
      expect(refused.status).toBe(400);
      expect((await json(refused)).error.code).toBe("validation_failed");
    }
    const malformed = await send("not json");
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.code).toBe("invalid_json");
  });

  it("without a live subscription the plan change opens the portal's home page", async () => {
    const cookie = await signUpAndLogIn("plan-unpaid@example.com");
    // A checkout opened but never paid: Stripe knows the customer, who has no subscription.
    expect((await postJson("/billing/checkout", cookie, { plan: "light" })).status).toBe(200);
    const opened = await postJson("/billing/portal", cookie, { flow: "plan_change" });
    expect(opened.status).toBe(200);
    expect(await portalSessionOf((await json(opened)).url)).toMatchObject({ flow: null });
  });

  it("STRIPE_PORTAL_CONFIGURATION names the portal configuration; unset, Stripe's default is used", async () => {
    const { cookie } = await lightSubscriber("plan-config@example.com");
    const configured = { ...simEnv, STRIPE_PORTAL_CONFIGURATION: "bpc_rumo_plans" } as Env;
    const { url } = await json(await postJson("/billing/portal", cookie, { flow: "plan_change" }, configured));
    expect(await portalSessionOf(url)).toMatchObject({ configuration: "bpc_rumo_plans", flow: { type: "subscription_update" } });
    const { url: defaultUrl } = await json(await postJson("/billing/portal", cookie));
    expect((await portalSessionOf(defaultUrl))!.configuration).not.toBe("bpc_rumo_plans");
  });
});
