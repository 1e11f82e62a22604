import { describe, expect, it } from "vitest";
import { afterOnboarding, onboardingHref } from "./onboarding-next";

const origin = "https://rumo.app";

describe("onboarding keeps where a new account was going", () => {
  it("carries a page other than the landing ones in next", () => {
    expect(onboardingHref("/app/premium", "?plan=pro")).toBe("/app/onboarding?next=%2Fapp%2Fpremium%3Fplan%3Dpro");
    expect(onboardingHref("/app/meu-impacto", "")).toBe("/app/onboarding");
    expect(onboardingHref("/app/dashboard", "")).toBe("/app/onboarding");
  });

  it("opens it after onboarding when it is a safe /app page, else the impact dashboard", () => {
    expect(afterOnboarding(`?next=${encodeURIComponent("/app/premium?plan=pro")}`, origin)).toBe("/app/premium?plan=pro");
    expect(afterOnboarding("", origin)).toBe("/app/meu-impacto");
    for (const next of ["//evil.example/app/x", "https://evil.example/app/premium", "/pricing", "/app/onboarding?next=/app/premium", "/\\evil.example"]) {
      expect(afterOnboarding(`?next=${encodeURIComponent(next)}`, origin), next).toBe("/app/meu-impacto");
    }
  });
});
