// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "~/i18n/i18n.server";
import type { CategoryOption } from "../types";
import { BudgetsPanel, type BudgetView } from "./budgets";

let bodies: unknown[];
beforeEach(() => {
  bodies = [];
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ budget: {} }), { status: 201, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const categories: CategoryOption[] = [
  { id: "groceries", name: "Alimentação/Supermercado", type: "expense" },
  { id: "restaurants", name: "Restaurantes", type: "expense" },
  { id: "home", name: "Casa", type: "expense" },
];
const names = new Map(categories.map((c) => [c.id, c.name]));
const budget = (category: string): BudgetView => ({ id: `b-${category}`, category, limitCents: 10_000, spentCents: 0, remainingCents: 10_000, percent: 0, status: "ok" });
const i18n = createI18n("pt");
// A wrapper, so that `rerender` keeps the same tree (the form's state) as the screen's reload does.
const renderPanel = (ui: ReactElement) => render(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
const panel = (budgets: BudgetView[], onSaved = () => {}): ReactElement => (
  <MemoryRouter>
    <BudgetsPanel budgets={budgets} advanced categories={categories} categoryName={(id) => names.get(id) ?? id} onSaved={onSaved} onDelete={() => {}} />
  </MemoryRouter>
);

function addBudget(limit: string) {
  const form = screen.getByRole("form", { name: "Novo orçamento" });
  const box = within(form).getByLabelText("Limite mensal") as HTMLInputElement;
  fireEvent.change(box, { target: { value: limit } });
  fireEvent.blur(box);
  fireEvent.click(within(form).getByRole("button", { name: "Novo orçamento" }));
  return { form, box };
}

describe("BudgetsPanel", () => {
  it("adds a second budget for the category the select shows, not the one just used", async () => {
    const onSaved = vi.fn();
    const { rerender } = renderPanel(panel([], onSaved));
    addBudget("100");
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ category: "groceries", limitCents: 10_000 }]);

    // The screen reloads with the new budget: groceries is no longer offered.
    rerender(panel([budget("groceries")], onSaved));
    const select = screen.getByLabelText("Categoria");
    expect([...select.querySelectorAll("option")].map((o) => o.getAttribute("value"))).toEqual(["restaurants", "home"]);
    expect(select).toHaveProperty("value", "restaurants");
    addBudget("50");
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toEqual({ category: "restaurants", limitCents: 5_000 });
  });

  it("keeps a category chosen in the select while it is still offered", async () => {
    const onSaved = vi.fn();
    const { rerender } = renderPanel(panel([], onSaved));
    fireEvent.change(screen.getByLabelText("Categoria"), { target: { value: "home" } });
    rerender(panel([budget("groceries")], onSaved));
    addBudget("20");
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ category: "home", limitCents: 2_000 }]);
  });

  it("does not add a budget with the previous limit while the limit box holds an unreadable amount", async () => {
    const onSaved = vi.fn();
    renderPanel(panel([], onSaved));
    addBudget("100");
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const { box } = addBudget("2500,,5");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toHaveLength(1);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(box);
    expect(screen.getByText(/^Valor inválido/)).toBeTruthy();
  });

  it("shows the limit changed on another device in 'Alterar limite', and saves that, not the one it first loaded", async () => {
    const onSaved = vi.fn();
    const { rerender } = renderPanel(panel([budget("groceries")], onSaved));
    // The limit goes from 100 € to 150 € elsewhere; the screen reloads.
    rerender(panel([{ ...budget("groceries"), limitCents: 15_000 }], onSaved));
    fireEvent.click(screen.getByRole("button", { name: "Alterar limite" }));
    const list = screen.getByTestId("budget-list");
    expect((within(list).getByLabelText("Limite mensal") as HTMLInputElement).value).toBe("150,00");
    // While it is open and untouched it follows too.
    rerender(panel([{ ...budget("groceries"), limitCents: 17_500 }], onSaved));
    expect((within(list).getByLabelText("Limite mensal") as HTMLInputElement).value).toBe("175,00");
    fireEvent.click(within(list).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ limitCents: 17_500 }]);
  });

  it("closes 'Alterar limite' with 'Cancelar' or Escape, saving nothing, the focus back on 'Alterar limite'", async () => {
    const onSaved = vi.fn();
    renderPanel(panel([budget("groceries")], onSaved));
    const list = screen.getByTestId("budget-list");
    fireEvent.click(within(list).getByRole("button", { name: "Alterar limite" }));
    fireEvent.input(within(list).getByLabelText("Limite mensal"), { target: { value: "300" } });
    fireEvent.click(within(list).getByRole("button", { name: "Cancelar" }));
    expect(within(list).queryByLabelText("Limite mensal")).toBeNull();
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Alterar limite" }));

    // Opened again, it shows the stored limit, not what was typed; Escape closes it too.
    fireEvent.click(within(list).getByRole("button", { name: "Alterar limite" }));
    const box = within(list).getByLabelText("Limite mensal") as HTMLInputElement;
    expect(box.value).toBe("100,00");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(within(list).queryByLabelText("Limite mensal")).toBeNull();
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Alterar limite" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("awaits 'beforeCreate' (a pending delete of the category's old budget) before creating the budget", async () => {
    let release = () => {};
    const beforeCreate = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const onSaved = vi.fn();
    renderPanel(
      <MemoryRouter>
        <BudgetsPanel budgets={[]} advanced categories={categories} categoryName={(id) => names.get(id) ?? id} onSaved={onSaved} onDelete={() => {}} beforeCreate={beforeCreate} />
      </MemoryRouter>,
    );
    addBudget("100");
    await waitFor(() => expect(beforeCreate).toHaveBeenCalledWith("groceries"));
    expect(bodies).toEqual([]);
    release();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ category: "groceries", limitCents: 10_000 }]);
  });

  it("keeps what is being typed in 'Alterar limite' when the limit changes elsewhere meanwhile", () => {
    const { rerender } = renderPanel(panel([budget("groceries")]));
    fireEvent.click(screen.getByRole("button", { name: "Alterar limite" }));
    const box = within(screen.getByTestId("budget-list")).getByLabelText("Limite mensal") as HTMLInputElement;
    fireEvent.input(box, { target: { value: "120" } });
    rerender(panel([{ ...budget("groceries"), limitCents: 15_000 }]));
    expect(box.value).toBe("120");
  });
});
