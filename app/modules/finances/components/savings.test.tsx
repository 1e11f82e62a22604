// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SavingsPanel, type SavingsGoalView } from "./savings";

afterEach(cleanup);

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
});
