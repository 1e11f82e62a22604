import { describe, expect, it } from "vitest";
import { cheapestPlanWith, entitlementsFor, ENTITLEMENTS, formatPrice, hasEntitlement, planOfPrice, PLANS, stripePriceIds } from "./plans";

describe("plans", () => {
  it("has the prices of DECISIONS.md in cents", () => {
    expect([PLANS.free.monthlyPriceCents, PLANS.light.monthlyPriceCents, PLANS.pro.monthlyPriceCents]).toEqual([0, 599, 999]);
    expect(PLANS.pro.compareAtPriceCents).toBe(1999);
  });

  it("maps each tier to its entitlements (each plan includes the one below)", () => {
    const free = entitlementsFor({ tier: "free" });
    const light = entitlementsFor({ tier: "light" });
    const pro = entitlementsFor({ tier: "pro" });
    expect(free).toEqual(["tasks", "calendar", "goals", "impact", "notifications", "search", "cycle", "finances.basic"]);
    expect(light).toEqual([...free, "finances.advanced", "diary", "selfCare", "weeklyReports", "calendarSync"]);
    expect(pro).toEqual([...light, "assistant", "aiInsights"]);
    expect([...pro].sort()).toEqual([...ENTITLEMENTS].sort());
    expect(hasEntitlement({ tier: "light" }, "assistant")).toBe(false);
    expect(hasEntitlement({ tier: "pro" }, "assistant")).toBe(true);
    expect(cheapestPlanWith("diary")).toBe("light");
    expect(cheapestPlanWith("assistant")).toBe("pro");
    expect(cheapestPlanWith("tasks")).toBe("free");
  });

  it("reads Stripe price ids from the environment, and never matches an unset one", () => {
    const env = { STRIPE_PRICE_LIGHT: "price_l", STRIPE_PRICE_PRO: "price_p" };
    expect(stripePriceIds(env)).toEqual({ light: "price_l", pro: "price_p" });
    expect(planOfPrice(env, "price_p")).toBe("pro");
    expect(planOfPrice(env, "price_other")).toBeNull();
    expect(planOfPrice({ STRIPE_PRICE_LIGHT: "", STRIPE_PRICE_PRO: "" }, "")).toBeNull();
  });

  it("formats prices per language", () => {
    expect(formatPrice(999, "pt")).toBe("9,99\u00a0€");
    expect(formatPrice(1999, "en")).toBe("€19.99");
    expect(formatPrice(0, "pt")).toBe("0,00\u00a0€");
  });
});
