import { describe, expect, it } from "vitest";
import { premiumRouteMatcher } from "./premium-route-matcher";
import type { PremiumRoute } from "./premium-routes";

describe("premiumRouteMatcher", () => {
  const routes: PremiumRoute[] = [
    { method: "POST", path: "/diary", entitlement: "diary" },
    { method: "PATCH", path: "/diary/:id", entitlement: "diary" },
    { method: "POST", path: "/assistant/messages", entitlement: "assistant" },
    { method: "GET", path: "/reports/:id/pdf", entitlement: "aiInsights", paidRead: true },
  ];
  const routeFor = premiumRouteMatcher(routes);

  it("finds the route by method and path, a parameter matching any one segment", () => {
    expect(routeFor("POST", "/diary")).toBe(routes[0]);
    expect(routeFor("patch", "/diary/01JD0000000000000000000000")).toBe(routes[1]);
    expect(routeFor("POST", "/assistant/messages")).toBe(routes[2]);
    expect(routeFor("GET", "/reports/abc/pdf")).toBe(routes[3]);
    // Empty segments do not count, as in the router.
    expect(routeFor("POST", "/diary/")).toBe(routes[0]);
  });

  it("misses other methods, lengths and names", () => {
    expect(routeFor("GET", "/diary")).toBeUndefined();
    expect(routeFor("PATCH", "/diary")).toBeUndefined();
    expect(routeFor("PATCH", "/diary/a/b")).toBeUndefined();
    expect(routeFor("GET", "/reports/abc/csv")).toBeUndefined();
    expect(routeFor("POST", "/unknown")).toBeUndefined();
    expect(premiumRouteMatcher([])("POST", "/diary")).toBeUndefined();
  });
});

describe("premiumRouteMatcher over a registry that grows", () => {
  it("sees a route added after it was built", () => {
    const registry: PremiumRoute[] = [{ method: "POST", path: "/diary", entitlement: "diary" }];
    const routeFor = premiumRouteMatcher(registry);
    expect(routeFor("POST", "/feedback")).toBeUndefined();
    registry.push({ method: "POST", path: "/feedback", entitlement: "diary" });
    expect(routeFor("POST", "/feedback")).toBe(registry[1]);
  });
});
