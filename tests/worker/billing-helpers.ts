import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { api, freshIp, json, signUpAndLogIn } from "./helpers";

const signer = new Stripe(FAKE_STRIPE.secretKey, { httpClient: Stripe.createFetchHttpClient() });
const crypto = Stripe.createSubtleCryptoProvider();

/** Drives the fake Stripe (see tests/fixtures/fake-stripe.ts). */
export async function stripeControl(path: string, body?: unknown) {
  const response = await fetch(`https://api.stripe.com/__fake${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake stripe ${path}: ${response.status} ${await response.text()}`);
  return json(response);
}

let eventCounter = 0;
/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++eventCounter}`) {
  return { id, object: "event", type, created: Math.floor(Date.now() / 1000), api_version: "2026-10-28.endive", livemode: false, data: { object } };
}

/** Posts an event to the webhook, signed like Stripe does (or with the given secret / timestamp). */
export async function sendEvent(event: unknown, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature !== undefined
      ? options.signature
      : await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? FAKE_STRIPE.webhookSecret, timestamp: options.timestamp, cryptoProvider: crypto });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  // No Origin header: Stripe is not a browser, and the webhook is exempt from the CSRF check.
  return SELF.fetch("http://localhost/api/v1/billing/webhook", { method: "POST", headers, body: payload });
}

export const userIdOf = async (email: string) => (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

export const customerOf = async (userId: string) =>
  (await env.DB.prepare("select stripe_customer_id from subscriptions where user_id = ?").bind(userId).first<{ stripe_customer_id: string }>())?.stripe_customer_id;

export const endTrial = (userId: string) => env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(Date.now() - 1000, userId).run();

/** A signed-in user who has opened a Pro checkout (so Rumo knows their Stripe customer). */
export async function customerUser(email: string, plan: "light" | "pro" = "pro") {
  const cookie = await signUpAndLogIn(email);
  const userId = await userIdOf(email);
  // From its own address, as people do: checkouts are limited per client address.
  const checkout = await api("/billing/checkout", { body: { plan }, headers: { cookie, "x-forwarded-for": freshIp() } });
  if (checkout.status !== 200) throw new Error(`checkout ${checkout.status}: ${await checkout.text()}`);
  const { url } = await json(checkout);
  const customerId = (await customerOf(userId))!;
  return { cookie, userId, customerId, checkoutUrl: url as string };
}

/** Stripe-side: the customer now has this subscription (what a payment or the portal would do). */
export const setSubscription = (input: { id?: string; customer: string; status: string; price?: string; created?: number; cancelAtPeriodEnd?: boolean }) =>
  stripeControl("/subscriptions", { price: FAKE_STRIPE.prices.pro, ...input });

export const me = async (cookie: string) => json(await api("/me", { headers: { cookie } }));
