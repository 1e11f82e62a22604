// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SubscriptionCard } from "./subscription-card";

// The Worker renders in UTC: the card must say the user's day whatever the runtime's zone is.
const runtimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "UTC";
});
afterAll(() => {
  process.env.TZ = runtimeZone;
});
afterEach(cleanup);

const trial = { tier: "pro", subscribed: false, subscriptionEnd: null, isTrialActive: true, trialEndsAt: "2026-07-10T23:30:00.000Z", cancelAtPeriodEnd: false, endIsBonusMonth: false, paidTier: null, paidStartsAt: null } as const;

const renewing = { tier: "light", subscribed: true, subscriptionEnd: "2026-03-01T02:00:00.000Z", isTrialActive: false, trialEndsAt: null, cancelAtPeriodEnd: false, endIsBonusMonth: false, paidTier: "light", paidStartsAt: null } as const;

describe("the impact dashboard's subscription card", () => {
  it("says the day the trial ends in the user's zone (00:30 in Lisbon's summer is the next day)", () => {
    renderWithI18n(
      <MemoryRouter>
        <SubscriptionCard subscription={trial} timeZone="Europe/Lisbon" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Teste Pro até 11 de julho de 2026")).toBeTruthy();
  });

  it("says which plan comes after the trial when one was chosen during it", () => {
    renderWithI18n(
      <MemoryRouter>
        <SubscriptionCard subscription={{ ...trial, subscribed: true, paidTier: "light", paidStartsAt: "2026-07-10T23:30:00.000Z" }} timeZone="Europe/Lisbon" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Teste Pro até 11 de julho de 2026")).toBeTruthy();
    expect(screen.getByTestId("subscription-then").textContent).toBe("Depois, o plano Light a partir de 11 de julho de 2026");
  });

  it("says a free Pro month over a paid Light plan ends, and Light goes on after it", () => {
    renderWithI18n(
      <MemoryRouter>
        <SubscriptionCard subscription={{ ...renewing, tier: "pro", subscriptionEnd: "2026-03-10T12:00:00.000Z", endIsBonusMonth: true }} timeZone="Europe/Lisbon" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Mês Pro oferecido até 10 de março de 2026")).toBeTruthy();
    expect(screen.getByTestId("subscription-then").textContent).toBe("Depois, o plano Light a partir de 10 de março de 2026");
    expect(screen.queryByText(/Termina a/)).toBeNull();
  });

  it("says the renewal day in the user's zone, in English too", () => {
    renderWithI18n(
      <MemoryRouter>
        <SubscriptionCard subscription={{ ...renewing }} timeZone="America/Sao_Paulo" />
      </MemoryRouter>,
      "en",
    );
    expect(screen.getByText("Renews on February 28, 2026")).toBeTruthy();
  });

  it("says the plan ends, not renews, once it is cancelled at the end of the period", () => {
    renderWithI18n(
      <MemoryRouter>
        <SubscriptionCard subscription={{ ...renewing, cancelAtPeriodEnd: true }} timeZone="Europe/Lisbon" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Termina a 1 de março de 2026")).toBeTruthy();
    expect(screen.queryByText(/Renova/)).toBeNull();
  });
});
