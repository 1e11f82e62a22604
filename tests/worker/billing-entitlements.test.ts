import { createExecutionContext, env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loadSession } from "@worker/auth/middleware";
import { premiumGuard, requireEntitlement } from "@worker/billing/entitlements";
import { PREMIUM_ROUTES, type PremiumRoute } from "@worker/billing/premium-routes";
import { BODY_RULES } from "@worker/api";
import { handleError } from "@worker/lib/errors";
import { bodyRuleFor } from "@worker/middleware/body";
import type { AppEnv } from "@worker/types";
import { FAKE_STRIPE } from "../fixtures/fake-stripe";
import { customerUser, endTrial, sendEvent, setSubscription, stripeEvent, userIdOf } from "./billing-helpers";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

const PREMIUM_MESSAGE = "Funcionalidade Premium - disponível apenas para utilizadores Premium";
const concrete = (path: string) => path.replace(/:[^/]+/g, "x1");

/**
 * A premium route registered by the test on a real route of the API (POST /feedback), so the
 * central guard in worker/api/index.ts is exercised for real while the registry has no module
 * rows: removing the guard, or its use of the registry, makes this fail.
 */
const TEST_ROUTE: PremiumRoute = { method: "POST", path: "/feedback", entitlement: "diary" };
const BODIES: Record<string, unknown> = { "/feedback": { message: "nota premium" } };

async function withTestRoute(run: (routes: readonly PremiumRoute[]) => Promise<void>) {
  const registry = PREMIUM_ROUTES as PremiumRoute[];
  registry.push(TEST_ROUTE);
  try {
    await run([...registry]);
  } finally {
    registry.splice(registry.indexOf(TEST_ROUTE), 1);
  }
}

describe("the premium route registry", { timeout: 60_000 }, () => {
  it("every listed premium route answers 402 for a Free user after the trial, and passes the guard during the trial and on Pro", async () => {
    const trialCookie = await signUpAndLogIn("ent-trial@example.com");
    const freeCookie = await signUpAndLogIn("ent-free@example.com");
    await endTrial(await userIdOf("ent-free@example.com"));
    const pro = await customerUser("ent-pro@example.com");
    await endTrial(pro.userId);
    await sendEvent(stripeEvent("customer.subscription.created", await setSubscription({ customer: pro.customerId, status: "active" })));

    await withTestRoute(async (routes) => {
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        // A body of the media type the route takes (its rule's, else JSON), so only the plan can refuse it.
        const rule = bodyRuleFor(BODY_RULES, route.method, concrete(route.path));
        const type = rule && rule.mediaTypes !== "any" ? rule.mediaTypes[0] : "application/json";
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : type === "application/json" ? (BODIES[route.path] ?? {}) : "a";
        const typed = (cookie: string) => ({ cookie, ...(body === undefined ? {} : { "content-type": type }) });
        const free = await api(concrete(route.path), { method: route.method, body, headers: typed(freeCookie) });
        expect(free.status, `${route.method} ${route.path}`).toBe(402);
        expect((await json(free)).error).toMatchObject({ code: "premium_required", message: PREMIUM_MESSAGE });
        // HEAD runs the GET handler (Hono): the guard must treat it as the GET it is.
        if (route.method === "GET") expect((await api(concrete(route.path), { method: "HEAD", headers: { cookie: freeCookie } })).status, `HEAD ${route.path}`).toBe(402);
        for (const cookie of [trialCookie, pro.cookie]) {
          const allowed = await api(concrete(route.path), { method: route.method, body, headers: typed(cookie) });
          expect(allowed.status, `${route.method} ${route.path}`).not.toBe(402);
          if (route === TEST_ROUTE) expect(allowed.status).toBe(201);
        }
      }
    });
    // The Free user's refused write changed nothing.
    expect(await env.DB.prepare("select count(*) as n from feedback where user_id = ?").bind(await userIdOf("ent-free@example.com")).first("n")).toBe(0);
    // Own-item reads and the export are never listed (only paid reads, marked): a downgraded account keeps its data.
    expect(PREMIUM_ROUTES.filter((r) => r.method === "GET" && !r.paidRead)).toEqual([]);
    // And the account's own routes stay open for a Free user.
    expect((await api("/me", { headers: { cookie: freeCookie } })).status).toBe(200);
    expect((await api("/me/export", { headers: { cookie: freeCookie } })).status).toBe(200);
  });
});

describe("the entitlement guard", () => {
  // A probe API with the production guards over sample routes (the real registry has no rows yet).
  const sample: PremiumRoute[] = [
    { method: "POST", path: "/diary", entitlement: "diary" },
    { method: "PATCH", path: "/diary/:id", entitlement: "diary" },
    { method: "POST", path: "/assistant/messages", entitlement: "assistant" },
  ];
  const probe = new Hono<AppEnv>()
    .onError(handleError)
    .use("*", loadSession)
    .use("*", premiumGuard(sample, ""))
    .post("/diary", (c) => c.json({ ok: true }))
    .patch("/diary/:id", (c) => c.json({ ok: true }))
    .get("/diary", (c) => c.json({ items: [] }))
    .post("/assistant/messages", (c) => c.json({ ok: true }))
    .post("/insights", requireEntitlement("aiInsights"), (c) => c.json({ ok: true }));
  const call = (method: string, path: string, cookie?: string) =>
    probe.request(`${ORIGIN}${path}`, { method, headers: cookie ? { cookie } : {} }, env, createExecutionContext());

  it("lets a trial user through, answers 402 to a Free user, keeps reads open and 401 for visitors", async () => {
    const trial = await signUpAndLogIn("guard-trial@example.com");
    const free = await signUpAndLogIn("guard-free@example.com");
    await endTrial(await userIdOf("guard-free@example.com"));

    for (const [method, path] of [["POST", "/diary"], ["PATCH", "/diary/abc"], ["POST", "/assistant/messages"], ["POST", "/insights"]]) {
      expect((await call(method, path, trial)).status, path).toBe(200);
      const refused = await call(method, path, free);
      expect(refused.status, path).toBe(402);
      expect((await json(refused)).error).toEqual({ code: "premium_required", message: PREMIUM_MESSAGE });
    }
    expect((await call("GET", "/diary", free)).status).toBe(200);
    expect((await call("POST", "/diary")).status).toBe(401);
  });

  it("follows the plan: Light writes the diary but not the assistant; a cancelled plan falls back to Free", async () => {
    const { cookie, userId, customerId } = await customerUser("guard-light@example.com", "light");
    await endTrial(userId);
    const sub = await setSubscription({ customer: customerId, status: "active", price: FAKE_STRIPE.prices.light });
    await sendEvent(stripeEvent("customer.subscription.created", sub));
    expect((await call("POST", "/diary", cookie)).status).toBe(200);
    expect((await call("POST", "/assistant/messages", cookie)).status).toBe(402);

    const canceled = await setSubscription({ id: sub.id, customer: customerId, status: "canceled" });
    await sendEvent(stripeEvent("customer.subscription.deleted", canceled));
    expect((await call("POST", "/diary", cookie)).status).toBe(402);
    expect((await call("GET", "/diary", cookie)).status).toBe(200);
  });
});
