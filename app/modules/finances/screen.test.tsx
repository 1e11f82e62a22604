// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { undos } from "~/components/ui/undo.test-utils";

// The route module's loader reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/billing/entitlements", () => ({ entitlementsOfAuth: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
// The undo toast's delete, kept to send it at once (the real one waits for the undo window).
vi.mock("~/components/ui/undo", () => import("~/components/ui/undo.test-utils"));

const { default: Finances } = await import("./routes/finances");

afterEach(() => {
  cleanup();
  summary = RUNNING;
});

// The twelve months ending in March 2026.
const months = ["2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"];
/** The running month's summary on 10 March, as the loader answers it: counted up to today, the rest scheduled. */
const RUNNING = {
  month: "2026-03",
  from: "2026-03-01",
  to: "2026-03-10",
  partial: true,
  balanceCents: 74910,
  incomeCents: 120000,
  expenseCents: 45090,
  netCents: 74910,
  count: 2,
  byCategory: [],
  scheduled: { from: "2026-03-11", to: "2026-03-31", incomeCents: 0, expenseCents: 65000, count: 1 },
};
let summary: typeof RUNNING = RUNNING;
const loaderData = (hideValues = false, savingsGoals: unknown[] = [], budgets: unknown[] = []) => ({
  today: "2026-03-10",
  month: "2026-03",
  filters: {},
  advanced: true,
  insights: false,
  hideValues,
  summary,
  transactions: [],
  nextCursor: null,
  balances: {},
  recent: [],
  ownCategories: [],
  budgets,
  savingsGoals,
  analysis: {
    month: "2026-03",
    previousMonth: "2026-02",
    compared: { from: "2026-02-01", to: "2026-02-10", current: { from: "2026-03-01", to: "2026-03-10" }, partial: true },
    months: months.map((month) => (month === "2026-03" ? { month, incomeCents: 120000, expenseCents: 45090, netCents: 74910 } : { month, incomeCents: 0, expenseCents: 0, netCents: 0 })),
    monthOverMonth: { income: { currentCents: 0, previousCents: 0, changeCents: 0, changePercent: null }, expense: { currentCents: 0, previousCents: 0, changeCents: 0, changePercent: null }, net: { currentCents: 0, previousCents: 0, changeCents: 0, changePercent: null } },
    byCategory: [],
  },
});

/** Where the screen is: its search parameters, as the address bar would show them. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderFinances(search = "", hideValues = false, savingsGoals: unknown[] = [], budgets: unknown[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/app/financas",
      loader: () => loaderData(hideValues, savingsGoals, budgets),
      Component: (props: Parameters<typeof Finances>[0]) => (
        <>
          <Finances {...props} />
          <Address />
        </>
      ),
    },
  ]);
  renderWithI18n(<Stub initialEntries={[`/app/financas${search}`]} />);
}

describe("the finances' tabs", () => {
  it("are one Tab stop that the arrow keys, Home and End move along, each showing its panel and keeping ?tab=", async () => {
    renderFinances();
    const overview = await screen.findByRole("tab", { name: "Resumo" });
    expect(overview.getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole("tabpanel", { name: "Resumo" });
    expect(overview.getAttribute("aria-controls")).toBe(panel.id);
    // The month's arrows belong to the overview's panel.
    expect(within(panel).getByTestId("finances-month")).toBeTruthy();

    overview.focus();
    await act(async () => void fireEvent.keyDown(overview, { key: "ArrowRight" }));
    const transactions = screen.getByRole("tab", { name: "Transações" });
    expect(transactions.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(transactions);
    expect(screen.getByTestId("address").textContent).toBe("?tab=transactions");
    expect(screen.getByRole("tabpanel", { name: "Transações" })).toBeTruthy();
    expect(screen.queryByTestId("finances-month")).toBeNull();

    await act(async () => void fireEvent.keyDown(transactions, { key: "End" }));
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Poupanças" }));
    expect(screen.getByTestId("address").textContent).toBe("?tab=savings");
    await act(async () => void fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" }));
    expect(document.activeElement).toBe(overview);
    expect(screen.getByTestId("address").textContent).toBe("?tab=overview");
  });

  it("opens the tab the address names", async () => {
    renderFinances("?tab=budgets");
    const budgets = await screen.findByRole("tab", { name: "Orçamentos" });
    expect(budgets.getAttribute("aria-selected")).toBe("true");
    expect(budgets.tabIndex).toBe(0);
    expect(within(screen.getByRole("tabpanel", { name: "Orçamentos" })).getByTestId("finances-month")).toBeTruthy();
  });

  it("give the budgets and the savings one tabpanel each, the tab kit's, not one nested in another", async () => {
    renderFinances("?tab=budgets");
    await screen.findByRole("heading", { name: "Orçamentos mensais" });
    expect(screen.getAllByRole("tabpanel").map((panel) => panel.getAttribute("aria-labelledby"))).toEqual([screen.getByRole("tab", { name: "Orçamentos" }).id]);
    cleanup();
    renderFinances("?tab=savings");
    await screen.findByRole("heading", { name: "Objetivos de poupança" });
    expect(screen.getAllByRole("tabpanel").map((panel) => panel.getAttribute("aria-labelledby"))).toEqual([screen.getByRole("tab", { name: "Poupanças" }).id]);
  });
});

/** A table's rows as text, one array of cells per row (the header row first); Intl's no-break spaces as spaces. */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, " ")));

describe("the month's figures and the budgets count the same days", () => {
  it("says the running month's cards stop at today, shows what is dated later apart, and the budgets say their basis", async () => {
    renderFinances();
    const cards = await screen.findByTestId("finances-summary");
    expect(within(cards).getAllByRole("heading").map((h) => h.textContent)).toEqual(["Saldo hoje", "Receitas até hoje", "Despesas até hoje", "Resultado até hoje"]);
    const scheduled = screen.getByTestId("finances-scheduled").textContent!.replace(/\s+/g, " ");
    expect(scheduled).toContain("Ainda por vir (11–31 de março de 2026), não contado acima:");
    expect(scheduled).toMatch(/Despesas 650,00\s€/);
    cleanup();
    renderFinances("?tab=budgets");
    expect((await screen.findByTestId("budget-basis")).textContent).toBe("Gasto de 1–10 de março de 2026: uma despesa com data depois de hoje conta no seu dia.");
  });

  it("calls a finished month's figures the month's, with nothing scheduled and no basis to state", async () => {
    summary = { ...RUNNING, month: "2026-02", from: "2026-02-01", to: "2026-02-28", partial: false, scheduled: { from: "2026-03-01", to: "2026-02-28", incomeCents: 0, expenseCents: 0, count: 0 } };
    renderFinances();
    const cards = await screen.findByTestId("finances-summary");
    expect(within(cards).getAllByRole("heading").map((h) => h.textContent)).toEqual(["Saldo", "Receitas do mês", "Despesas do mês", "Resultado do mês"]);
    expect(screen.queryByTestId("finances-scheduled")).toBeNull();
    cleanup();
    renderFinances("?tab=budgets");
    await screen.findByText("Orçamentos mensais");
    expect(screen.queryByTestId("budget-basis")).toBeNull();
  });
});

describe("the month chart as text", () => {
  it("gives the twelve months' income and expense as a table named like the chart, before the chart's code has loaded", async () => {
    renderFinances();
    const rows = rowsOf(await screen.findByRole("table", { name: "Visão por mês (12 meses)" }));
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["Mês", "Receitas", "Despesas"]);
    expect(rows[1]).toEqual(["abril de 2025", "0,00 €", "0,00 €"]);
    expect(rows[12]).toEqual(["março de 2026", "1 200,00 €", "450,90 €"]);
  });

  it("says 'hidden value' for each amount when the user hides values", async () => {
    renderFinances("", true);
    const table = await screen.findByRole("table", { name: "Visão por mês (12 meses)" });
    expect(table.textContent).not.toContain("450,90");
    expect(within(table).getAllByText("Valor oculto")).toHaveLength(24);
  });
});

describe("deleting with undo", () => {
  afterEach(() => {
    undos.length = 0;
    vi.unstubAllGlobals();
  });

  it("calls a savings goal already deleted on another device deleted, not a failure", async () => {
    let status = 404;
    vi.stubGlobal("fetch", vi.fn(async () => (status === 204 ? new Response(null, { status }) : Response.json({ error: { code: "not_found", message: "" } }, { status }))));
    const trip = { id: "s1", title: "Férias", targetCents: 50_000, savedCents: 20_000, deadline: null, percent: 40, remainingCents: 30_000, monthsLeft: null, monthlyNeededCents: null };
    renderFinances("?tab=savings", false, [trip]);
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar Férias" }));
    await expect(undos[0].commit()).resolves.toBe(true);
    status = 500;
    await expect(undos[0].commit()).resolves.toBe(false);
  });

  it("adding again the category of a budget being deleted sends that DELETE first, then the new budget, no conflict", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${new URL(url, "http://x").pathname}`);
        return init?.method === "DELETE" ? new Response(null, { status: 204 }) : Response.json({ budget: {} }, { status: 201 });
      }),
    );
    const groceries = { id: "b1", category: "groceries", limitCents: 10_000, spentCents: 0, remainingCents: 10_000, percent: 0, status: "ok" };
    renderFinances("?tab=budgets", false, [], [groceries]);
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar Alimentação/Supermercado" }));
    // Its undo window still open, the category is offered again.
    const form = await screen.findByRole("form", { name: "Novo orçamento" });
    fireEvent.change(within(form).getByLabelText("Categoria"), { target: { value: "groceries" } });
    const box = within(form).getByLabelText("Limite mensal");
    fireEvent.change(box, { target: { value: "150" } });
    fireEvent.blur(box);
    fireEvent.click(within(form).getByRole("button", { name: "Novo orçamento" }));
    await waitFor(() => expect(calls.filter((call) => !call.startsWith("GET"))).toEqual(["DELETE /api/v1/budgets/b1", "POST /api/v1/budgets"]));
  });
});
