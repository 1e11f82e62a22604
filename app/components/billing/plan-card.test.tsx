// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SubscriptionState } from "~/lib/plans";
import { PlanCard } from "./plan-card";

afterEach(cleanup);

// Signed up at 23:30 in São Paulo on 1 January: the trial ends at 23:30 there on 15 January, which is
// already 16 January in Lisbon (02:30). The user's calendar says 15.
const trial: SubscriptionState = { tier: "pro", subscribed: false, subscriptionEnd: null, cancelAtPeriodEnd: false, endIsBonusMonth: false, isTrialActive: true, trialEndsAt: "2027-01-16T02:30:00.000Z", paidTier: null, paidStartsAt: null };
const paid: SubscriptionState = { tier: "light", subscribed: true, subscriptionEnd: "2027-03-01T03:00:00.000Z", cancelAtPeriodEnd: false, endIsBonusMonth: false, isTrialActive: false, trialEndsAt: "2027-01-16T02:30:00.000Z", paidTier: "light", paidStartsAt: null };
/** Text with Intl's no-break spaces written as plain ones. */
const nextLine = () => (screen.getByTestId("plan-card-next").textContent ?? "").replace(/[\u00a0\u202f]/g, " ");
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

  it("over a paid Light plan, says the free Pro month and that Light goes on, never Pro's price", () => {
    const bonus = { ...paid, tier: "pro" as const, subscriptionEnd: "2027-03-10T12:00:00.000Z", endIsBonusMonth: true };
    const text = () => (screen.getByTestId("plan-card").textContent ?? "").replace(/[\u00a0\u202f]/g, " ");
    card(bonus, "Europe/Lisbon");
    expect(screen.getByTestId("plan-card-bonus").textContent?.replace(/[\u00a0\u202f]/g, " ")).toBe("Mês Pro oferecido até 10 de março de 2027. Depois continua no plano Light, a 5,99 €/mês.");
    expect(text()).not.toMatch(/9,99|Termina a/);
    cleanup();
    card({ ...bonus, subscriptionEnd: "2027-04-01T12:00:00.000Z", endIsBonusMonth: false }, "Europe/Lisbon", "en");
    expect(screen.getByTestId("plan-card-bonus").textContent).toBe("Free Pro month. Your Light plan renews on April 1, 2027 at €5.99/month.");
    cleanup();
    card({ ...bonus, cancelAtPeriodEnd: true }, "Europe/Lisbon");
    expect(screen.getByTestId("plan-card-bonus").textContent).toBe("Mês Pro oferecido. O seu plano Light foi cancelado e não renova.");
  });

  it("says a free referral Pro month ends, not renews", () => {
    card({ tier: "pro", subscribed: false, subscriptionEnd: "2027-03-01T03:00:00.000Z", cancelAtPeriodEnd: false, endIsBonusMonth: true, isTrialActive: false, trialEndsAt: "2027-01-16T02:30:00.000Z", paidTier: null, paidStartsAt: null }, "Europe/Lisbon", "en");
    expect(screen.getByText("Ends on March 1, 2027")).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  // Light chosen and paid in checkout during the trial: Stripe's trial runs to the trial's end, so
  // Light is first charged then. The card said "Pro · 9,99 €/mês · … · Renova a" (Pro's price, a renewal).
  const lightChosenInTrial: SubscriptionState = {
    tier: "pro",
    subscribed: true,
    subscriptionEnd: "2027-01-16T02:30:00.000Z",
    cancelAtPeriodEnd: false,
    endIsBonusMonth: false,
    isTrialActive: true,
    trialEndsAt: "2027-01-16T02:30:00.000Z",
    paidTier: "light",
    paidStartsAt: "2027-01-16T02:30:00.000Z",
  };

  it("says the Light chosen in the trial starts when the trial ends, at Light's price, and does not call it a renewal", () => {
    const { container } = card(lightChosenInTrial, "Europe/Lisbon");
    const text = container.textContent ?? "";
    expect(screen.getByRole("heading", { name: "Pro" })).toBeTruthy();
    expect(screen.getByText("Teste Pro ativo até 16 de janeiro de 2027")).toBeTruthy();
    expect(nextLine()).toBe("Escolheu o plano Light: começa a 16 de janeiro de 2027, a 5,99 €/mês. Até lá não é cobrado nada.");
    expect(text).not.toContain("9,99");
    expect(text).not.toMatch(/Renova a/);
    cleanup();
    card(lightChosenInTrial, "America/Sao_Paulo", "en");
    expect(nextLine()).toBe("You chose the Light plan: it starts on January 15, 2027 at €5.99/month. Nothing is charged until then.");
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  it("says a plan chosen in the trial and cancelled before it starts is never charged", () => {
    const { container } = card({ ...lightChosenInTrial, cancelAtPeriodEnd: true }, "Europe/Lisbon");
    expect(nextLine()).toBe("O plano Light foi cancelado antes de começar: não será cobrado nada.");
    expect(container.textContent).not.toMatch(/Termina a|Renova a/);
  });

  it("says a plan already charged in the trial's last days continues after it, and when it renews", () => {
    card({ ...lightChosenInTrial, paidStartsAt: null, subscriptionEnd: "2027-02-14T12:00:00.000Z" }, "Europe/Lisbon", "en");
    expect(nextLine()).toBe("When the trial ends, you continue on the Light plan at €5.99/month.");
    expect(screen.getByText("Renews on February 14, 2027")).toBeTruthy();
  });
});
