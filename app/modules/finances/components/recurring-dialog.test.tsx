// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import type { RecurringView } from "../types";

// "Movimentos fixos" with an end date and "Saltar o próximo" (decision 0116, "Revised").
const rule = (overrides: Partial<RecurringView>): RecurringView => ({
  id: "rt",
  type: "expense",
  amountCents: 25_000,
  description: "",
  category: "transport",
  frequency: "monthly",
  startDate: "2027-01-05",
  nextDate: "2027-03-05",
  endDate: null,
  endedOn: null,
  ...overrides,
});
// The server's order puts an ended rule last by its sentinel; this list has it first, as a stale cache might.
const ended = rule({ id: "rt-ended", description: "Ginásio", nextDate: null, endDate: "2026-12-31", endedOn: "2026-12-05" });
const car = rule({ id: "rt-car", description: "Prestação do carro", endDate: "2027-12-31" });
let skipAnswer: { ok: boolean; status: number; data: unknown; error?: { message: string } } = { ok: true, status: 200, data: { recurringTransaction: { ...car, nextDate: "2027-04-05" } } };
const calls: { path: string; body?: unknown }[] = [];
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(async (path: string, init?: { body?: unknown }) => {
    calls.push({ path, body: init?.body });
    if (path === "/finances/recurring") return { ok: true, status: 200, data: { items: [ended, car], nextCursor: null } };
    if (path.endsWith("/skip")) return skipAnswer;
    return { ok: true, status: 204, data: null };
  }),
}));

const { RecurringDialog } = await import("./recurring-dialog");

afterEach(() => {
  cleanup();
  calls.length = 0;
});

const open = () =>
  renderInApp(<RecurringDialog open today="2027-02-20" categories={[{ id: "transport", name: "Transportes", type: "expense" }]} onClose={() => {}} onChanged={() => {}} />);

describe("the recurring transactions dialog", () => {
  it("lists the running ones first with their end, then those that ended with the day they did", async () => {
    open();
    const items = await screen.findAllByTestId("recurring-item");
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining("Prestação do carro"), expect.stringContaining("Ginásio")]);
    expect(items[0].textContent).toContain("Próximo: 5 de março de 2027 · até 31 de dezembro de 2027");
    expect(within(items[1]).getByTestId("recurring-ended").textContent).toContain("Terminou a 5 de dezembro de 2026");
    // Only a running one has a next occurrence to skip.
    expect(within(items[0]).getByRole("button", { name: "Saltar o próximo de Prestação do carro" })).toBeTruthy();
    expect(within(items[1]).queryByRole("button", { name: /Saltar/ })).toBeNull();
  });

  it("skips the next date it shows and shows the one after", async () => {
    open();
    const [item] = await screen.findAllByTestId("recurring-item");
    fireEvent.click(within(item).getByRole("button", { name: "Saltar o próximo de Prestação do carro" }));
    await waitFor(() => expect(within(item).getByTestId("recurring-next").textContent).toContain("Próximo: 5 de abril de 2027"));
    expect(calls.find((call) => call.path === "/finances/recurring/rt-car/skip")?.body).toEqual({ date: "2027-03-05" });
  });

  it("reads the list again when the rule had moved on (409)", async () => {
    skipAnswer = { ok: false, status: 409, data: null, error: { message: "Este movimento já foi registado ou saltado. A lista mostra a próxima data." } };
    open();
    const [item] = await screen.findAllByTestId("recurring-item");
    fireEvent.click(within(item).getByRole("button", { name: "Saltar o próximo de Prestação do carro" }));
    await waitFor(() => expect(calls.filter((call) => call.path === "/finances/recurring")).toHaveLength(2));
  });
});
