/**
 * The simulator's hosted pages, standing in for Stripe Checkout and the customer portal under
 * /dev/stripe/* (development, on this machine, with STRIPE_API_HOST=simulator; 404 elsewhere).
 * A choice on them changes the simulator's state and delivers the events Stripe would send,
 * signed with STRIPE_WEBHOOK_SECRET, to the app's own webhook endpoint, in-process.
 */
import { Hono, type Context } from "hono";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { formatPrice, PAID_PLAN_IDS, planOfPrice, PLANS, stripePriceIds } from "~/lib/plans";
import { isLocalDevelopment } from "../../lib/development";
import { apiError } from "../../lib/errors";
import { log } from "../../lib/log";
import { translator } from "../../lib/translate";
import type { AppEnv } from "../../types";
import { couponOf, declineCheckout, getObject, payCheckout, PORTAL_ACTIONS, portalAction, portalView, stripeSignature, type Outcome, type PortalAction, type SimEvent } from "./api";
import { simulatorOptions, simulatorStore, usesStripeSimulator } from "./simulator";

const SHOWN_STATUSES = ["active", "trialing", "past_due", "canceled"] as const;
const isShownStatus = (status: string): status is (typeof SHOWN_STATUSES)[number] => (SHOWN_STATUSES as readonly string[]).includes(status);

/** How the pages reach the app: its fetch handler (a Worker cannot reliably fetch its own origin). */
export type AppFetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

type C = Context<AppEnv>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const dateOf = (seconds: number, lang: string) =>
  dateTimeFormat(intlLocale(lang), { dateStyle: "long", timeZone: "Europe/Lisbon" }).format(new Date(seconds * 1000));

/** A plain page: no scripts, one inline stylesheet (the CSP allows inline styles). */
function page(c: C, title: string, body: string, status: 200 | 400 | 404 | 409 | 502 = 200) {
  const t = translator(c.get("lang"));
  const html = `<!doctype html><html lang="${c.get("lang") === "en" ? "en" : "pt-PT"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} — Stripe (sim)</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
.badge{background:#fff4e5;color:#8a4b00;border-radius:6px;padding:.4rem .7rem;font-size:.85rem}h1{font-size:1.4rem}form{margin:.4rem 0}
button{font:inherit;border:0;border-radius:6px;padding:.6rem 1rem;cursor:pointer;background:#635bff;color:#fff;width:100%}button.secondary{background:#e3e8ee;color:#1a1f36}
.muted{color:#697386;font-size:.9rem}.alert{background:#e6f4ea;border-radius:6px;padding:.5rem .7rem}.error{background:#fdecea}</style></head>
<body><main><p class="badge">${escapeHtml(t("payment:simulator.badge"))}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return c.html(html, status);
}

const button = (action: string, label: string, secondary = false, fields: Record<string, string> = {}) =>
  `<form method="post">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("")}<button type="submit" name="action" value="${action}"${secondary ? ' class="secondary"' : ""}>${escapeHtml(label)}</button></form>`;

/** Delivers each event to POST /api/v1/billing/webhook as Stripe would; the first refusal stops. */
async function deliver(c: C, appFetch: AppFetch, events: SimEvent[]): Promise<{ type: string; status: number } | null> {
  const secret = c.env.STRIPE_WEBHOOK_SECRET ?? "";
  const endpoint = new URL("/api/v1/billing/webhook", c.req.url);
  for (const event of events) {
    const payload = JSON.stringify(event);
    const request = new Request(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": await stripeSignature(payload, secret), "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) rumo-simulator" },
      body: payload,
    });
    const response = await appFetch(request, c.env, c.executionCtx as ExecutionContext);
    if (!response.ok) {
      log("warn", "stripe_sim_delivery_refused", { type: event.type, status: response.status, body: (await response.text()).slice(0, 300) });
      return { type: event.type, status: response.status };
    }
  }
  return null;
}

async function finish(c: C, appFetch: AppFetch, outcome: Outcome, title: string, whenDone: (redirect: string) => string) {
  const t = translator(c.get("lang"));
  if ("error" in outcome) {
    const texts = { not_found: "notFound", not_open: "checkoutClosed", no_subscription: "portalNone", unknown_price: "unknownPrice" } as const;
    const statuses = { not_found: 404, not_open: 409, no_subscription: 409, unknown_price: 400 } as const;
    return page(c, title, `<p class="alert error" role="alert">${escapeHtml(t(`payment:simulator.${texts[outcome.error]}`))}</p>`, statuses[outcome.error]);
  }
  const refused = await deliver(c, appFetch, outcome.events);
  if (refused) return page(c, title, `<p class="alert error" role="alert">${escapeHtml(t("payment:simulator.deliveryFailed", refused))}</p>`, 502);
  return c.redirect(whenDone(outcome.redirect), 303);
}

export function stripeSimulatorPages(appFetch: AppFetch) {
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      if (!isLocalDevelopment(c.env, c.req.url) || !usesStripeSimulator(c.env)) throw apiError("not_found");
      await next();
    })

    .get("/checkout/:id", async (c) => {
      const t = translator(c.get("lang"));
      const lang = c.get("lang");
      const title = t("payment:simulator.checkoutTitle");
      const session = await getObject(simulatorStore(c.env), "checkout_session", c.req.param("id"));
      if (!session) return page(c, title, `<p class="alert error" role="alert">${escapeHtml(t("payment:simulator.notFound"))}</p>`, 404);
      if (session.status !== "open") return page(c, title, `<p class="alert" role="status">${escapeHtml(t("payment:simulator.checkoutClosed"))}</p>`, 409);
      const plan = planOfPrice(c.env, String((session.line_items as { price: string }[] | undefined)?.[0]?.price ?? ""));
      const trialEnd = Number((session.subscription_data as { trial_end?: string } | undefined)?.trial_end ?? 0);
      const email = String(session.customer_email ?? "");
      const couponId = (session.discounts as { coupon?: string }[] | undefined)?.[0]?.coupon;
      const coupon = couponId ? await couponOf(simulatorStore(c.env), couponId) : null;
      return page(
        c,
        title,
        (plan ? `<p>${escapeHtml(t("payment:simulator.checkoutPlan", { plan: t(`billing:plans.${plan}.name`), price: formatPrice(PLANS[plan].monthlyPriceCents, lang) }))}</p>` : "") +
          (coupon ? `<p class="muted">${escapeHtml(t("payment:simulator.checkoutCoupon", { code: String(coupon.id), percent: Number(coupon.percent_off) }))}</p>` : "") +
          (trialEnd * 1000 > Date.now() ? `<p class="muted">${escapeHtml(t("payment:simulator.checkoutTrial", { date: dateOf(trialEnd, lang) }))}</p>` : "") +
          (email ? `<p class="muted">${escapeHtml(email)}</p>` : "") +
          `<p class="muted">${escapeHtml(t("payment:simulator.checkoutCard"))}</p>` +
          button("pay", t("payment:simulator.pay")) +
          button("decline", t("payment:simulator.decline"), true) +
          `<p class="muted">${escapeHtml(t("payment:simulator.declineHint"))}</p>`,
      );
    })

    .post("/checkout/:id", async (c) => {
      const form = await c.req.parseBody();
      const store = simulatorStore(c.env);
      const id = c.req.param("id");
      const outcome = form.action === "pay" ? await payCheckout(store, simulatorOptions(c.env), id) : await declineCheckout(store, id);
      return finish(c, appFetch, outcome, translator(c.get("lang"))("payment:simulator.checkoutTitle"), (redirect) => redirect);
    })

    .get("/portal/:id", async (c) => {
      const t = translator(c.get("lang"));
      const lang = c.get("lang");
      const title = t("payment:simulator.portalTitle");
      const view = await portalView(simulatorStore(c.env), c.req.param("id"));
      if (!view) return page(c, title, `<p class="alert error" role="alert">${escapeHtml(t("payment:simulator.notFound"))}</p>`, 404);
      const back = view.returnUrl ? `<p><a href="${escapeHtml(view.returnUrl)}">${escapeHtml(t("payment:simulator.back"))}</a></p>` : "";
      const done = c.req.query("done") ? `<p class="alert" role="status">${escapeHtml(t("payment:simulator.done"))}</p>` : "";
      const sub = view.subscription;
      if (!sub || sub.status === "canceled") return page(c, title, `${done}<p>${escapeHtml(t("payment:simulator.portalNone"))}</p>${back}`);
      const plan = planOfPrice(c.env, sub.price);
      const status = isShownStatus(sub.status) ? t(`payment:simulator.status.${sub.status}`) : sub.status;
      // The portal with subscription updates enabled for both plans: the other plan, at its price.
      const prices = stripePriceIds(c.env);
      const planChange =
        `<h2>${escapeHtml(t("payment:simulator.switchTitle"))}</h2>` +
        PAID_PLAN_IDS.filter((other) => other !== plan)
          .map(
            (other) =>
              `<p class="muted">${escapeHtml(t("payment:simulator.switchPrice", { plan: t(`billing:plans.${other}.name`), price: formatPrice(PLANS[other].monthlyPriceCents, lang) }))}</p>` +
              button("switch_plan", t("payment:simulator.switchTo", { plan: t(`billing:plans.${other}.name`) }), false, { price: prices[other] }),
          )
          .join("");
      // Opened at the plan change (Stripe's `flow_data` deep link), the change comes first.
      const atPlanChange = view.atPlanChange;
      const actions = [
        atPlanChange ? "" : planChange,
        `<h2>${escapeHtml(t("payment:simulator.cancelTitle"))}</h2>`,
        sub.cancelAtPeriodEnd ? button("resume", t("payment:simulator.resume")) : button("cancel_at_period_end", t("payment:simulator.cancelAtPeriodEnd")),
        button("cancel_now", t("payment:simulator.cancelNow"), true),
        `<h2>${escapeHtml(t("payment:simulator.timeTitle"))}</h2>`,
        sub.status === "trialing" ? button("end_trial", t("payment:simulator.endTrial"), true) : "",
        sub.status === "past_due" ? button("pay_renewal", t("payment:simulator.payRenewal"), true) : button("fail_renewal", t("payment:simulator.failRenewal"), true),
      ];
      return page(
        c,
        title,
        done +
          (plan ? `<p>${escapeHtml(t("payment:simulator.portalPlan", { plan: t(`billing:plans.${plan}.name`) }))}</p>` : "") +
          `<p data-testid="sim-status">${escapeHtml(t("payment:simulator.portalStatus", { status }))}</p>` +
          `<p class="muted">${escapeHtml(t(sub.cancelAtPeriodEnd ? "payment:simulator.portalEnding" : "payment:simulator.portalPeriodEnd", { date: dateOf(sub.periodEnd, lang) }))}</p>` +
          (atPlanChange ? planChange : "") +
          actions.join("") +
          back,
      );
    })

    .post("/portal/:id", async (c) => {
      const form = await c.req.parseBody();
      const action = String(form.action ?? "");
      if (!(PORTAL_ACTIONS as readonly string[]).includes(action)) throw apiError("validation_failed");
      const id = c.req.param("id");
      const store = simulatorStore(c.env);
      const price = action === "switch_plan" ? String(form.price ?? "") : undefined;
      // A plan change made in a session opened at it ends where the app asked (after_completion).
      const afterFlow = action === "switch_plan" ? ((await portalView(store, id))?.afterFlowUrl ?? null) : null;
      const outcome = await portalAction(store, simulatorOptions(c.env), id, action as PortalAction, price);
      return finish(c, appFetch, outcome, translator(c.get("lang"))("payment:simulator.portalTitle"), () => afterFlow ?? `/dev/stripe/portal/${encodeURIComponent(id)}?done=${action}`);
    });
}
