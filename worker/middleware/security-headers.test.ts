import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../types";
import { API_POLICY, contentSecurityPolicy, securityHeaders } from "./security-headers";

/** A policy as directive → sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * What a build's policy must say, checked on the parsed policy (not by substring): scripts only by
 * this request's nonce (and what they load, 'strict-dynamic'), no 'unsafe-inline' or 'unsafe-eval'
 * for scripts, no plugins, no <base> tricks, no framing.
 */
function assertStrictPolicy(policy: string, nonce: string) {
  const csp = parsePolicy(policy);
  const script = csp.get("script-src") ?? csp.get("default-src");
  if (!script) throw new Error("no script-src");
  expect(script).toContain(`'nonce-${nonce}'`);
  expect(script).toContain("'strict-dynamic'");
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(script.filter((s) => s === "*" || /^(https?:|data:|blob:)$/.test(s))).toEqual([]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only by nonce in builds", () => {
    const policy = contentSecurityPolicy("abc123", { dev: false, https: true });
    assertStrictPolicy(policy, "abc123");
    expect(parsePolicy(policy).has("upgrade-insecure-requests")).toBe(true);
  });

  it("the check itself refuses weak policies (it could fail)", () => {
    for (const weak of [
      "default-src 'self'; script-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      "default-src 'self'; script-src 'nonce-abc123' 'strict-dynamic' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      "default-src 'self'; script-src 'nonce-abc123' 'strict-dynamic' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      "default-src 'self'; script-src 'nonce-abc123' 'strict-dynamic'; base-uri 'none'; frame-ancestors 'none'",
      "default-src 'self'; script-src 'nonce-other' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ]) {
      expect(() => assertStrictPolicy(weak, "abc123"), weak).toThrow();
    }
  });

  it("does not upgrade requests on plain http", () => {
    expect(parsePolicy(contentSecurityPolicy("n", { dev: false, https: false })).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("securityHeaders middleware", () => {
  it("sends a strict policy whose nonce is the one this request's page uses, fresh per request", async () => {
    const app = new Hono<AppEnv>().use("*", securityHeaders).get("/", (c) => c.text(c.get("cspNonce")));
    const env = { ENVIRONMENT: "production" } as Env;
    const first = await app.request("https://rumo.app/", {}, env);
    const nonce = await first.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    assertStrictPolicy(first.headers.get("content-security-policy")!, nonce);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const second = await app.request("https://rumo.app/", {}, env);
    expect(await second.text()).not.toBe(nonce);
  });

  it("gives the API's answers a policy that loads nothing, and no nonce", async () => {
    const app = new Hono<AppEnv>().use("*", securityHeaders).get("/api/v1/x", (c) => c.json({ nonce: c.get("cspNonce") ?? null }));
    const response = await app.request("https://rumo.app/api/v1/x", {}, { ENVIRONMENT: "production" } as Env);
    expect(await response.json()).toEqual({ nonce: null });
    const csp = parsePolicy(response.headers.get("content-security-policy")!);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(response.headers.get("content-security-policy")).toBe(API_POLICY);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
