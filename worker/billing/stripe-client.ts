import Stripe from "stripe";
import { simulatorFetch, usesStripeSimulator } from "../dev/stripe-sim/simulator";
import { isLocalDevelopment } from "../lib/development";
import { appBaseUrl } from "../lib/app-url";

/** Where the Stripe client sends requests: "api.stripe.com" or a URL (a local fake). */
export function stripeEndpoint(setting: string | undefined): { host: string; port: number; protocol: "http" | "https" } {
  const value = (setting ?? "").trim() || "api.stripe.com";
  const url = new URL(value.includes("://") ? value : `https://${value}`);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/**
 * A Stripe client for Workers: the fetch HTTP client, pointed at STRIPE_API_HOST. In development,
 * STRIPE_API_HOST=simulator answers in-process from the local simulator (worker/dev/stripe-sim).
 */
export function stripeFor(env: Env): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not configured");
  if (usesStripeSimulator(env)) {
    // Never a deployment's Stripe: only ENVIRONMENT=development with the app on this machine.
    if (!isLocalDevelopment(env, appBaseUrl(env))) throw new Error("STRIPE_API_HOST=simulator is for local development only");
    return new Stripe(env.STRIPE_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(simulatorFetch(env)), maxNetworkRetries: 0 });
  }
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    ...stripeEndpoint(env.STRIPE_API_HOST),
    maxNetworkRetries: 1,
  });
}

/** Webhook signature checks use Web Crypto (async) in Workers. */
export const webhookCrypto = Stripe.createSubtleCryptoProvider();

/** Stripe's default, kept explicit: events signed more than 5 minutes ago are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export { Stripe };
