import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { app } from "@worker/app";
import { open, seal } from "@worker/lib/secret-box";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { sendEvent, stripeEvent } from "./billing-helpers";

/** The whole Worker with some settings changed (as another deployment would have them). */
async function call(url: string, init: RequestInit, overrides: Partial<Env>) {
  const ctx = createExecutionContext();
  const response = await app.request(url, init, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const json = (body: unknown, origin: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin, "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}` },
  body: JSON.stringify(body),
});

/** Logs are JSON lines: the ones with msg service_misconfigured, parsed. */
function misconfiguredLogs(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map(([line]) => (typeof line === "string" && line.startsWith("{") ? JSON.parse(line) : null))
    .filter((entry) => entry?.msg === "service_misconfigured");
}

describe("production without its secrets fails closed", { timeout: 30_000 }, () => {
  it("a password reset without EMAIL_API_KEY answers 503 service_misconfigured, logs the setting and keeps no mail in D1", async () => {
    const spy = vi.spyOn(console, "error");
    const email = "fc-reset@example.com";
    const response = await call("https://rumo.app/api/v1/auth/password-reset", json({ email }, "https://rumo.app"), {
      ENVIRONMENT: "production",
      APP_URL: "https://rumo.app",
      EMAIL_API_KEY: undefined,
    });
    expect(response.status).toBe(503);
    expect((await response.json<{ error: unknown }>()).error).toEqual({
      code: "service_misconfigured",
      message: "Serviço temporariamente indisponível: a configuração do servidor está incompleta.",
    });
    expect(misconfiguredLogs(spy)).toContainEqual(expect.objectContaining({ setting: "EMAIL_API_KEY" }));
    expect(await env.DB.prepare('select count(*) as n from mail_outbox where "to" = ?').bind(email).first("n")).toBe(0);
    spy.mockRestore();
  });

  it("the wrangler default ENVIRONMENT=development on a public host counts as production", async () => {
    const response = await call("https://rumo.example.org/api/v1/auth/signup", json({ fullName: "X", email: "fc-signup@example.com", password: "segredo-123", confirmPassword: "segredo-123" }, "https://rumo.example.org"), {
      ENVIRONMENT: "development",
      APP_URL: "https://rumo.example.org",
      EMAIL_API_KEY: undefined,
    });
    expect(response.status).toBe(503);
    expect(await env.DB.prepare("select count(*) as n from users where email = ?").bind("fc-signup@example.com").first("n")).toBe(0);
    // Local development keeps working with no setup: the same sign-up on localhost goes to the outbox.
    const local = await call("http://localhost/api/v1/auth/signup", json({ fullName: "X", email: "fc-local@example.com", password: "segredo-123", confirmPassword: "segredo-123" }, "http://localhost"), {
      ENVIRONMENT: "development",
      EMAIL_API_KEY: undefined,
    });
    expect(local.status).toBe(201);
  });

  it("secrets are sealed with the committed development key only in development, never in production", async () => {
    const sealed = await seal({ ENVIRONMENT: "development", ENCRYPTION_KEY: undefined }, "segredo");
    expect(await open({ ENVIRONMENT: "development", ENCRYPTION_KEY: undefined }, sealed)).toBe("segredo");
    const spy = vi.spyOn(console, "error");
    await expect(seal({ ENVIRONMENT: "production", ENCRYPTION_KEY: undefined }, "segredo")).rejects.toMatchObject({ code: "service_misconfigured", status: 503 });
    await expect(open({ ENVIRONMENT: "production", ENCRYPTION_KEY: undefined }, sealed)).rejects.toMatchObject({ code: "service_misconfigured", status: 503 });
    expect(misconfiguredLogs(spy)).toContainEqual(expect.objectContaining({ setting: "ENCRYPTION_KEY" }));
    spy.mockRestore();
  });
});

describe("the Stripe webhook without the API key", { timeout: 30_000 }, () => {
  const hook = (event: unknown, signature: string | null, overrides: Partial<Env>) =>
    call("http://localhost/api/v1/billing/webhook", { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) }, body: JSON.stringify(event) }, overrides);

  async function signed(event: unknown) {
    // sendEvent signs exactly like Stripe; reuse its header through a captured request.
    const { default: Stripe } = await import("stripe");
    const payload = JSON.stringify(event);
    return new Stripe("sk_unused", { httpClient: Stripe.createFetchHttpClient() }).webhooks.generateTestHeaderStringAsync({
      payload,
      secret: FAKE_STRIPE.webhookSecret,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
  }

  it("still refuses a bad signature with 400, and acknowledges an event it does not act on", async () => {
    const noKey = { STRIPE_SECRET_KEY: undefined };
    const event = stripeEvent("customer.created", { id: "cus_x", object: "customer" });
    const bad = await hook(event, "t=1,v1=deadbeef", noKey);
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string } }>()).error.code).toBe("invalid_signature");
    const ignored = await hook(event, await signed(event), noKey);
    expect(ignored.status).toBe(200);
  });

  it("answers 503 to a genuine event it cannot apply yet (Stripe retries), and 503 when billing is not configured at all", async () => {
    const event = stripeEvent("customer.subscription.updated", { id: "sub_x", object: "subscription", customer: "cus_nokey" });
    const waiting = await hook(event, await signed(event), { STRIPE_SECRET_KEY: undefined });
    expect(waiting.status).toBe(503);
    expect((await waiting.json<{ error: { code: string } }>()).error.code).toBe("service_misconfigured");
    const unconfigured = await hook(event, await signed(event), { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
    expect(unconfigured.status).toBe(503);
    // With everything configured the same delivery is fine.
    expect((await sendEvent(event)).status).toBe(200);
  });
});
