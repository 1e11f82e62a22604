// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SubscriptionState } from "~/lib/plans";
import Subscription from "./subscription";

// The loader's server half (the worker's entitlements) is not the screen's: the stub's loader stands in.
vi.mock("./subscription.server", () => ({ loadSubscriptionPage: vi.fn() }));


const state: SubscriptionState = {
  tier: "free",
  subscribed: false,
  subscriptionEnd: null,
  cancelAtPeriodEnd: false,
  endIsBonusMonth: false,
  isTrialActive: false,
  trialEndsAt: "2026-11-01T00:00:00.000Z",
  paidTier: null,
  paidStartsAt: null,
};

let checkouts: unknown[] = [];
beforeEach(() => {
  checkouts = [];
  vi.stubGlobal("open", vi.fn(() => ({ location: { href: "" }, close: vi.fn() })));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/v1/billing/coupon") return Response.json({ code: "BEMVINDO10", percentOff: 10 });
      if (url === "/api/v1/billing/checkout") {
        checkouts.push(JSON.parse(String(init?.body)));
        return Response.json({ url: "https://checkout.stripe.com/c/pay/x" });
      }
      if (url === "/api/v1/billing/referral") return Response.json({ code: "ABCDEFGH", url: "https://rumo.app/auth?ref=ABCDEFGH", invited: 0, paid: 0 });
      return Response.json({ error: { code: "not_found", message: "Não encontrado." } }, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/app/premium",
      loader: () => ({ subscription: state, entitlements: [], timeZone: "Europe/Lisbon", title: "Premium" }),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      Component: Subscription as any,
    },
  ]);
  renderWithI18n(<Stub initialEntries={["/app/premium"]} />);
}

describe("/app/premium's coupon", () => {
  // The code applied stayed applied after the field was cleared or changed: the checkout carried a
  // coupon the screen no longer showed, and "Cupão aplicado" stayed on screen.
  it("is dropped from the checkout, and no longer said to be applied, once the field says something else", async () => {
    renderPage();
    const field = await screen.findByLabelText("Cupão");
    fireEvent.change(field, { target: { value: "bemvindo10" } });
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Cupão aplicado: 10% de desconto no primeiro mês")).toBeTruthy();

    fireEvent.change(field, { target: { value: "" } });
    expect(screen.queryByText("Cupão aplicado: 10% de desconto no primeiro mês")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Escolher Pro" }));
    await vi.waitFor(() => expect(checkouts).toHaveLength(1));
    expect(checkouts[0]).toEqual({ plan: "pro" });

    // Applied and left as it is, it goes with the checkout (once the first checkout has opened).
    await vi.waitFor(() => expect((screen.getByRole("button", { name: "Escolher Light" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(field, { target: { value: "BEMVINDO10" } });
    fireEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Cupão aplicado: 10% de desconto no primeiro mês")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Escolher Light" }));
    await vi.waitFor(() => expect(checkouts).toHaveLength(2));
    expect(checkouts[1]).toEqual({ plan: "light", coupon: "BEMVINDO10" });
  });
});
