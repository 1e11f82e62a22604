import { Hono, type HonoRequest } from "hono";
import { z } from "zod";
import { COUPON_CODE_PATTERN, PAID_PLAN_IDS } from "~/lib/plans";
import { currentAuth, requireUser } from "../auth/middleware";
import { checkCoupon, claimReferral, createCheckout, openPortal, PORTAL_FLOWS, referralOf, type BillingDeps } from "../billing/checkout";
import { notifyBilling } from "../billing/notify-billing";
import { HANDLED_EVENTS, handleStripeEvent } from "../billing/stripe-events";
import { Stripe, stripeFor, webhookCrypto, WEBHOOK_TOLERANCE_SECONDS } from "../billing/stripe-client";
import { database } from "../db/client";
import { misconfigured } from "../lib/config";
import { ApiError } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { fieldErrors, validate } from "../lib/validate";
import { clientIp, limitRequests } from "../middleware/rate-limit";
import { limits } from "../auth/rate-limit";
import type { AppEnv } from "../types";
import { appBaseUrl } from "../lib/app-url";

const billingDeps = (env: Env): BillingDeps => ({
  db: database(env.DB),
  stripe: () => stripeFor(env),
  env,
  appUrl: appBaseUrl(env),
  now: () => new Date(),
});

const couponCode = z.string().trim().regex(COUPON_CODE_PATTERN, "billing:errors.couponFormat");

const checkoutSchema = z
  .object({
    plan: z.enum(PAID_PLAN_IDS, "billing:errors.unknownPlan"),
    coupon: couponCode.optional(),
    /** Visitors only (the checkout of the landing page): where Stripe sends the receipt. */
    email: z.string().trim().max(254).optional(),
  })
  .strict();

/** POST /billing/portal's body is optional (API.md names none); `flow` is decision 0083's addition. */
const portalSchema = z.object({ flow: z.enum(PORTAL_FLOWS).optional() }).strict();

/**
 * The portal request's options: no body is `{}`, the call as it always was. (checkBodies has
 * already answered 415 or 400 invalid_json to a body that is not JSON.)
 */
async function portalOptions(request: HonoRequest): Promise<z.infer<typeof portalSchema>> {
  const text = (await request.text()).trim();
  const result = portalSchema.safeParse(text ? JSON.parse(text) : {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new ApiError("validation_failed", 400, Object.values(fields)[0] ?? "errors:validation_failed", fields);
  }
  return result.data;
}

const EMAIL_REQUIRED = "billing:errors.emailRequired";
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** /api/v1/billing: checkout, customer portal, coupons, referral links and the Stripe webhook. */
export const billingApi = new Hono<AppEnv>()
  .post("/checkout", limitRequests(limits.stripeCallsPerIp, clientIp), validate("json", checkoutSchema), async (c) => {
    const { plan, coupon, email } = c.req.valid("json");
    const auth = c.get("auth");
    const signedIn = auth && !auth.session.pendingSecondFactor ? auth : null;
    if (!signedIn && !(email && looksLikeEmail(email))) {
      throw new ApiError("validation_failed", 400, EMAIL_REQUIRED, { email: EMAIL_REQUIRED });
    }
    const buyer = signedIn ? { user: signedIn.user } : { email: email!.toLowerCase() };
    return c.json({ url: await createCheckout(billingDeps(c.env), buyer, plan, coupon) });
  })

  .post("/portal", requireUser, async (c) => {
    const { user } = currentAuth(c);
    const { flow } = await portalOptions(c.req);
    return c.json({ url: await openPortal(billingDeps(c.env), user.id, flow) });
  })

  .post("/coupon", limitRequests(limits.stripeCallsPerIp, clientIp), validate("json", z.object({ code: couponCode }).strict()), async (c) => {
    const auth = c.get("auth");
    const coupon = await checkCoupon(billingDeps(c.env), c.req.valid("json").code, auth?.user.id ?? null);
    return c.json({ valid: true, code: coupon.code, percentOff: coupon.percentOff });
  })

  .get("/referral", requireUser, async (c) => c.json(await referralOf(billingDeps(c.env), currentAuth(c).user.id)))

  .post("/referral/claim", requireUser, validate("json", z.object({ code: z.string().trim().min(1).max(32) }).strict()), async (c) => {
    await claimReferral(billingDeps(c.env), currentAuth(c).user, c.req.valid("json").code);
    return c.body(null, 204);
  })

  // Stripe → Rumo. Authenticated by the signature over the raw body (no session, no CSRF check).
  .post("/webhook", async (c) => {
    const signature = c.req.header("stripe-signature");
    const secret = c.env.STRIPE_WEBHOOK_SECRET;
    const payload = await c.req.text();
    // No signing secret: nothing can be verified or applied. Stripe retries a 503 later.
    if (!secret) throw misconfigured("STRIPE_WEBHOOK_SECRET");
    if (!signature) throw new ApiError("invalid_signature", 400, "billing:errors.invalidSignature");
    let event;
    try {
      // The signature check needs only the signing secret, not an API client.
      event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS, webhookCrypto);
    } catch (error) {
      log("warn", "stripe_webhook_rejected", { error: (error as Error).message });
      throw new ApiError("invalid_signature", 400, "billing:errors.invalidSignature");
    }
    // A genuine event that needs the API (reading the subscription back) waits for the key.
    if (!c.env.STRIPE_SECRET_KEY) {
      if (!HANDLED_EVENTS.has(event.type)) return c.json({ received: true, outcome: "ignored" });
      throw misconfigured("STRIPE_SECRET_KEY");
    }
    const stripe = stripeFor(c.env);
    const outcome = await handleStripeEvent(
      { db: database(c.env.DB), stripe, env: c.env, notify: notifyBilling, now: () => new Date(), newId },
      event,
    );
    return c.json({ received: true, outcome });
  });
