// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SubscriptionState } from "~/lib/plans";
import { offersSwitchToPro, SwitchToPro } from "./switch-to-pro";

afterEach(cleanup);

describe("SwitchToPro", () => {
  it("shows Pro's price and what it adds to Light, and switches on request, in both languages", () => {
    const onSwitch = vi.fn();
    renderWithI18n(<SwitchToPro language="pt" onSwitch={onSwitch} />, "pt");
    expect(screen.getByRole("heading", { name: "Passar para o Pro" })).toBeTruthy();
    expect(screen.getByText("9,99 €")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Assistente IA", "Insights IA"]);
    fireEvent.click(screen.getByRole("button", { name: "Mudar para Pro" }));
    expect(onSwitch).toHaveBeenCalledOnce();
    cleanup();
    renderWithI18n(<SwitchToPro language="en" onSwitch={onSwitch} />, "en");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["AI Assistant", "AI insights"]);
    expect(screen.getByRole("button", { name: "Switch to Pro" })).toBeTruthy();
  });
});

const TRIAL_END = "2026-12-20T00:00:00.000Z";
const base: SubscriptionState = {
  tier: "free",
  subscribed: false,
  subscriptionEnd: null,
  cancelAtPeriodEnd: false,
  endIsBonusMonth: false,
  isTrialActive: false,
  trialEndsAt: null,
  paidTier: null,
  paidStartsAt: null,
};
const lightNow: SubscriptionState = { ...base, tier: "light", subscribed: true, subscriptionEnd: TRIAL_END, paidTier: "light" };
const offered = (state: SubscriptionState) => offersSwitchToPro(state);
// Light chosen during the Pro trial: Pro until the trial ends, then Light's first charge.
const lightAfterTrial: SubscriptionState = { ...lightNow, tier: "pro", isTrialActive: true, trialEndsAt: TRIAL_END, paidStartsAt: TRIAL_END };

describe("offersSwitchToPro (decision 0083, revised 2026-12-06)", () => {
  it("offers Pro to a live Light subscriber, also one whose Light starts when the Pro trial ends", () => {
    expect(offered(lightNow)).toBe(true);
    expect(offered(lightAfterTrial)).toBe(true);
    // Light checked out in the trial's last 48 hours (already charged, no Stripe trial).
    expect(offered({ ...lightAfterTrial, paidStartsAt: null })).toBe(true);
  });

  it("does not offer it to Pro subscribers, to a referral Pro month over Light, nor to anyone not subscribed", () => {
    expect(offered({ ...lightNow, tier: "pro", paidTier: "pro" })).toBe(false);
    expect(offered({ ...lightAfterTrial, tier: "pro", paidTier: "pro" })).toBe(false);
    expect(offered({ ...lightNow, tier: "pro", endIsBonusMonth: true })).toBe(false);
    expect(offered({ ...base, tier: "pro", isTrialActive: true, trialEndsAt: TRIAL_END })).toBe(false);
    expect(offered(base)).toBe(false);
  });
});

describe("SwitchToPro before Light's first charge", () => {
  it("says Pro starts instead of Light when the trial ends, with nothing charged before, in both languages", () => {
    renderWithI18n(<SwitchToPro language="pt" beforeFirstCharge onSwitch={() => {}} />, "pt");
    expect(screen.getByText("Confirma a mudança no portal de pagamentos. Quando o teste terminar, começa o Pro em vez do Light; até lá não é cobrado nada.")).toBeTruthy();
    expect(screen.queryByText(/O Pro fica ativo logo a seguir/)).toBeNull();
    cleanup();
    renderWithI18n(<SwitchToPro language="en" beforeFirstCharge onSwitch={() => {}} />, "en");
    expect(screen.getByText(/When the trial ends, Pro starts instead of Light; nothing is charged until then\./)).toBeTruthy();
  });
});
