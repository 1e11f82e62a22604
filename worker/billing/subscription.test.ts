import { describe, expect, it } from "vitest";
import { stripeEndpoint } from "./stripe-client";
import { subscriptionOf } from "./subscription";

const now = new Date("2026-05-10T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("subscriptionOf", () => {
  it("trial, then Free", () => {
    expect(subscriptionOf({ trialEndsAt: days(3), bonusProUntil: null }, null, now)).toEqual({
      tier: "pro",
      subscribed: false,
      subscriptionEnd: null,
      cancelAtPeriodEnd: false,
      endIsBonusMonth: false,
      isTrialActive: true,
      trialEndsAt: days(3).toISOString(),
      paidTier: null,
      paidStartsAt: null,
    });
    expect(subscriptionOf({ trialEndsAt: days(-1), bonusProUntil: null }, null, now)).toMatchObject({ tier: "free", isTrialActive: false });
  });

  it("a live paid plan wins; a cancelled or incomplete one does not count", () => {
    const paid = { tier: "light" as const, status: "active", currentPeriodEnd: days(20) };
    expect(subscriptionOf({ trialEndsAt: days(-1), bonusProUntil: null }, paid, now)).toMatchObject({ tier: "light", subscribed: true, subscriptionEnd: days(20).toISOString() });
    expect(subscriptionOf({ trialEndsAt: days(-1), bonusProUntil: null }, { ...paid, status: "past_due" }, now).tier).toBe("light");
    for (const status of ["canceled", "incomplete", "unpaid", null]) {
      expect(subscriptionOf({ trialEndsAt: days(-1), bonusProUntil: null }, { ...paid, status }, now)).toMatchObject({ tier: "free", subscribed: false });
    }
  });

  it("a free referral month makes Light or Free users Pro until it ends", () => {
    const paid = { tier: "light" as const, status: "active", currentPeriodEnd: days(5) };
    expect(subscriptionOf({ trialEndsAt: null, bonusProUntil: days(25) }, paid, now)).toMatchObject({ tier: "pro", subscribed: true, subscriptionEnd: days(25).toISOString() });
    expect(subscriptionOf({ trialEndsAt: null, bonusProUntil: days(-1) }, null, now)).toMatchObject({ tier: "free", subscriptionEnd: null });
  });

  it("says whether the end shown renews: a plan cancelled at period end and a referral month do not", () => {
    const user = { trialEndsAt: days(-1), bonusProUntil: null };
    const paid = { tier: "light" as const, status: "active", currentPeriodEnd: days(20), cancelAtPeriodEnd: false };
    expect(subscriptionOf(user, paid, now)).toMatchObject({ cancelAtPeriodEnd: false, endIsBonusMonth: false });
    expect(subscriptionOf(user, { ...paid, cancelAtPeriodEnd: true }, now)).toMatchObject({ tier: "light", subscriptionEnd: days(20).toISOString(), cancelAtPeriodEnd: true, endIsBonusMonth: false });
    // A row that no longer counts says nothing about cancelling.
    expect(subscriptionOf(user, { ...paid, status: "canceled", cancelAtPeriodEnd: true }, now)).toMatchObject({ cancelAtPeriodEnd: false });
    // The referral month alone, or ending after the paid period: its end is the one shown.
    expect(subscriptionOf({ trialEndsAt: days(-1), bonusProUntil: days(25) }, null, now)).toMatchObject({ tier: "pro", subscriptionEnd: days(25).toISOString(), endIsBonusMonth: true });
    expect(subscriptionOf({ trialEndsAt: null, bonusProUntil: days(25) }, paid, now)).toMatchObject({ subscriptionEnd: days(25).toISOString(), endIsBonusMonth: true });
    // A paid period ending after the referral month: the renewal is the end shown.
    expect(subscriptionOf({ trialEndsAt: null, bonusProUntil: days(10) }, paid, now)).toMatchObject({ subscriptionEnd: days(20).toISOString(), endIsBonusMonth: false });
  });

  it("keeps the plan paid for during the trial apart from the trial's Pro, and when it is first charged", () => {
    // Light paid in checkout during the trial: Stripe's trial runs to the trial's end (checkout.ts).
    const light = { tier: "light" as const, status: "trialing", currentPeriodEnd: days(3), cancelAtPeriodEnd: false };
    expect(subscriptionOf({ trialEndsAt: days(3), bonusProUntil: null }, light, now)).toMatchObject({
      tier: "pro",
      subscribed: true,
      isTrialActive: true,
      paidTier: "light",
      paidStartsAt: days(3).toISOString(),
    });
    // Charged already (checked out in the trial's last 48 hours): nothing left to start.
    expect(subscriptionOf({ trialEndsAt: days(1), bonusProUntil: null }, { ...light, status: "active", currentPeriodEnd: days(30) }, now)).toMatchObject({ tier: "pro", paidTier: "light", paidStartsAt: null });
    // A subscription that no longer counts is no paid plan.
    expect(subscriptionOf({ trialEndsAt: days(3), bonusProUntil: null }, { ...light, status: "canceled" }, now)).toMatchObject({ paidTier: null, paidStartsAt: null });
  });
});

describe("stripeEndpoint", () => {
  it("defaults to Stripe and accepts a URL for a local fake", () => {
    expect(stripeEndpoint(undefined)).toEqual({ host: "api.stripe.com", port: 443, protocol: "https" });
    expect(stripeEndpoint("api.stripe.com")).toEqual({ host: "api.stripe.com", port: 443, protocol: "https" });
    expect(stripeEndpoint("http://localhost:12111")).toEqual({ host: "localhost", port: 12111, protocol: "http" });
  });
});
