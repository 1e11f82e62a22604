import { describe, expect, it } from "vitest";
import { checkoutHref, discountedCents, formatCents, hasEntitlement, lowestPaidPlan, paidPlans, plans } from "./plans";

describe("plans", () => {
  it("has the prices of DECISIONS.md in integer cents", () => {
    expect(plans.free.monthlyPriceCents).toBe(0);
    expect(plans.light.monthlyPriceCents).toBe(599);
    expect(plans.pro.monthlyPriceCents).toBe(999);
    expect(plans.pro.compareAtCents).toBe(1999);
    for (const plan of Object.values(plans)) expect(Number.isInteger(plan.monthlyPriceCents)).toBe(true);
  });

  it("grants entitlements per the table", () => {
    expect(hasEntitlement("free", "core")).toBe(true);
    expect(hasEntitlement("free", "finances_basic")).toBe(true);
    expect(hasEntitlement("free", "wellbeing")).toBe(false);
    expect(hasEntitlement("light", "calendar_sync")).toBe(true);
    expect(hasEntitlement("light", "ai")).toBe(false);
    expect(hasEntitlement("pro", "ai")).toBe(true);
  });

  it("orders paid plans by price and finds the cheapest", () => {
    expect(paidPlans().map((p) => p.id)).toEqual(["light", "pro"]);
    expect(lowestPaidPlan().id).toBe("light");
  });

  it("formats euros per locale", () => {
    expect(formatCents(599, "pt").replace(/\s/g, " ")).toBe("5,99 €");
    expect(formatCents(1999, "en")).toBe("€19.99");
    expect(() => formatCents(5.5, "pt")).toThrow(RangeError);
  });

  it("applies the welcome discount in cents", () => {
    expect(discountedCents(999, 10)).toBe(899);
    expect(discountedCents(599, 10)).toBe(539);
  });

  it("links checkout to sign-up with the plan", () => {
    expect(checkoutHref("pro")).toBe("/auth?plan=pro");
  });
});
