// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import { SavingsPanel, type SavingsGoalView } from "./savings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A goal whose deadline is the last day of November, with 300 € still to save.
const goal: SavingsGoalView = { id: "g1", title: "Férias", targetCents: 50_000, savedCents: 20_000, deadline: "2026-11-30", percent: 40, remainingCents: 30_000, monthsLeft: 0, monthlyNeededCents: 30_000 };
// Inside the signed-in layout: the new goal's deadline is a date field (see renderInApp).
const panel = (today: string) => renderInApp(<SavingsPanel goals={[goal]} today={today} advanced={false} onSaved={() => {}} onDelete={() => {}} />);

// Rendered with renderInApp, whose `rerender` keeps the same tree (the boxes' state), as the screen's reload does.
const advancedPanel = (shown: SavingsGoalView, onSaved: () => void) => <SavingsPanel goals={[shown]} today="2026-11-01" advanced onSaved={onSaved} onDelete={() => {}} />;

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
    renderInApp(<SavingsPanel goals={[goal]} today="2026-11-01" advanced onSaved={() => {}} onDelete={() => {}} />);
    const box = screen.getByLabelText("Atualizar valor poupado");
    fireEvent.change(box, { target: { value: "2500,,5" } });
    fireEvent.blur(box);
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box);
  });

  it("shows the amount saved changed on another device in 'Atualizar', and saves that, not the one it first loaded", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => (bodies.push(JSON.parse(String(init?.body))), Response.json({ goal: {} })));
    const onSaved = vi.fn();
    const { rerender } = renderInApp(advancedPanel(goal, onSaved));
    const box = screen.getByLabelText("Atualizar valor poupado") as HTMLInputElement;
    expect(box.value).toBe("200,00");
    // 250 € saved on the phone; the screen reloads.
    rerender(advancedPanel({ ...goal, savedCents: 25_000 }, onSaved));
    expect(box.value).toBe("250,00");
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[0]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ savedCents: 25_000 }]);

    // Once saved it follows the stored amount again.
    rerender(advancedPanel({ ...goal, savedCents: 30_000 }, onSaved));
    expect(box.value).toBe("300,00");
  });

  it("keeps what is being typed in 'Atualizar' when the amount saved changes elsewhere meanwhile", () => {
    const { rerender } = renderInApp(advancedPanel(goal, () => {}));
    const box = screen.getByLabelText("Atualizar valor poupado") as HTMLInputElement;
    fireEvent.input(box, { target: { value: "260" } });
    rerender(advancedPanel({ ...goal, savedCents: 25_000 }, () => {}));
    expect(box.value).toBe("260");
  });
});
