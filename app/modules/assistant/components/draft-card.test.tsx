// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { DraftCard, type Draft } from "./draft-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const coffee: Draft = { id: "d1", type: "transaction", status: "pending", resultId: null, fields: { type: "expense", amountCents: 1_250, description: "Café", category: "restaurants", date: "2026-12-06" } };
const card = (hideValues: boolean) =>
  renderWithI18n(
    <MemoryRouter>
      <DraftCard draft={coffee} timeZone="Europe/Lisbon" hideValues={hideValues} onChange={() => {}} />
    </MemoryRouter>,
  );

describe("the assistant's draft card", () => {
  it("masks a transaction's amount when the user hides finance values", () => {
    card(false);
    expect(screen.getByTestId("draft-card").textContent).toMatch(/12,50\s€/);
    cleanup();
    card(true);
    expect(screen.getByTestId("draft-card").textContent).not.toMatch(/12,50/);
    expect(screen.getByTestId("draft-card").textContent).toContain("Café");
  });

  it("does not confirm the amount shown before while the box holds one it cannot read", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    card(false);
    fireEvent.click(screen.getByRole("button", { name: "Editar" }));
    const box = screen.getByLabelText(/Valor/);
    fireEvent.change(box, { target: { value: "12,,5" } });
    fireEvent.blur(box);
    fireEvent.click(screen.getByTestId("draft-confirm"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
  });

  it("says the category once when the sentence had nothing but an amount (its description is the category)", () => {
    renderWithI18n(
      <MemoryRouter>
        <DraftCard draft={{ ...coffee, fields: { ...coffee.fields, description: "Outros", category: "other" } }} timeZone="Europe/Lisbon" hideValues={false} onChange={() => {}} />
      </MemoryRouter>,
    );
    const text = screen.getByTestId("draft-card").textContent ?? "";
    expect(text).toContain("Outros · ");
    expect(text).not.toContain("Outros · Outros");
  });
});
