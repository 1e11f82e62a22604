// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SavingsPanel, type SavingsGoalView } from "./savings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A goal whose deadline is the last day of November, with 300 € still to save.
const goal: SavingsGoalView = { id: "g1", title: "Férias", targetCents: 50_000, savedCents: 20_000, deadline: "2026-11-30", percent: 40, remainingCents: 30_000, monthsLeft: 0, monthlyNeededCents: 30_000 };
const panel = (today: string) =>
  renderWithI18n(
    <MemoryRouter>
      <SavingsPanel goals={[goal]} today={today} advanced={false} onSaved={() => {}} onDelete={() => {}} />
    </MemoryRouter>,
  );

describe("SavingsPanel", () => {
  it("calls a goal overdue from the day after its deadline in the user's own calendar, not the browser's UTC date", () => {
    panel("2026-11-30");
    expect(screen.queryByText(/Prazo ultrapassado/)).toBeNull();
    expect(screen.getByText(/300,00\s€/)).toBeTruthy();
    cleanup();
    panel("2026-12-01");
    expect(screen.getByText(/Prazo ultrapassado: faltam 300,00\s€/)).toBeTruthy();
  });

  it("does not save the previous amount saved while its box holds an unreadable one", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    renderWithI18n(
      <MemoryRouter>
        <SavingsPanel goals={[goal]} today="2026-11-01" advanced onSaved={() => {}} onDelete={() => {}} />
      </MemoryRouter>,
    );
    const box = screen.getByLabelText("Atualizar valor poupado");
    fireEvent.change(box, { target: { value: "2500,,5" } });
    fireEvent.blur(box);
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
  });
});
