import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerOf, customerUser, endTrial, sendEvent, setSubscription, stripeControl, stripeEvent } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

/** A subscription as the fake Stripe holds it now (read through its API, like Rumo would). */
async function stripeSubscription(id: string) {
  const response = await fetch(`https://api.stripe.com/v1/subscriptions/${id}`, { headers: { authorization: `Bearer ${FAKE_STRIPE.secretKey}` } });
  return json(response);
}

const userRow = (id: string) => env.DB.prepare("select id, preferences from users where id = ?").bind(id).first<{ id: string; preferences: string }>();

describe("deleting an account with a paid subscription", { timeout: 30_000 }, () => {
  it("cancels the subscription at Stripe at once, without proration, before removing the rows", async () => {
    const { cookie, userId, customerId } = await customerUser("del-paid@example.com");
    await endTrial(userId);
    const sub = await setSubscription({ customer: customerId, status: "active" });
    await sendEvent(stripeEvent("customer.subscription.created", sub));

    const deleted = await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } });
    expect(deleted.status).toBe(204);

    const atStripe = await stripeSubscription(sub.id);
    expect(atStripe.status).toBe("canceled");
    expect(atStripe.cancellation_params).toMatchObject({ prorate: "false", invoice_now: "false" });
    expect(await userRow(userId)).toBeNull();
  });

  it("deletes nothing when Stripe fails, and says so with 503 billing_unavailable", async () => {
    const { cookie, userId, customerId } = await customerUser("del-stripe-down@example.com");
    const sub = await setSubscription({ customer: customerId, status: "trialing" });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    await stripeControl("/fail", { path: `/v1/subscriptions/${sub.id}`, status: 500, times: 2 });

    const refused = await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } });
    expect(refused.status).toBe(503);
    const { error } = await json(refused);
    expect(error).toEqual({
      code: "billing_unavailable",
      message: "Não foi possível contactar o serviço de pagamentos. Nada foi alterado; tente novamente dentro de alguns minutos.",
    });
    expect(await userRow(userId)).not.toBeNull();
    expect(await customerOf(userId)).toBe(customerId);
    expect((await stripeSubscription(sub.id)).status).toBe("trialing");
    expect((await api("/me", { headers: { cookie } })).status).toBe(200);
  });

  it("acknowledges a webhook for the deleted customer afterwards and changes nothing", async () => {
    const { cookie, userId, customerId } = await customerUser("del-late-hook@example.com");
    const sub = await setSubscription({ customer: customerId, status: "active" });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect((await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(204);

    const late = await sendEvent(stripeEvent("customer.subscription.deleted", await stripeSubscription(sub.id)));
    expect(late.status).toBe(200);
    expect((await json(late)).outcome).toBe("ignored");
    expect(await userRow(userId)).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from subscriptions where stripe_customer_id = ?").bind(customerId).first("n")).toBe(0);
  });

  it("never attaches the deleted account's customer to a new account with the same address", async () => {
    const email = "del-comeback@example.com";
    const { cookie, customerId } = await customerUser(email);
    const sub = await setSubscription({ customer: customerId, status: "active" });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect((await api("/me", { method: "DELETE", body: { password: "segredo-123" }, headers: { cookie } })).status).toBe(204);

    await signUpAndLogIn(email); // the same person (or someone else) signs up again and confirms
    const late = await sendEvent(stripeEvent("customer.subscription.deleted", await stripeSubscription(sub.id)));
    expect((await json(late)).outcome).toBe("ignored");
    expect(await env.DB.prepare("select count(*) as n from subscriptions where stripe_customer_id = ?").bind(customerId).first("n")).toBe(0);
  });
});

describe("PATCH /me preferences", { timeout: 30_000 }, () => {
  const patch = (cookie: string, preferences: unknown) => api("/me", { method: "PATCH", body: { preferences }, headers: { cookie } });

  it("stores known, bounded preferences and removes one with null", async () => {
    const cookie = await signUpAndLogIn("prefs-ok@example.com");
    const { user } = await json(await api("/me", { headers: { cookie } }));
    expect((await patch(cookie, { completedGuides: ["inicio", "tarefas"], workingHours: { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5] } })).status).toBe(200);
    expect(JSON.parse((await userRow(user.id))!.preferences)).toEqual({
      completedGuides: ["inicio", "tarefas"],
      workingHours: { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5] },
    });
    expect((await patch(cookie, { workingHours: null })).status).toBe(200);
    expect(JSON.parse((await userRow(user.id))!.preferences)).toEqual({ completedGuides: ["inicio", "tarefas"] });
  });

  it("adds finished tours to the stored ones: a tour finished in another tab is not forgotten", async () => {
    const cookie = await signUpAndLogIn("prefs-tours@example.com");
    const { user } = await json(await api("/me", { headers: { cookie } }));
    // Tab A finished "tarefas", tab B (loaded before it) finishes "financas" and sends only what it knew.
    expect((await patch(cookie, { completedGuides: ["inicio", "tarefas"] })).status).toBe(200);
    expect((await patch(cookie, { completedGuides: ["inicio", "financas"] })).status).toBe(200);
    expect(JSON.parse((await userRow(user.id))!.preferences).completedGuides).toEqual(["inicio", "tarefas", "financas"]);
    // null still forgets them all (every tour plays again).
    expect((await patch(cookie, { completedGuides: null })).status).toBe(200);
    expect(JSON.parse((await userRow(user.id))!.preferences)).toEqual({});
  });

  it("refuses big, deep or unknown preferences with 400 and field messages, leaving the row unchanged", async () => {
    const cookie = await signUpAndLogIn("prefs-bad@example.com");
    const { user } = await json(await api("/me", { headers: { cookie } }));
    expect((await patch(cookie, { completedGuides: ["inicio"] })).status).toBe(200);
    const before = (await userRow(user.id))!.preferences;

    let deep: unknown = "fundo";
    for (let i = 0; i < 500; i++) deep = { x: deep };
    const cases: [unknown, string][] = [
      [{ completedGuides: Array.from({ length: 5000 }, (_, i) => `guia-${i}`) }, "preferences.completedGuides"],
      [{ completedGuides: ["x".repeat(10_000)] }, "preferences.completedGuides.0"],
      [{ deep }, "preferences"],
      [{ anything: "x".repeat(15_000) }, "preferences"],
      [{ workingHours: { start: "25:00", end: "18:00" } }, "preferences.workingHours.start"],
    ];
    for (const [preferences, field] of cases) {
      const response = await patch(cookie, preferences);
      expect(response.status, field).toBe(400);
      const { error } = await json(response);
      expect(error.code).toBe("validation_failed");
      expect(Object.keys(error.fields), field).toContain(field);
    }
    // Many patches of new keys used to grow the row without bound: each is refused now.
    for (let i = 0; i < 5; i++) expect((await patch(cookie, { [`k${i}`]: "y".repeat(10_000) })).status).toBe(400);
    expect((await userRow(user.id))!.preferences).toBe(before);
  });
});
