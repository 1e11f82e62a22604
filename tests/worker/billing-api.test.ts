import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, endTrial, me, sendEvent, setSubscription, stripeControl, stripeEvent, userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

const sessionIdOf = (url: string) => url.split("/").pop()!;

describe("POST /billing/checkout", () => {
  it("opens a Stripe Checkout for the user's plan, continuing the trial without charging before it ends", async () => {
    const { userId, customerId, checkoutUrl } = await customerUser("co-pro@example.com");
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = await stripeControl(`/checkout-sessions/${sessionIdOf(checkoutUrl)}`);
    expect(session).toMatchObject({
      mode: "subscription",
      customer: customerId,
      client_reference_id: userId,
      line_items: [{ price: FAKE_STRIPE.prices.pro, quantity: "1" }],
      success_url: "http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/payment-cancel",
      metadata: { plan: "pro", userId },
      subscription_data: { metadata: { userId } },
    });
    const trialEnd = Number(session.subscription_data.trial_end);
    expect(trialEnd * 1000 - Date.now()).toBeGreaterThan(13 * 86_400_000);
  });

  it("reuses the user's Stripe customer, and refuses a second subscription while one is live", async () => {
    const { cookie, userId, customerId } = await customerUser("co-again@example.com", "light");
    const again = await api("/billing/checkout", { body: { plan: "pro" }, headers: { cookie } });
    const session = await stripeControl(`/checkout-sessions/${sessionIdOf((await json(again)).url)}`);
    expect(session.customer).toBe(customerId);
    expect(session.subscription_data.trial_end).toBeDefined();

    await endTrial(userId);
    const sub = await setSubscription({ customer: customerId, status: "active", price: FAKE_STRIPE.prices.light });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    const third = await api("/billing/checkout", { body: { plan: "pro" }, headers: { cookie } });
    expect(third.status).toBe(409);
    expect((await json(third)).error.code).toBe("already_subscribed");
  });

  it("answers an unknown plan or a malformed coupon with 400", async () => {
    const cookie = await signUpAndLogIn("co-bad@example.com");
    for (const body of [{ plan: "gold" }, { plan: "free" }, {}, { plan: "pro", coupon: "x" }, { plan: "pro", coupon: "<script>" }, { plan: "pro", coupon: 10 }]) {
      const response = await api("/billing/checkout", { body, headers: { cookie } });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.code).toBe("validation_failed");
    }
    const unknownPlan = await json(await api("/billing/checkout", { body: { plan: "gold" }, headers: { cookie } }));
    expect(unknownPlan.error.fields.plan).toBe("Plano desconhecido.");
  });

  it("asks a visitor for a valid e-mail, then opens Checkout for that address", async () => {
    for (const body of [{ plan: "pro" }, { plan: "pro", email: "" }, { plan: "pro", email: "sem-arroba" }]) {
      const response = await api("/billing/checkout", { body });
      expect(response.status).toBe(400);
      const { error } = await json(response);
      expect(error.message).toBe("Email obrigatório – Por favor, insira um email válido para continuar.");
      expect(error.fields.email).toBe("Email obrigatório – Por favor, insira um email válido para continuar.");
    }
    const ok = await api("/billing/checkout", { body: { plan: "light", email: "Visitante@Example.com" } });
    expect(ok.status).toBe(200);
    const session = await stripeControl(`/checkout-sessions/${sessionIdOf((await json(ok)).url)}`);
    expect(session).toMatchObject({ customer_email: "visitante@example.com", line_items: [{ price: FAKE_STRIPE.prices.light }] });
  });

  it("opens a visitor's Checkout for a subscriber's address too: it never tells whether an address pays", async () => {
    const { userId, customerId } = await customerUser("co-subscriber@example.com");
    await endTrial(userId);
    await sendEvent(stripeEvent("customer.subscription.created", await setSubscription({ customer: customerId, status: "active" })));
    const visitor = await api("/billing/checkout", { body: { plan: "light", email: "co-subscriber@example.com" } });
    expect(visitor.status).toBe(200);
    // What protects the subscriber is the webhook: the purchase is not linked to their account (0008).
    const session = await stripeControl(`/checkout-sessions/${sessionIdOf((await json(visitor)).url)}`);
    expect(session.customer_email).toBe("co-subscriber@example.com");
    expect(session.metadata.userId).toBeUndefined();
  });

  it("reports a Stripe failure with the specification's message (502, never a crash)", async () => {
    const cookie = await signUpAndLogIn("co-fail@example.com");
    await stripeControl("/fail", { path: "/v1/checkout/sessions", status: 500 });
    const response = await api("/billing/checkout", { body: { plan: "pro" }, headers: { cookie } });
    expect(response.status).toBe(502);
    expect(await json(response)).toMatchObject({ error: { code: "checkout_failed", message: "Erro ao criar sessão de pagamento. Tente novamente." } });
  });
});

describe("coupons", () => {
  it("BEMVINDO10: valid, then invalid / expired / already used with the specification's messages", async () => {
    const { cookie, userId, customerId } = await customerUser("cp-user@example.com");
    const check = (code: unknown) => api("/billing/coupon", { body: { code }, headers: { cookie } });

    expect(await json(await check("bemvindo10"))).toEqual({ valid: true, code: "BEMVINDO10", percentOff: 10 });
    const invalid = await check("NAOEXISTE");
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toMatchObject({ error: { code: "coupon_invalid", message: "Cupão inválido" } });
    for (const bad of ["", "a", "x".repeat(40), "BEM VINDO", 10]) expect((await check(bad)).status).toBe(400);

    // Expiry lives in Stripe (redeem_by passed → valid: false).
    await stripeControl("/coupons", { id: "BEMVINDO10", valid: false });
    try {
      expect(await json(await check("BEMVINDO10"))).toMatchObject({ error: { code: "coupon_expired", message: "Cupão expirado" } });
    } finally {
      await stripeControl("/coupons", { id: "BEMVINDO10", valid: true });
    }

    // Checkout with the coupon applies it at Stripe for the first month only.
    const checkout = await api("/billing/checkout", { body: { plan: "pro", coupon: "BEMVINDO10" }, headers: { cookie } });
    const session = await stripeControl(`/checkout-sessions/${sessionIdOf((await json(checkout)).url)}`);
    expect(session.discounts).toEqual([{ coupon: "BEMVINDO10" }]);
    expect(session.metadata.coupon).toBe("BEMVINDO10");

    // The completed checkout consumes it, once per account (a replay changes nothing).
    await setSubscription({ customer: customerId, status: "active" });
    const completed = stripeEvent("checkout.session.completed", { id: session.id, object: "checkout.session", customer: customerId, client_reference_id: userId, metadata: session.metadata });
    await sendEvent(completed);
    await sendEvent(completed);
    expect((await env.DB.prepare("select count(*) as n from coupon_redemptions where user_id = ?").bind(userId).first<{ n: number }>())!.n).toBe(1);
    const used = await check("BEMVINDO10");
    expect(used.status).toBe(409);
    expect(await json(used)).toMatchObject({ error: { code: "coupon_already_used", message: "Cupão já utilizado" } });
    expect((await api("/billing/checkout", { body: { plan: "pro", coupon: "BEMVINDO10" }, headers: { cookie } })).status).toBe(409);
  });

  it("answers in English for an English user", async () => {
    const cookie = await signUpAndLogIn("cp-en@example.com");
    await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } });
    expect((await json(await api("/billing/coupon", { body: { code: "NOPE10" }, headers: { cookie } }))).error.message).toBe("Invalid coupon");
  });
});

describe("POST /billing/portal", () => {
  it("opens the customer portal, and says why when it cannot", async () => {
    const fresh = await signUpAndLogIn("pt-none@example.com");
    const none = await api("/billing/portal", { method: "POST", headers: { cookie: fresh } });
    expect(none.status).toBe(409);
    expect((await json(none)).error.message).toBe("Não foi possível obter o link do portal");

    const { cookie } = await customerUser("pt-user@example.com");
    const ok = await api("/billing/portal", { method: "POST", headers: { cookie } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);

    await stripeControl("/fail", { path: "/v1/billing_portal/sessions", status: 500 });
    const failed = await api("/billing/portal", { method: "POST", headers: { cookie } });
    expect(failed.status).toBe(502);
    expect((await json(failed)).error.message).toBe("Erro ao abrir o portal do cliente");

    expect((await api("/billing/portal", { method: "POST" })).status).toBe(401);
  });
});

describe("referrals", () => {
  const bonusUntil = async (userId: string) => (await env.DB.prepare("select bonus_pro_until as b from users where id = ?").bind(userId).first<{ b: number | null }>())!.b;
  const payInvoice = (customer: string, id: string) =>
    sendEvent(stripeEvent("invoice.paid", { id, object: "invoice", customer, amount_paid: 899, amount_due: 899 }), {});

  it("two referred accounts paying their first invoice give the referrer one free Pro month, exactly once", async () => {
    const referrerCookie = await signUpAndLogIn("ref-owner@example.com");
    const referrerId = await userIdOf("ref-owner@example.com");
    const link = await json(await api("/billing/referral", { headers: { cookie: referrerCookie } }));
    expect(link).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{8}$/), joined: 0, paid: 0, rewardedReferrals: 0 });
    expect(link.url).toBe(`http://localhost/auth?ref=${link.code}`);
    expect((await json(await api("/billing/referral", { headers: { cookie: referrerCookie } }))).code).toBe(link.code);
    expect((await api("/billing/referral/claim", { body: { code: link.code }, headers: { cookie: referrerCookie } })).status).toBe(400);

    const friends = [];
    for (const name of ["a", "b", "c"]) {
      const friend = await customerUser(`ref-friend-${name}@example.com`);
      expect((await api("/billing/referral/claim", { body: { code: link.code.toLowerCase() }, headers: { cookie: friend.cookie } })).status).toBe(204);
      await setSubscription({ customer: friend.customerId, status: "active" });
      friends.push(friend);
    }
    expect((await api("/billing/referral/claim", { body: { code: link.code }, headers: { cookie: friends[0].cookie } })).status).toBe(409);
    expect((await api("/billing/referral/claim", { body: { code: "ZZZZZZZZ" }, headers: { cookie: friends[0].cookie } })).status).toBe(400);
    await endTrial(referrerId);

    // First friend pays: no reward yet. A zero invoice (trial) does not count.
    await sendEvent(stripeEvent("invoice.paid", { id: "in_ref_zero", object: "invoice", customer: friends[0].customerId, amount_paid: 0, amount_due: 0 }));
    await payInvoice(friends[0].customerId, "in_ref_a1");
    expect(await bonusUntil(referrerId)).toBeNull();
    // The same friend paying again is still one referral.
    await payInvoice(friends[0].customerId, "in_ref_a2");
    expect(await bonusUntil(referrerId)).toBeNull();

    // Second friend pays: one free Pro month.
    const second = stripeEvent("invoice.paid", { id: "in_ref_b1", object: "invoice", customer: friends[1].customerId, amount_paid: 899, amount_due: 899 });
    await sendEvent(second);
    const granted = (await bonusUntil(referrerId))!;
    expect(granted - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(granted - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    const body = await me(referrerCookie);
    expect(body.subscription).toMatchObject({ tier: "pro", subscribed: false, isTrialActive: false, subscriptionEnd: new Date(granted).toISOString() });
    expect(body.entitlements).toContain("assistant");

    // Replays and later invoices of the same two friends never grant again; a third paying friend alone does not either.
    await sendEvent(second);
    await payInvoice(friends[1].customerId, "in_ref_b2");
    await payInvoice(friends[2].customerId, "in_ref_c1");
    expect(await bonusUntil(referrerId)).toBe(granted);
    expect(await json(await api("/billing/referral", { headers: { cookie: referrerCookie } }))).toMatchObject({ joined: 3, paid: 3, rewardedReferrals: 2 });
  });
});
