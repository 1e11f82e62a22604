import { describe, expect, it } from "vitest";
import { effectiveEnv, isLocalDevelopment } from "./development";

describe("isLocalDevelopment", () => {
  it("needs both the development environment and a local host", () => {
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "http://localhost:8787/dev/mailbox")).toBe(true);
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "http://127.0.0.1:8787/api/dev/seed")).toBe(true);
    expect(isLocalDevelopment({ ENVIRONMENT: "development" }, "https://rumo.app/dev/mailbox")).toBe(false);
    expect(isLocalDevelopment({ ENVIRONMENT: "production" }, "http://localhost/dev/mailbox")).toBe(false);
  });

  it("reads the host as the URL parser does, whatever the per-origin cache has seen", () => {
    const dev = { ENVIRONMENT: "development" };
    for (let i = 0; i < 2; i++) {
      expect(isLocalDevelopment(dev, "http://localhost@evil.example/api/dev/seed")).toBe(false);
      expect(isLocalDevelopment(dev, "http://evil.example\\@localhost/api/dev/seed")).toBe(false);
      expect(isLocalDevelopment(dev, "http://evil.example?@localhost/x")).toBe(false);
      expect(isLocalDevelopment(dev, "http://localhost:8787")).toBe(true);
      expect(isLocalDevelopment(dev, new URL("http://[::1]:8787/x"))).toBe(true);
    }
    // More origins than the cache holds: answers stay right after it is cleared.
    for (let i = 0; i < 100; i++) expect(isLocalDevelopment(dev, `http://host-${i}.example/x`)).toBe(false);
    expect(isLocalDevelopment(dev, "http://127.0.0.1:8787/api/dev/seed")).toBe(true);
  });
});

describe("effectiveEnv", () => {
  it("keeps development only on this machine; anything else, or any other value, is production", () => {
    expect(effectiveEnv({ ENVIRONMENT: "development" }, "http://localhost:8787/x").ENVIRONMENT).toBe("development");
    expect(effectiveEnv({ ENVIRONMENT: "development" }, "https://rumo.app/x").ENVIRONMENT).toBe("production");
    expect(effectiveEnv({ ENVIRONMENT: "development" }, "http://192.168.1.20:8787/x").ENVIRONMENT).toBe("production");
    expect(effectiveEnv({ ENVIRONMENT: "Development" }, "http://localhost/x").ENVIRONMENT).toBe("Development");
    expect(isLocalDevelopment(effectiveEnv({ ENVIRONMENT: "Development" }, "http://localhost/x"), "http://localhost/x")).toBe(false);
    const env = { ENVIRONMENT: "production", APP_URL: "https://rumo.app" };
    expect(effectiveEnv(env, "http://localhost/x")).toBe(env);
  });
});
