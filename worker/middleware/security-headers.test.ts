import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";

describe("contentSecurityPolicy", () => {
  it("allows scripts only by nonce in builds", () => {
    const csp = contentSecurityPolicy("abc123", { dev: false, https: true });
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(csp).toContain("object-src 'none'");
  });

  it("does not upgrade requests on plain http", () => {
    expect(contentSecurityPolicy("n", { dev: false, https: false })).not.toContain("upgrade-insecure-requests");
  });
});
