import { PLANS } from "~/lib/plans";
import { stripeApi, type SimOptions } from "./api";
import type { SimStore } from "./store";
import { appBaseUrl } from "../../lib/app-url";

/** `STRIPE_API_HOST=simulator`: the Stripe API is answered in-process by the local simulator. */
export const SIMULATOR_HOST = "simulator";

/**
 * Whether this Worker talks to the simulator instead of Stripe. Only in development: a deployment
 * with STRIPE_API_HOST=simulator but another ENVIRONMENT gets no Stripe at all (stripeFor throws).
 */
export const usesStripeSimulator = (env: Pick<Env, "STRIPE_API_HOST">) => (env.STRIPE_API_HOST ?? "").trim() === SIMULATOR_HOST;

export const KV_PREFIX = "stripe-sim:";

/**
 * The simulator's state in the local KV namespace, every key under `stripe-sim:` so it cannot meet
 * the app's own keys (sessions). Local KV is read-your-writes, which a person clicking through needs.
 */
export function simulatorStore(env: Pick<Env, "SESSIONS">): SimStore {
  return {
    get: <T>(key: string) => env.SESSIONS.get<T>(`${KV_PREFIX}${key}`, "json"),
    put: (key, value) => env.SESSIONS.put(`${KV_PREFIX}${key}`, JSON.stringify(value)),
  };
}

/** The simulator's settings from the app's own: its key, its prices, its pages under /dev/stripe. */
export function simulatorOptions(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PRICE_LIGHT" | "STRIPE_PRICE_PRO" | "APP_URL">): SimOptions {
  const base = appBaseUrl(env);
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? "",
    prices: { [env.STRIPE_PRICE_LIGHT]: PLANS.light.monthlyPriceCents, [env.STRIPE_PRICE_PRO]: PLANS.pro.monthlyPriceCents },
    checkoutUrl: (id) => `${base}/dev/stripe/checkout/${id}`,
    portalUrl: (id) => `${base}/dev/stripe/portal/${id}`,
  };
}

/**
 * A `fetch` for the stripe client that answers in-process: under `wrangler dev` a Worker cannot
 * reliably fetch its own origin, and calling the simulator directly keeps the real client (its
 * form encoding, errors and idempotency keys) in the path.
 */
export function simulatorFetch(env: Env): typeof fetch {
  return async (input, init) => stripeApi(new Request(input, init), simulatorStore(env), simulatorOptions(env));
}
