import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { app } from "@worker/app";
import { limits, rateLimiter, type Limit, type LimiterStore } from "@worker/auth/rate-limit";
import { Hono } from "hono";
import { handleError } from "@worker/lib/errors";
import { addressBurst } from "@worker/middleware/rate-limit";
import type { AppEnv } from "@worker/types";
import { api, freshIp, json, signUpAndLogIn } from "./helpers";

const limit: Limit = { name: "test", max: 3, windowMs: 60_000 };

/** A store whose every call fails, as a Durable Object outage or overload would. */
const brokenStore = {
  idFromName: () => {
    throw new Error("limiter store unavailable");
  },
  get: () => {
    throw new Error("limiter store unavailable");
  },
} as unknown as LimiterStore;

const limiterLogs = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([line]) => (typeof line === "string" && line.startsWith("{") ? JSON.parse(line) : null)).filter((e) => e?.msg === "rate_limiter_failed");

describe("the rate limiter (Durable Object counters)", { timeout: 60_000 }, () => {
  it("blocks after max hits with the seconds left, and lets through again when the window ends", async () => {
    const clock = { now: Date.now() };
    const limiter = rateLimiter(env.RATE_LIMITER, () => clock.now);
    const subject = `ana-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect(await limiter.blocked(limit, subject.toUpperCase())).toBeNull();
      await limiter.hit(limit, subject);
    }
    expect(await limiter.blocked(limit, subject)).toBe(60);
    clock.now += 45_000;
    expect(await limiter.blocked(limit, subject)).toBe(15);
    clock.now += 16_000;
    expect(await limiter.blocked(limit, subject)).toBeNull();
  });

  it("counts every one of a burst of concurrent hits, and clears a subject", async () => {
    const limiter = rateLimiter(env.RATE_LIMITER);
    const subject = `burst-${crypto.randomUUID()}`;
    const many: Limit = { name: "burst", max: 40, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 40 }, () => limiter.hit(many, subject)));
    expect(await limiter.blocked(many, subject)).toBeGreaterThan(0);
    await limiter.clear(many, subject);
    expect(await limiter.blocked(many, subject)).toBeNull();
  });

  it("takes at most max of a concurrent burst, counting each one taken and none refused", async () => {
    const clock = { now: Date.now() };
    const limiter = rateLimiter(env.RATE_LIMITER, () => clock.now);
    const subject = `take-${crypto.randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => limiter.take(limit, subject)));
    expect(answers.filter((a) => a === null)).toHaveLength(limit.max);
    expect(answers.filter((a) => a === 60)).toHaveLength(20 - limit.max);
    clock.now += 45_000;
    expect(await limiter.take(limit, subject)).toBe(15);
    await limiter.clear(limit, subject);
    expect(await limiter.take(limit, subject)).toBeNull();
    expect(await limiter.blocked(limit, subject)).toBeNull();
  });

  it("never throws when the store fails: open limits let through, security limits refuse, both logged", async () => {
    const spy = vi.spyOn(console, "error");
    const limiter = rateLimiter(brokenStore);
    expect(await limiter.blocked(limits.signupPerIp, "1.2.3.4")).toBeNull();
    expect(await limiter.blocked(limits.loginFailuresPerAccount, "ana@example.com")).toBe(60);
    expect(await limiter.take(limits.signupPerIp, "1.2.3.4")).toBeNull();
    expect(await limiter.take(limits.secondFactorPerAccount, "user-1")).toBe(60);
    await expect(limiter.hit(limits.signupPerIp, "1.2.3.4")).resolves.toBeUndefined();
    await expect(limiter.clear(limits.loginFailuresPerAccount, "ana@example.com")).resolves.toBeUndefined();
    expect(limiterLogs(spy)).toContainEqual(expect.objectContaining({ operation: "blocked", limit: "signup-ip", failClosed: false }));
    spy.mockRestore();
  });
});

describe("limits under load", { timeout: 120_000 }, () => {
  it("a burst of concurrent wrong sign-ins never yields a 5xx, and the account limit still trips (429 with Retry-After)", async () => {
    const email = `burst-${Date.now()}@example.com`;
    await signUpAndLogIn(email);
    const ip = freshIp();
    const attempt = (password: string) => api("/auth/login", { body: { email, password }, headers: { "cf-connecting-ip": ip } });
    const burst = await Promise.all(Array.from({ length: 12 }, () => attempt("errada-123")));
    for (const response of burst) expect(response.status).toBeLessThan(500);
    // Each attempt is counted before its password is checked: at most max of the burst are checked.
    expect(burst.filter((r) => r.status === 401)).toHaveLength(limits.loginFailuresPerAccount.max);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - limits.loginFailuresPerAccount.max);

    const after = await attempt("segredo-123");
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(0);
    // The sign-in catalogue's code (API.md), with its spec text.
    expect((await json(after)).error).toEqual({ code: "too_many_requests", message: "Muitas tentativas de login. Tente novamente mais tarde" });
  });

  it("a limiter that throws does not produce a 5xx through the Worker", async () => {
    const spy = vi.spyOn(console, "error");
    const call = async (path: string, body: unknown) => {
      const ctx = createExecutionContext();
      const response = await app.request(
        `http://localhost/api/v1${path}`,
        { method: "POST", headers: { "content-type": "application/json", origin: "http://localhost", "cf-connecting-ip": freshIp() }, body: JSON.stringify(body) },
        { ...env, RATE_LIMITER: brokenStore },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    const email = `broken-limiter-${Date.now()}@example.com`;
    // Fail open: the sign-up goes through.
    expect((await call("/auth/signup", { fullName: "Ana", email, password: "segredo-123", confirmPassword: "segredo-123" })).status).toBe(201);
    // Fail closed: a password guess is refused with 429, never a 500.
    const login = await call("/auth/login", { email, password: "segredo-123" });
    expect(login.status).toBe(429);
    expect(login.headers.get("retry-after")).toBe("60");
    expect((await call("/billing/coupon", { code: "ZZZZ99" })).status).toBe(400);
    expect(limiterLogs(spy).length).toBeGreaterThan(0);
    spy.mockRestore();
  });
});

describe("limits on anonymous and e-mail-sending endpoints", { timeout: 120_000 }, () => {
  const expectLimited = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(response)).error).toEqual({ code: "rate_limited", message: "Muitas tentativas. Tente novamente mais tarde" });
  };

  it("coupon checks and checkouts, which call Stripe, are limited per client address", async () => {
    // The address by x-forwarded-for: without cf-connecting-ip the burst guard stays out of the way.
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const ip = freshIp();
    for (let i = 0; i < limits.stripeCallsPerIp.max; i++) {
      expect((await api("/billing/coupon", { body: { code: "ZZZZ99" }, headers: from(ip) })).status).toBe(400);
    }
    await expectLimited(await api("/billing/coupon", { body: { code: "BEMVINDO10" }, headers: from(ip) }));
    await expectLimited(await api("/billing/checkout", { body: { plan: "pro", email: "visita@example.com" }, headers: from(ip) }));
    // Another address is not affected.
    expect((await api("/billing/coupon", { body: { code: "BEMVINDO10" }, headers: from(freshIp()) })).status).toBe(200);
  });

  it("feedback is limited per account", async () => {
    const cookie = await signUpAndLogIn(`feedback-limit-${Date.now()}@example.com`);
    for (let i = 0; i < limits.feedbackPerAccount.max; i++) {
      expect((await api("/feedback", { body: { message: `nota ${i}` }, headers: { cookie } })).status).toBe(201);
    }
    const refused = await api("/feedback", { body: { message: "mais uma" }, headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The spec's failure text of the feedback form.
    expect((await json(refused)).error).toEqual({ code: "rate_limited", message: "Erro ao enviar feedback – Tente novamente mais tarde." });
    expect(await env.DB.prepare("select count(*) as n from feedback where message = 'mais uma'").first("n")).toBe(0);
  });

  it("a concurrent burst of feedback from one account gets at most the limit through (one atomic take per request)", async () => {
    const cookie = await signUpAndLogIn(`feedback-burst-${Date.now()}@example.com`);
    const tag = `rajada-${crypto.randomUUID()}`;
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => api("/feedback", { body: { message: `${tag} ${i}` }, headers: { cookie } })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(limits.feedbackPerAccount.max);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(25 - limits.feedbackPerAccount.max);
    expect(await env.DB.prepare("select count(*) as n from feedback where message like ?").bind(`${tag} %`).first("n")).toBe(limits.feedbackPerAccount.max);
  });

  it("a concurrent burst of reset requests for one address sends at most the limit of e-mails", async () => {
    const email = `reset-burst-${Date.now()}@example.com`;
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 12 }, () => api("/auth/password-reset", { body: { email }, headers: { "x-forwarded-for": ip } })));
    for (const r of burst) expect([204, 429]).toContain(r.status);
    expect(burst.filter((r) => r.status === 204)).toHaveLength(limits.resetPerAccount.max);
  });

  it("a concurrent burst of sign-ups from one address creates at most the limit of accounts", async () => {
    const ip = freshIp();
    const stamp = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        api("/auth/signup", { body: { fullName: "Ana", email: `signup-burst-${stamp}-${i}@example.com`, password: "segredo-123", confirmPassword: "segredo-123" }, headers: { "x-forwarded-for": ip } }),
      ),
    );
    for (const r of burst) expect([201, 429]).toContain(r.status);
    expect(burst.filter((r) => r.status === 201)).toHaveLength(limits.signupPerIp.max);
  });

  it("resending confirmations is limited per client address as well as per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < limits.resendPerIp.max; i++) {
      expect((await api("/auth/resend-confirmation", { body: { email: `spray-${i}-${Date.now()}@example.com` }, headers: { "cf-connecting-ip": ip } })).status).toBe(204);
    }
    await expectLimited(await api("/auth/resend-confirmation", { body: { email: `spray-last-${Date.now()}@example.com` }, headers: { "cf-connecting-ip": ip } }));
  });
});

describe("the per-address burst guard (Workers rate-limiting binding)", { timeout: 60_000 }, () => {
  const probe = new Hono<AppEnv>().onError(handleError).use("*", addressBurst).post("/x", (c) => c.json({ ok: true }));
  const post = (ip: string, bindings: Partial<Env> = {}) =>
    probe.request("http://localhost/x", { method: "POST", headers: { "cf-connecting-ip": ip } }, { ...env, ...bindings }, createExecutionContext());

  it("answers 429 with Retry-After once one address bursts past the binding's limit, other addresses unaffected", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await post(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect((await post(freshIp())).status).toBe(200);
  });

  it("refuses a burst of sign-ins and sign-ups in the words the spec gives them", async () => {
    const routes = new Hono<AppEnv>().onError(handleError).use("*", addressBurst);
    for (const path of ["/auth/login", "/auth/signup", "/auth/password-reset"]) routes.post(path, (c) => c.json({ ok: true }));
    const refusal = async (path: string) => {
      const ip = freshIp();
      const send = () => routes.request(`http://localhost${path}`, { method: "POST", headers: { "cf-connecting-ip": ip } }, env, createExecutionContext());
      for (let i = 0; i < 30; i++) await send();
      const refused = await send();
      expect(refused.status).toBe(429);
      return (await json(refused)).error;
    };
    expect(await refusal("/auth/login")).toEqual({ code: "too_many_requests", message: "Muitas tentativas de login. Tente novamente mais tarde" });
    expect(await refusal("/auth/signup")).toEqual({ code: "rate_limited", message: "Muitas tentativas de registo. Aguarde alguns minutos." });
    expect(await refusal("/auth/password-reset")).toEqual({ code: "rate_limited", message: "Muitas tentativas. Tente novamente mais tarde" });
  });

  it("fails open with a log line when the binding throws", async () => {
    const spy = vi.spyOn(console, "error");
    const broken = { limit: async () => { throw new Error("binding down"); } } as unknown as RateLimit;
    expect((await post(freshIp(), { ADDRESS_BURST: broken })).status).toBe(200);
    expect(limiterLogs(spy)).toContainEqual(expect.objectContaining({ operation: "burst" }));
    spy.mockRestore();
  });

  it("guards the anonymous endpoints of the API", async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 35 }, () => api("/auth/password-reset", { body: { email: "ninguem@example.com" }, headers: { "cf-connecting-ip": ip } })));
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(results.some((r) => r.status === 429 && r.headers.get("retry-after") === "10")).toBe(true);
  });
});
