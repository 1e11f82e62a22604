// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SubscriptionState } from "~/lib/plans";
import type { ProfileData } from "./profile-data";
import { SubscriptionTab } from "./subscription-tab";

const paid: SubscriptionState = {
  tier: "light",
  subscribed: true,
  subscriptionEnd: "2027-03-01T03:00:00.000Z",
  cancelAtPeriodEnd: false,
  endIsBonusMonth: false,
  isTrialActive: false,
  trialEndsAt: null,
  paidTier: "light",
  paidStartsAt: null,
};
const data = {
  subscription: paid,
  user: { timeZone: "Europe/Lisbon" },
} as unknown as ProfileData;

let answer: (response: Response) => void = () => {};
const fetches = vi.fn();
const tab = { location: { href: "" }, close: vi.fn() };

beforeEach(() => {
  fetches.mockReset();
  tab.close.mockReset();
  vi.stubGlobal(
    "open",
    vi.fn(() => tab),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      fetches(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Subscrição tab's Gerir subscrição", () => {
  it("shows progress and takes no second click while the portal opens, then says the localised error when it fails", async () => {
    renderWithI18n(<SubscriptionTab data={data} />);
    const manage = screen.getByRole("button", { name: "Gerir subscrição" });
    fireEvent.click(manage);
    fireEvent.click(manage);
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    expect(manage.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(manage);
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(
      screen.getByText("A abrir portal de gestão de subscrição..."),
    ).toBeTruthy();

    await act(async () =>
      answer(
        Response.json(
          { error: { code: "portal_failed", message: "Stripe" } },
          { status: 502 },
        ),
      ),
    );
    await vi.waitFor(() =>
      expect(
        screen.getByText("Erro ao abrir o portal do cliente"),
      ).toBeTruthy(),
    );
    expect(tab.close).toHaveBeenCalled();
    expect(manage.getAttribute("aria-busy")).toBeNull();
    expect((manage as HTMLButtonElement).disabled).toBe(false);
  });
});
