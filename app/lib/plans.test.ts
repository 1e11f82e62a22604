import { describe, expect, it } from "vitest";
import {
  checkoutHref,
  cheapestPlanWith,
  discountedCents,
  entitlementsFor,
  ENTITLEMENTS,
  formatPrice,
  hasEntitlement,
  lowestPaidPlan,
  paidPlans,
  planHasFeatureGroup,
  planOfPrice,
  PLANS,
  renewsAtEnd,
  stripePriceIds,
} from "./plans";

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

  it("renews at the end shown unless the plan is cancelled at period end or the end is a referral month's", () => {
    expect(renewsAtEnd({ cancelAtPeriodEnd: false, endIsBonusMonth: false })).toBe(true);
    expect(renewsAtEnd({ cancelAtPeriodEnd: true, endIsBonusMonth: false })).toBe(false);
    expect(renewsAtEnd({ cancelAtPeriodEnd: false, endIsBonusMonth: true })).toBe(false);
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

describe("pricing-page helpers", () => {
  it("groups entitlements into the rows of the plans table", () => {
    expect(planHasFeatureGroup("free", "core")).toBe(true);
    expect(planHasFeatureGroup("free", "finances_basic")).toBe(true);
    expect(planHasFeatureGroup("free", "wellbeing")).toBe(false);
    expect(planHasFeatureGroup("light", "calendar_sync")).toBe(true);
    expect(planHasFeatureGroup("light", "ai")).toBe(false);
    expect(planHasFeatureGroup("pro", "ai")).toBe(true);
  });

  it("orders paid plans by price and applies the welcome discount in cents", () => {
    expect(paidPlans().map((p) => p.id)).toEqual(["light", "pro"]);
    expect(lowestPaidPlan().id).toBe("light");
    expect(discountedCents(999, 10)).toBe(899);
    expect(discountedCents(599, 10)).toBe(539);
  });

  it("links public checkout buttons to sign-in with the plan, then the premium screen", () => {
    expect(checkoutHref("pro")).toBe("/auth?plan=pro&next=%2Fapp%2Fpremium");
  });

  it("writes a price of four digits or more with its thousands grouped, as the app's other money", () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(plain(formatPrice(999, "pt"))).toBe("9,99 €");
    expect(formatPrice(999, "en")).toBe("€9.99");
    // Intl's pt-PT rule alone leaves four-digit amounts ungrouped ("1234,50 €").
    expect(plain(formatPrice(123450, "pt"))).toBe("1 234,50 €");
    expect(formatPrice(123450, "en")).toBe("€1,234.50");
  });
});
