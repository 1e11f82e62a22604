// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SIGNED_IN_USER_HEADER, setPageUser } from "~/lib/api";
import { useBillingActions } from "./use-billing-actions";

function Actions() {
  const { status, checkout, portal } = useBillingActions();
  return (
    <>
      <button onClick={() => checkout("pro")}>checkout</button>
      <button onClick={() => portal()}>portal</button>
      <p>{"message" in status ? status.message : status.kind}</p>
    </>
  );
}

let requests: { url: string; headers: Record<string, string> }[] = [];
const tab = { location: { href: "" }, close: vi.fn() };

beforeEach(() => {
  requests = [];
  tab.location.href = "";
  vi.stubGlobal("open", vi.fn(() => tab));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return Response.json({ url: url.endsWith("/portal") ? "https://billing.stripe.com/p/session/x" : "https://checkout.stripe.com/c/pay/x" });
    }),
  );
});

afterEach(() => {
  cleanup();
  setPageUser(null);
  vi.unstubAllGlobals();
});

describe("the subscription screen's checkout and portal", () => {
  // Without the page's user, a page of account A left open while account B signed in in another
  // tab opened B's checkout (checkout takes visitors too, so B's session was simply used).
  it("name the page's user, so they never act for another account signed in meanwhile", async () => {
    setPageUser("user-a");
    renderWithI18n(<Actions />);
    fireEvent.click(screen.getByRole("button", { name: "checkout" }));
    await vi.waitFor(() => expect(tab.location.href).toBe("https://checkout.stripe.com/c/pay/x"));
    fireEvent.click(screen.getByRole("button", { name: "portal" }));
    await vi.waitFor(() => expect(tab.location.href).toBe("https://billing.stripe.com/p/session/x"));
    expect(requests.map((r) => [r.url, r.headers[SIGNED_IN_USER_HEADER]])).toEqual([
      ["/api/v1/billing/checkout", "user-a"],
      ["/api/v1/billing/portal", "user-a"],
    ]);
  });
});
