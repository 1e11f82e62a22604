// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SubscriptionState } from "~/lib/plans";
import { PlanCard } from "./plan-card";

afterEach(cleanup);

// Signed up at 23:30 in São Paulo on 1 January: the trial ends at 23:30 there on 15 January, which is
// already 16 January in Lisbon (02:30). The user's calendar says 15.
const trial: SubscriptionState = { tier: "pro", subscribed: false, subscriptionEnd: null, cancelAtPeriodEnd: false, endIsBonusMonth: false, isTrialActive: true, trialEndsAt: "2027-01-16T02:30:00.000Z" };
const paid: SubscriptionState = { tier: "light", subscribed: true, subscriptionEnd: "2027-03-01T03:00:00.000Z", cancelAtPeriodEnd: false, endIsBonusMonth: false, isTrialActive: false, trialEndsAt: "2027-01-16T02:30:00.000Z" };
const card = (state: SubscriptionState, timeZone: string, language: "pt" | "en" = "pt") =>
  renderWithI18n(<PlanCard state={state} language={language} timeZone={timeZone} onManage={() => {}} onCheckout={() => {}} />, language);

describe("PlanCard", () => {
  it("says the day the trial ends on the user's calendar, not Lisbon's", () => {
    card(trial, "America/Sao_Paulo");
    expect(screen.getByText("Teste Pro ativo até 15 de janeiro de 2027")).toBeTruthy();
    cleanup();
    card(trial, "Europe/Lisbon", "en");
    expect(screen.getByText("Pro trial active until January 16, 2027")).toBeTruthy();
  });

  it("says the renewal day in the user's zone too", () => {
    card(paid, "America/New_York", "en");
    expect(screen.getByText("Renews on February 28, 2027")).toBeTruthy();
  });

  it("says the plan ends, not renews, when it is cancelled at period end", () => {
    card({ ...paid, cancelAtPeriodEnd: true }, "Europe/Lisbon");
    expect(screen.getByText("Termina a 1 de março de 2027")).toBeTruthy();
    expect(screen.queryByText(/Renova a/)).toBeNull();
  });

  it("says a free referral Pro month ends, not renews", () => {
    card({ tier: "pro", subscribed: false, subscriptionEnd: "2027-03-01T03:00:00.000Z", cancelAtPeriodEnd: false, endIsBonusMonth: true, isTrialActive: false, trialEndsAt: "2027-01-16T02:30:00.000Z" }, "Europe/Lisbon", "en");
    expect(screen.getByText("Ends on March 1, 2027")).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });
});
