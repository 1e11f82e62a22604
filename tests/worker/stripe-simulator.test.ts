import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { app } from "@worker/app";
import { stripeFor, webhookCrypto } from "@worker/billing/stripe-client";
import { stripeSignature } from "@worker/dev/stripe-sim/api";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { me, userIdOf } from "./billing-helpers";
import { json, ORIGIN, signUpAndLogIn } from "./helpers";

/** The Worker as `npm start` runs it: Stripe answered by the in-process simulator. */
const simEnv = { ...env, STRIPE_API_HOST: "simulator" } as Env;

async function simFetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}, target: Env = simEnv, origin = ORIGIN) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${origin}${path}`, { redirect: "manual", ...init, headers: { origin, ...init.headers } }), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const postJson = (path: string, cookie: string, body?: unknown) =>
  simFetch(`/api/v1${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A choice on a simulator page, posted as its form does. */
const choose = (url: string, action: string) =>
  simFetch(new URL(url).pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ action }).toString() });

const row = (userId: string) => env.DB.prepare("select * from subscriptions where user_id = ?").bind(userId).first<Record<string, unknown>>();
const countNotifications = async (userId: string, type: string) =>
  (await env.DB.prepare("select count(*) as n from notifications where user_id = ? and type = ?").bind(userId, type).first<{ n: number }>())!.n;

describe("Stripe simulator: the whole billing path offline", { timeout: 30_000 }, () => {
  it("checkout → pay → trial subscription; portal: trial to paid, failed renewal, cancel at period end, cancel now", async () => {
    const cookie = await signUpAndLogIn("sim-path@example.com");
    const userId = await userIdOf("sim-path@example.com");

    const checkout = await postJson("/billing/checkout", cookie, { plan: "pro" });
    expect(checkout.status).toBe(200);
    const { url } = await json(checkout);
    expect(url).toMatch(/^http:\/\/localhost\/dev\/stripe\/checkout\/cs_test_/);

    const pageHtml = await (await simFetch(new URL(url).pathname)).text();
    expect(pageHtml).toContain("Pagar");
    expect(pageHtml).toContain("Recusar");
    expect(pageHtml).toContain("Plano Pro: 9,99");

    const paid = await choose(url, "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost/payment-success?session_id=${new URL(url).pathname.split("/").pop()}`);
    // The trial is still running: Stripe starts a trialing subscription and charges at its end.
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "trialing", cancel_at_period_end: 0 });
    expect((await me(cookie)).subscription).toMatchObject({ tier: "pro", subscribed: true });
    // The session is used up: paying twice changes nothing.
    expect((await choose(url, "pay")).status).toBe(409);

    const portal = await postJson("/billing/portal", cookie);
    expect(portal.status).toBe(200);
    const portalUrl = (await json(portal)).url as string;
    expect(portalUrl).toMatch(/^http:\/\/localhost\/dev\/stripe\/portal\/bps_/);
    expect(await (await simFetch(new URL(portalUrl).pathname)).text()).toContain("Estado: em teste");

    const endTrial = await choose(portalUrl, "end_trial");
    expect(endTrial.status).toBe(303);
    expect(endTrial.headers.get("location")).toMatch(/\/dev\/stripe\/portal\/bps_\w+\?done=end_trial$/);
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "active" });

    expect((await choose(portalUrl, "fail_renewal")).status).toBe(303);
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "past_due" });
    expect(await countNotifications(userId, "financial")).toBe(1);
    expect((await choose(portalUrl, "pay_renewal")).status).toBe(303);
    expect(await row(userId)).toMatchObject({ status: "active" });

    expect((await choose(portalUrl, "cancel_at_period_end")).status).toBe(303);
    expect(await row(userId)).toMatchObject({ tier: "pro", status: "active", cancel_at_period_end: 1 });
    expect(await (await simFetch(new URL(portalUrl).pathname)).text()).toContain("não será renovada");

    expect((await choose(portalUrl, "cancel_now")).status).toBe(303);
    expect(await row(userId)).toMatchObject({ tier: "free", status: "canceled" });
    expect((await me(cookie)).subscription.subscribed).toBe(false);
  });

  it("Light paid during the trial: the row holds Light, trialing to the trial's end, and /me says Light starts then", async () => {
    const cookie = await signUpAndLogIn("sim-light-trial@example.com");
    const userId = await userIdOf("sim-light-trial@example.com");
    const { url } = await json(await postJson("/billing/checkout", cookie, { plan: "light" }));
    expect((await choose(url, "pay")).status).toBe(303);

    const trialEndsAt = (await env.DB.prepare("select trial_ends_at from users where id = ?").bind(userId).first<{ trial_ends_at: number }>())!.trial_ends_at;
    // Stripe's trial is set to Rumo's (whole seconds): the first charge of Light is when the trial ends.
    const firstCharge = Math.floor(trialEndsAt / 1000) * 1000;
    expect(await row(userId)).toMatchObject({ tier: "light", status: "trialing", current_period_end: firstCharge, cancel_at_period_end: 0 });
    expect((await me(cookie)).subscription).toMatchObject({
      tier: "pro",
      subscribed: true,
      isTrialActive: true,
      trialEndsAt: new Date(trialEndsAt).toISOString(),
      paidTier: "light",
      paidStartsAt: new Date(firstCharge).toISOString(),
    });
  });

  it("the checkout page names the coupon Rumo applied", async () => {
    const cookie = await signUpAndLogIn("sim-coupon@example.com");
    const { url } = await json(await postJson("/billing/checkout", cookie, { plan: "light", coupon: "bemvindo10" }));
    const html = await (await simFetch(new URL(url).pathname)).text();
    expect(html).toContain("Plano Light: 5,99");
    expect(html).toContain("Cupão BEMVINDO10: menos 10 % no primeiro mês");
  });

  it("decline: back to the cancel page, nothing created at Stripe or in Rumo", async () => {
    const cookie = await signUpAndLogIn("sim-decline@example.com");
    const userId = await userIdOf("sim-decline@example.com");
    const { url } = await json(await postJson("/billing/checkout", cookie, { plan: "light" }));
    const declined = await choose(url, "decline");
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe("http://localhost/payment-cancel");
    expect(await row(userId)).toMatchObject({ status: null, tier: "free" });
  });
});

describe("Stripe simulator: signatures", () => {
  it("signs exactly as Stripe does: Stripe's own verifier accepts it, and so does the app's webhook", async () => {
    const payload = JSON.stringify({ id: "evt_sim_sig", object: "event", type: "charge.refund.updated", data: { object: { id: "re_1" } } });
    const header = await stripeSignature(payload, FAKE_STRIPE.webhookSecret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verifier = new Stripe(FAKE_STRIPE.secretKey, { httpClient: Stripe.createFetchHttpClient() });
    await expect(verifier.webhooks.constructEventAsync(payload, header, FAKE_STRIPE.webhookSecret, 300, webhookCrypto)).resolves.toMatchObject({ id: "evt_sim_sig" });

    const accepted = await SELF.fetch(`${ORIGIN}/api/v1/billing/webhook`, { method: "POST", headers: { "stripe-signature": header, "content-type": "application/json" }, body: payload });
    expect(accepted.status).toBe(200);
  });

  it("a tampered event or one signed with another secret gets 400", async () => {
    const payload = JSON.stringify({ id: "evt_sim_tamper", object: "event", type: "customer.subscription.deleted", data: { object: { id: "sub_1", customer: "cus_1" } } });
    const header = await stripeSignature(payload, FAKE_STRIPE.webhookSecret);
    const send = (body: string, signature: string) =>
      SELF.fetch(`${ORIGIN}/api/v1/billing/webhook`, { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body });
    const tampered = await send(payload.replace("cus_1", "cus_2"), header);
    expect(tampered.status).toBe(400);
    expect((await json(tampered)).error.code).toBe("invalid_signature");
    expect((await send(payload, await stripeSignature(payload, "whsec_not_ours"))).status).toBe(400);
  });
});

describe("Stripe simulator: development on this machine only", { timeout: 30_000 }, () => {
  it("its pages answer 404 on another host, or when the app is not configured for the simulator", async () => {
    const cookie = await signUpAndLogIn("sim-guard@example.com");
    const path = new URL((await json(await postJson("/billing/checkout", cookie, { plan: "pro" }))).url).pathname;
    expect((await simFetch(path)).status).toBe(200);
    expect((await simFetch(path, {}, simEnv, "https://rumo.example")).status).toBe(404);
    expect((await simFetch(path, {}, env)).status).toBe(404);
    // (Production redirects plain http first; over https the page is not there either.)
    expect((await simFetch(path, {}, { ...simEnv, ENVIRONMENT: "production" } as Env, "https://localhost")).status).toBe(404);
    expect((await simFetch("/dev/stripe/checkout/cs_test_unknown")).status).toBe(404);
  });

  it("the stripe client never uses the simulator outside local development", () => {
    expect(() => stripeFor({ ...simEnv, ENVIRONMENT: "production" } as Env)).toThrow(/local development only/);
    expect(() => stripeFor({ ...simEnv, APP_URL: "https://rumo.app" } as Env)).toThrow(/local development only/);
    expect(stripeFor(simEnv)).toBeInstanceOf(Stripe);
  });
});
