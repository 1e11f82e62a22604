/**
 * A local Stripe: the parts of Stripe's API that Rumo calls (customers, Checkout sessions, portal
 * sessions, subscriptions, coupons), answered from a SimStore, and the changes a person makes on
 * Stripe's hosted pages (pay, cancel, switch plans, a failed renewal) as functions that return the
 * events Stripe would send. Shared by the Workers pool's fake (tests/fixtures/fake-stripe.ts) and the simulator
 * `npm start` serves (worker/dev/stripe-sim/pages.ts). Plain Web APIs only: the pool runs it in Node.
 */
import type { SimStore } from "./store";

export type Obj = Record<string, unknown>;

export type SimOptions = {
  /** The API key the app must present (Stripe answers 401 otherwise). */
  secretKey: string;
  /** Price id → monthly amount in cents, for invoices. */
  prices: Record<string, number>;
  /** The hosted pages' addresses: Stripe's own in tests, the app's /dev/stripe/* under `npm start`. */
  checkoutUrl: (sessionId: string) => string;
  portalUrl: (sessionId: string) => string;
  now?: () => number;
};

/** What a change on Stripe's side sends to the webhook endpoint. */
export type SimEvent = { id: string; object: "event"; type: string; created: number; api_version: string; livemode: false; data: { object: Obj } };

const API_VERSION = "2026-10-28.endive";
/** Stripe's default promotion: valid once, 10 % off (app/lib/plans.ts COUPONS). */
const DEFAULT_COUPONS: Record<string, Obj> = { BEMVINDO10: { id: "BEMVINDO10", object: "coupon", percent_off: 10, duration: "once", valid: true } };
const LIVE = new Set(["active", "trialing", "past_due"]);
const DAY = 86400;

const randomPart = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 16);
export const simId = (prefix: string) => `${prefix}_${randomPart()}`;
const seconds = (options: SimOptions) => Math.floor((options.now?.() ?? Date.now()) / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {}) as Obj;
    });
  }
  return root;
}

export const stripeError = (status: number, message: string, code = "resource_missing", type = "invalid_request_error") =>
  Response.json({ error: { type, code, message } }, { status });

// ---- objects ----------------------------------------------------------------------------------

export type SubscriptionInput = {
  id?: string;
  customer: string;
  price: string;
  status?: string;
  created?: number;
  currentPeriodEnd?: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  metadata?: Obj;
};

/** A subscription shaped as Stripe returns it (the period end lives on the item since 2025). */
export function subscriptionObject(input: SubscriptionInput, now: number): Obj {
  const id = input.id ?? simId("sub");
  const periodEnd = input.currentPeriodEnd ?? now + 30 * DAY;
  return {
    id,
    object: "subscription",
    customer: input.customer,
    status: input.status ?? "active",
    created: input.created ?? now,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    trial_end: input.trialEnd ?? null,
    metadata: input.metadata ?? {},
    items: { object: "list", data: [{ id: `si_${id}`, object: "subscription_item", price: { id: input.price, object: "price" }, current_period_end: periodEnd }] },
  };
}

export const getObject = (store: SimStore, kind: string, id: string) => store.get<Obj>(`${kind}:${id}`);

/** Saves a subscription and indexes it under its customer. */
export async function saveSubscription(store: SimStore, subscription: Obj): Promise<void> {
  const customer = String(subscription.customer);
  const ids = (await store.get<string[]>(`subs-of:${customer}`)) ?? [];
  if (!ids.includes(String(subscription.id))) await store.put(`subs-of:${customer}`, [...ids, subscription.id]);
  await store.put(`subscription:${subscription.id}`, subscription);
}

export async function subscriptionsOf(store: SimStore, customer: string): Promise<Obj[]> {
  const ids = (await store.get<string[]>(`subs-of:${customer}`)) ?? [];
  const subs = await Promise.all(ids.map((id) => getObject(store, "subscription", id)));
  return subs.filter((s): s is Obj => s !== null);
}

export async function saveCustomer(store: SimStore, input: { id?: string; email?: unknown; name?: unknown; metadata?: unknown }): Promise<Obj> {
  const customer = { id: input.id ?? simId("cus"), object: "customer", email: input.email ?? null, name: input.name ?? null, metadata: input.metadata ?? {} };
  await store.put(`customer:${customer.id}`, customer);
  return customer;
}

export const couponOf = async (store: SimStore, id: string) => (await getObject(store, "coupon", id)) ?? DEFAULT_COUPONS[id] ?? null;

/** The customer's subscription a portal acts on: a live one if any, else the newest. */
async function currentSubscription(store: SimStore, customer: string): Promise<Obj | null> {
  const subs = (await subscriptionsOf(store, customer)).sort((a, b) => Number(b.created) - Number(a.created));
  return subs.find((s) => LIVE.has(String(s.status))) ?? subs[0] ?? null;
}

const priceOf = (subscription: Obj) => String((subscription.items as { data: { price: { id: string } }[] }).data[0]?.price.id ?? "");
function setPrice(subscription: Obj, price: string) {
  (subscription.items as { data: { price: Obj }[] }).data[0].price = { id: price, object: "price" };
}
const periodEndOf = (subscription: Obj) => Number((subscription.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0);
function setPeriodEnd(subscription: Obj, end: number) {
  (subscription.items as { data: { current_period_end: number }[] }).data[0].current_period_end = end;
}

function event(type: string, object: Obj, options: SimOptions): SimEvent {
  return { id: simId("evt"), object: "event", type, created: seconds(options), api_version: API_VERSION, livemode: false, data: { object } };
}

function invoice(subscription: Obj, amount: number, paid: boolean): Obj {
  const id = simId("in");
  return {
    id,
    object: "invoice",
    customer: subscription.customer,
    subscription: subscription.id,
    status: paid ? "paid" : "open",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    currency: "eur",
    hosted_invoice_url: null,
  };
}

/** The portal configuration a session uses when none is named (Stripe: the account's default). */
export const DEFAULT_PORTAL_CONFIGURATION = "bpc_sim_default";

/**
 * A portal configuration as Stripe returns it, reduced to what Rumo reads: subscription updates
 * between the plans' prices, keeping a running trial (`continue_trial`) unless told otherwise.
 */
export function portalConfigurationObject(id: string, trialUpdateBehavior: "continue_trial" | "end_trial" = "continue_trial"): Obj {
  return {
    id,
    object: "billing_portal.configuration",
    active: true,
    is_default: id === DEFAULT_PORTAL_CONFIGURATION,
    features: { subscription_update: { enabled: true, proration_behavior: "create_prorations", trial_update_behavior: trialUpdateBehavior } },
  };
}

export const savePortalConfiguration = (store: SimStore, configuration: Obj) => store.put(`portal_configuration:${configuration.id}`, configuration);

/** A configuration stored by a test, else the one modelled (any id names a portal set up as the README says). */
const portalConfigurationOf = async (store: SimStore, id: string) => (await getObject(store, "portal_configuration", id)) ?? portalConfigurationObject(id);

const trialUpdateBehaviorOf = (configuration: Obj) => (configuration.features as { subscription_update?: { trial_update_behavior?: string } }).subscription_update?.trial_update_behavior;

// ---- what a person does on Stripe's pages -------------------------------------------------------

export type Outcome = { events: SimEvent[]; redirect: string } | { error: "not_found" | "not_open" | "no_subscription" | "unknown_price" };

/** The Checkout session is paid with a working test card: customer, subscription, invoice. */
export async function payCheckout(store: SimStore, options: SimOptions, sessionId: string): Promise<Outcome> {
  const session = await getObject(store, "checkout_session", sessionId);
  if (!session) return { error: "not_found" };
  if (session.status !== "open") return { error: "not_open" };
  const now = seconds(options);
  const customer = session.customer ? String(session.customer) : String((await saveCustomer(store, { email: session.customer_email })).id);
  const price = String((session.line_items as { price: string }[] | undefined)?.[0]?.price ?? "");
  const subscriptionData = (session.subscription_data ?? {}) as { trial_end?: string; metadata?: Obj };
  const trialEnd = Number(subscriptionData.trial_end ?? 0) > now ? Number(subscriptionData.trial_end) : null;
  const subscription = subscriptionObject(
    { customer, price, status: trialEnd ? "trialing" : "active", trialEnd, currentPeriodEnd: trialEnd ?? now + 30 * DAY, metadata: subscriptionData.metadata },
    now,
  );
  await saveSubscription(store, subscription);

  const couponId = (session.discounts as { coupon?: string }[] | undefined)?.[0]?.coupon;
  const percentOff = couponId ? Number((await couponOf(store, couponId))?.percent_off ?? 0) : 0;
  // A trial is not charged now: Stripe's first invoice is for 0 €.
  const amount = trialEnd ? 0 : Math.round(((options.prices[price] ?? 0) * (100 - percentOff)) / 100);
  const completed = { ...session, status: "complete", payment_status: trialEnd ? "no_payment_required" : "paid", customer, subscription: subscription.id };
  await store.put(`checkout_session:${sessionId}`, completed);
  return {
    events: [
      event("customer.subscription.created", subscription, options),
      event("invoice.paid", invoice(subscription, amount, true), options),
      event("checkout.session.completed", completed, options),
    ],
    redirect: String(session.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", sessionId),
  };
}

/** The card is declined: Checkout keeps the session open and nothing is created (no events). */
export async function declineCheckout(store: SimStore, sessionId: string): Promise<Outcome> {
  const session = await getObject(store, "checkout_session", sessionId);
  if (!session) return { error: "not_found" };
  if (session.status !== "open") return { error: "not_open" };
  return { events: [], redirect: String(session.cancel_url ?? "") };
}

export const PORTAL_ACTIONS = ["cancel_at_period_end", "cancel_now", "resume", "switch_plan", "end_trial", "fail_renewal", "pay_renewal"] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

/**
 * One change in the customer portal (cancel at period end or now, resume, switch to another plan's
 * `price`) or, for trying the unhappy paths offline, what would happen at Stripe over time: the
 * trial ends and the card is charged, a renewal fails (past_due, `invoice.payment_failed`), a
 * retried renewal succeeds.
 */
export async function portalAction(store: SimStore, options: SimOptions, portalSessionId: string, action: PortalAction, price?: string): Promise<Outcome> {
  const portal = await getObject(store, "portal_session", portalSessionId);
  if (!portal) return { error: "not_found" };
  const subscription = await currentSubscription(store, String(portal.customer));
  if (!subscription || !LIVE.has(String(subscription.status))) return { error: "no_subscription" };
  // The portal offers only the prices its configuration lists: here, the plans' prices.
  if (action === "switch_plan" && !(price && price in options.prices)) return { error: "unknown_price" };
  const now = seconds(options);
  const amount = options.prices[priceOf(subscription)] ?? 0;
  const events: SimEvent[] = [];
  switch (action) {
    case "cancel_at_period_end":
    case "resume":
      subscription.cancel_at_period_end = action === "cancel_at_period_end";
      break;
    case "cancel_now":
      Object.assign(subscription, { status: "canceled", canceled_at: now, cancel_at_period_end: false });
      break;
    case "switch_plan": {
      // As the portal does by default: the item's price changes in place, the period and status
      // stay, and the difference is prorated onto the next invoice (so no invoice event now).
      setPrice(subscription, price!);
      // A trialing subscription keeps its trial only if the configuration says `continue_trial`;
      // with `end_trial` (Stripe's default) the trial ends now and the new price is charged.
      const configuration = await portalConfigurationOf(store, String(portal.configuration ?? DEFAULT_PORTAL_CONFIGURATION));
      if (subscription.status === "trialing" && trialUpdateBehaviorOf(configuration) !== "continue_trial") {
        Object.assign(subscription, { status: "active", trial_end: now });
        setPeriodEnd(subscription, now + 30 * DAY);
        events.push(event("invoice.paid", invoice(subscription, options.prices[price!] ?? 0, true), options));
      }
      break;
    }
    case "end_trial":
    case "pay_renewal": {
      Object.assign(subscription, { status: "active", trial_end: action === "end_trial" ? now : subscription.trial_end });
      setPeriodEnd(subscription, now + 30 * DAY);
      events.push(event("invoice.paid", invoice(subscription, amount, true), options));
      break;
    }
    case "fail_renewal": {
      subscription.status = "past_due";
      events.push(event("invoice.payment_failed", invoice(subscription, amount, false), options));
      break;
    }
  }
  await saveSubscription(store, subscription);
  events.unshift(event(action === "cancel_now" ? "customer.subscription.deleted" : "customer.subscription.updated", subscription, options));
  return { events, redirect: String(portal.return_url ?? "") };
}

type PortalFlow = { type: string; subscription_update?: { subscription?: string }; after_completion?: { type?: string; redirect?: { return_url?: string } } };

/** What the portal page shows: the customer's current subscription, and the flow it was opened at. */
export async function portalView(store: SimStore, portalSessionId: string) {
  const portal = await getObject(store, "portal_session", portalSessionId);
  if (!portal) return null;
  const subscription = await currentSubscription(store, String(portal.customer));
  const flow = (portal.flow ?? null) as PortalFlow | null;
  return {
    returnUrl: String(portal.return_url ?? ""),
    /** Opened at the plan change (`flow_data.type=subscription_update`), Stripe's deep link. */
    atPlanChange: flow?.type === "subscription_update",
    /** Where the person goes once the flow is done, when the app asked for a redirect. */
    afterFlowUrl: flow?.after_completion?.type === "redirect" ? (flow.after_completion.redirect?.return_url ?? null) : null,
    subscription: subscription && {
      status: String(subscription.status),
      price: priceOf(subscription),
      periodEnd: periodEndOf(subscription),
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    },
  };
}

// ---- the HTTP API --------------------------------------------------------------------------------

/** Answers one Stripe API request (https://api.stripe.com/v1/...) from the store. */
export async function stripeApi(request: Request, store: SimStore, options: SimOptions): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const method = request.method;
  if (request.headers.get("authorization") !== `Bearer ${options.secretKey}`) {
    return stripeError(401, "Invalid API Key provided", "api_key_invalid", "authentication_error");
  }
  const params = method === "POST" ? parseStripeForm(await request.text()) : Object.fromEntries(url.searchParams);
  // Stripe answers a repeated idempotency key with the first response.
  const key = request.headers.get("idempotency-key");
  if (key && method === "POST") {
    const earlier = await store.get<Obj>(`idempotency:${key}`);
    if (earlier) return Response.json(earlier);
  }
  const created = async (object: Obj) => {
    if (key) await store.put(`idempotency:${key}`, object);
    return Response.json(object);
  };
  const now = seconds(options);
  const match = (pattern: RegExp) => path.match(pattern)?.[1];

  if (method === "POST" && path === "/v1/customers") return created(await saveCustomer(store, params));

  const customerId = match(/^\/v1\/customers\/([^/]+)$/);
  if (method === "GET" && customerId) {
    const customer = await getObject(store, "customer", customerId);
    return customer ? Response.json(customer) : stripeError(404, `No such customer: '${customerId}'`);
  }
  if (method === "POST" && customerId) {
    // An update merges metadata key by key, as Stripe does (account deletion marks the customer).
    const customer = await getObject(store, "customer", customerId);
    if (!customer) return stripeError(404, `No such customer: '${customerId}'`);
    const metadata = { ...(customer.metadata as Obj), ...((params.metadata as Obj) ?? {}) };
    return created(await saveCustomer(store, { ...customer, ...params, id: customerId, metadata }));
  }

  if (method === "POST" && path === "/v1/checkout/sessions") {
    if (params.customer && !(await getObject(store, "customer", String(params.customer)))) return stripeError(400, `No such customer: '${params.customer}'`);
    const id = simId("cs_test");
    const session = { ...params, id, object: "checkout.session", status: "open", url: options.checkoutUrl(id), customer: params.customer ?? null, created: now };
    await store.put(`checkout_session:${id}`, session);
    return created(session);
  }

  if (method === "POST" && path === "/v1/billing_portal/sessions") {
    if (!(await getObject(store, "customer", String(params.customer)))) return stripeError(400, `No such customer: '${params.customer}'`);
    const flowData = params.flow_data as PortalFlow | undefined;
    if (flowData) {
      // Of Stripe's flows, only the plan change is simulated.
      if (flowData.type !== "subscription_update") return stripeError(400, `stripe-sim: flow_data.type '${flowData.type}' is not simulated`, "sim_unhandled");
      const target = await getObject(store, "subscription", String(flowData.subscription_update?.subscription ?? ""));
      if (!target || target.customer !== params.customer || !LIVE.has(String(target.status))) {
        return stripeError(400, `The subscription '${flowData.subscription_update?.subscription}' cannot be updated by this customer.`);
      }
    }
    const id = simId("bps");
    const session = {
      id,
      object: "billing_portal.session",
      customer: params.customer,
      return_url: params.return_url,
      // Stripe answers with the configuration used: the one named, else the account's default.
      configuration: params.configuration ?? DEFAULT_PORTAL_CONFIGURATION,
      flow: flowData ? { after_completion: { type: "portal_homepage" }, ...flowData } : null,
      created: now,
      url: options.portalUrl(id),
    };
    await store.put(`portal_session:${id}`, session);
    return created(session);
  }

  if (method === "GET" && path === "/v1/billing_portal/configurations") {
    const fallback = await portalConfigurationOf(store, DEFAULT_PORTAL_CONFIGURATION);
    const data = params.is_default === "false" ? [] : [fallback];
    return Response.json({ object: "list", data, has_more: false, url: "/v1/billing_portal/configurations" });
  }
  const configurationId = match(/^\/v1\/billing_portal\/configurations\/([^/]+)$/);
  if (method === "GET" && configurationId) return Response.json(await portalConfigurationOf(store, configurationId));

  if (method === "GET" && path === "/v1/subscriptions") {
    const data = (await subscriptionsOf(store, String(params.customer))).filter((s) => params.status === "all" || s.status !== "canceled");
    return Response.json({ object: "list", data, has_more: false, url: "/v1/subscriptions" });
  }

  const subscriptionId = match(/^\/v1\/subscriptions\/([^/]+)$/);
  if (subscriptionId) {
    const subscription = await getObject(store, "subscription", subscriptionId);
    if (!subscription) return stripeError(404, `No such subscription: '${subscriptionId}'`);
    if (method === "GET") return Response.json(subscription);
    // Cancel now (DELETE) or at the period's end (update); a canceled subscription stays canceled.
    if (method === "DELETE") {
      // The parameters sent (prorate, invoice_now) are kept for the tests to read; Stripe does not echo them.
      if (subscription.status !== "canceled") Object.assign(subscription, { status: "canceled", canceled_at: now, cancel_at_period_end: false, cancellation_params: params });
    } else if (method === "POST" && params.cancel_at_period_end !== undefined) {
      if (subscription.status === "canceled") return stripeError(400, "A canceled subscription can only update its cancellation_details and metadata.", "subscription_canceled");
      subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
    }
    await saveSubscription(store, subscription);
    return Response.json(subscription);
  }

  const couponId = match(/^\/v1\/coupons\/([^/]+)$/);
  if (method === "GET" && couponId) {
    const coupon = await couponOf(store, couponId);
    return coupon ? Response.json(coupon) : stripeError(404, `No such coupon: '${couponId}'`);
  }
  return stripeError(404, `stripe-sim: unexpected ${method} ${path}`, "sim_unhandled");
}

// ---- webhook signatures -----------------------------------------------------------------------

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint's signing secret>` (stripe.com/docs/webhooks#verify-manually).
 */
export async function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${hex(mac)}`;
}
