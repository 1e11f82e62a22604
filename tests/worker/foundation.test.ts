import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { app } from "../../worker/app";
import { NIGHTLY } from "../../worker/cron/registry";
import { userRealtime } from "../../worker/durable-objects/user-realtime";
import { handleError } from "../../worker/lib/errors";
import { DRAIN_MAX_BYTES } from "../../worker/middleware/drain-body";
import { requestContext } from "../../worker/middleware/request-context";
import type { AppEnv } from "../../worker/types";
import { api, json, ORIGIN } from "./helpers";

describe("GET /api/v1/health", () => {
  it("checks D1, KV and the Durable Object namespace", async () => {
    const response = await api("/health");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: "ok", checks: { d1: "ok", kv: "ok", durableObjects: "ok" } });
  });

  it("answers 503 with the failing check when a binding is broken", async () => {
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("down")) }) };
    const response = await app.request("/api/v1/health", {}, { ...env, DB: brokenDb as unknown as D1Database }, createExecutionContext());
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({ status: "degraded", checks: { d1: "error", kv: "ok", durableObjects: "ok" } });
  });
});

describe("API error shapes", () => {
  it("answers malformed JSON with 400 invalid_json, localised", async () => {
    const response = await api("/health", { method: "POST", body: "{not json" });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: { code: "invalid_json", message: "O corpo do pedido não é JSON válido." } });

    const english = await api("/health", { method: "POST", body: "{not json", headers: { "accept-language": "en-US,en;q=0.9" } });
    expect((await json(english)).error.message).toBe("The request body is not valid JSON.");
  });

  it("answers a body over 1 MB with 413 payload_too_large", async () => {
    const big = JSON.stringify({ text: "x".repeat(1024 * 1024 + 10) });
    const response = await api("/health", { method: "POST", body: big });
    expect(response.status).toBe(413);
    expect((await json(response)).error.code).toBe("payload_too_large");
  });

  it("answers a body over 1 MB without Content-Length (streamed) with 413 too", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ >= 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await SELF.fetch(`${ORIGIN}/api/v1/health`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "transfer-encoding": "chunked" },
      body: stream,
      // @ts-expect-error workerd needs duplex for streamed bodies
      duplex: "half",
    });
    expect(response.status).toBe(413);
  });

  it("answers a non-JSON content type with 415 unsupported_media_type", async () => {
    const response = await api("/health", { method: "POST", body: "a=1", headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
    expect((await json(response)).error.code).toBe("unsupported_media_type");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    for (const path of ["/api/v1/nope", "/api/v2/anything", "/api/other"]) {
      const response = await SELF.fetch(`${ORIGIN}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await json(response)).toEqual({ error: { code: "not_found", message: "Não encontrado." } });
    }
  });

  it("answers an uncaught error with 500, a request id and no stack trace", async () => {
    const failing = new Hono<AppEnv>();
    failing.onError(handleError);
    failing.use("*", requestContext);
    failing.get("/boom", () => {
      throw new Error("secret internals at worker/db/users.ts:42");
    });
    const response = await failing.request("/boom", {}, env);
    expect(response.status).toBe(500);
    const body = (await json(response)) as { error: Record<string, string> };
    expect(body.error.code).toBe("internal_error");
    expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(body)).not.toContain("secret internals");
  });
});

describe("CSRF origin check", () => {
  it("refuses state-changing requests without a matching Origin", async () => {
    const noOrigin = await SELF.fetch(`${ORIGIN}/api/v1/health`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(noOrigin.status).toBe(403);
    expect((await json(noOrigin)).error.code).toBe("forbidden");

    const foreign = await SELF.fetch(`${ORIGIN}/api/v1/health`, {
      method: "DELETE",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  it("accepts Sec-Fetch-Site: same-origin when Origin is absent", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/v1/nope`, { method: "POST", headers: { "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(404);
  });

  it("lets signed webhooks through without an Origin", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/v1/billing/webhook`, { method: "POST", body: "{}" });
    expect(response.status).not.toBe(403);
  });
});

describe("a request body nobody read (decision 0060)", () => {
  const refusedPost = (size: number, base = ORIGIN) =>
    new Request(`${base}/auth`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", "content-length": String(size) },
      body: "x".repeat(size),
    });
  async function answer(request: Request, environment: Env = env) {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, environment, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("is read to its end before a refusal leaves, in local development (wrangler dev's proxy)", async () => {
    const request = refusedPost(60);
    expect((await answer(request)).status).toBe(403);
    expect(request.bodyUsed).toBe(true);
  });

  it("stays unread in production, and in development past DRAIN_MAX_BYTES", async () => {
    // https: production sends plain http to https before anything else.
    const production = refusedPost(60, "https://localhost");
    expect((await answer(production, { ...env, ENVIRONMENT: "production" })).status).toBe(403);
    expect(production.bodyUsed).toBe(false);
    const large = refusedPost(DRAIN_MAX_BYTES + 1);
    expect((await answer(large)).status).toBe(403);
    expect(large.bodyUsed).toBe(false);
  });
});

describe("security headers", () => {
  it("are real HTTP headers on API responses", async () => {
    const response = await api("/health");
    // JSON never runs scripts: a policy that loads nothing (docs/decisions/0053).
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // No HSTS over plain http.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("give pages a strict policy with a fresh nonce per request", async () => {
    const policy = async () => (await SELF.fetch(`${ORIGIN}/pricing`)).headers.get("content-security-policy") ?? "";
    const csp = await policy();
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = (value: string) => value.match(/nonce-([^']+)/)![1];
    expect(nonce(await policy())).not.toBe(nonce(csp));
  });

  it("add HSTS on https", async () => {
    const response = await SELF.fetch("https://rumo.test/api/v1/health");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("redirect plain http to https on the production host", async () => {
    const response = await app.request("http://rumo.app/pricing?x=1", {}, { ...env, ENVIRONMENT: "production" }, createExecutionContext());
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("https://rumo.app/pricing?x=1");
  });
});

describe("Durable Object and cron", () => {
  it("reaches the user's Durable Object over RPC", async () => {
    expect(await userRealtime(env, "someone").ping()).toBe("pong");
  });

  it("dispatches a cron schedule to its jobs: expired sessions are removed, live ones kept", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("insert into users (id, email) values ('u-cron', 'cron@example.com')"),
      env.DB.prepare(
        "insert into sessions (id, user_id, provider, last_used_at, expires_at, absolute_expires_at) values ('old', 'u-cron', 'email', ?1, ?1, ?1), ('live', 'u-cron', 'email', ?2, ?3, ?3)",
      ).bind(now - 1000, now, now + 86_400_000),
    ]);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: NIGHTLY, scheduledTime: now }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("select id from sessions where user_id = 'u-cron'").all();
    expect(results.map((r) => r.id)).toEqual(["live"]);
  });
});
