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
let patchAnswer: { ok: boolean; status: number; data: unknown; error?: { message: string; fields?: Record<string, string> } } = { ok: true, status: 200, data: null };
const calls: { path: string; body?: unknown; method?: string }[] = [];
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(async (path: string, init?: { body?: unknown; method?: string }) => {
    calls.push({ path, body: init?.body, method: init?.method });
    if (init?.method === "PATCH") return patchAnswer;
    if (path === "/finances/recurring") return { ok: true, status: 200, data: { items: [ended, car], nextCursor: null } };
    if (path.endsWith("/skip")) return skipAnswer;
    return { ok: true, status: 204, data: null };
  }),
}));

const { RecurringDialog } = await import("./recurring-dialog");
const { HiddenValues } = await import("../money");

afterEach(() => {
  cleanup();
  calls.length = 0;
});

const categories = [
  { id: "transport", name: "Transportes", type: "expense" as const },
  { id: "health", name: "Saúde", type: "expense" as const },
  { id: "salary", name: "Salário", type: "income" as const },
];
const onClose = vi.fn();
const open = (hidden = false) =>
  renderInApp(
    <HiddenValues.Provider value={hidden}>
      <RecurringDialog open today="2027-02-20" categories={categories} onClose={onClose} onChanged={() => {}} />
    </HiddenValues.Provider>,
  );

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

  it("shows what the running ones bring in and take out per month, masked when values are hidden", async () => {
    open();
    // The car's 250 € a month; the gym has ended and counts for nothing.
    expect((await screen.findByTestId("recurring-totals")).textContent?.replace(/\s/g, " ")).toBe("Por mês: entram 0,00 € · saem 250,00 €");
    cleanup();
    open(true);
    expect((await screen.findByTestId("recurring-totals")).textContent).toBe("Por mês: entram ••••• · saem •••••");
  });
});

describe("editing a recurring transaction in the dialog", () => {
  const editCar = async () => {
    const [item] = await screen.findAllByTestId("recurring-item");
    fireEvent.click(within(item).getByRole("button", { name: "Editar Prestação do carro" }));
    return screen.getByTestId("recurring-edit-form");
  };

  it("changes the amount, description and category in place, the type, frequency and start read-only", async () => {
    patchAnswer = { ok: true, status: 200, data: { recurringTransaction: { ...car, amountCents: 27_500, description: "Carro", category: "health" } } };
    open();
    const form = await editCar();
    const amount = within(form).getByLabelText("Valor") as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.value).toBe("250,00");
    expect(form.textContent).toContain("Para mudar o tipo, a frequência ou a primeira data, pare este e crie outro.");
    // No control for what may not change; only the categories of the rule's type.
    expect(within(form).queryByLabelText("Frequência")).toBeNull();
    expect(within(form).queryByLabelText("Tipo")).toBeNull();
    expect(within(form).queryByRole("option", { name: "Salário" })).toBeNull();
    fireEvent.change(amount, { target: { value: "275" } });
    fireEvent.blur(amount);
    fireEvent.change(within(form).getByLabelText("Descrição"), { target: { value: "Carro" } });
    fireEvent.change(within(form).getByLabelText("Categoria"), { target: { value: "health" } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByTestId("recurring-edit-form")).toBeNull());
    // The end date is left out when it did not change (setting it moves the rule conditionally).
    expect(calls.find((call) => call.method === "PATCH")).toEqual({ path: "/finances/recurring/rt-car", method: "PATCH", body: { amountCents: 27_500, description: "Carro", category: "health" } });
    const [item] = screen.getAllByTestId("recurring-item");
    expect(item.textContent).toContain("Carro");
    expect(item.textContent).toContain("275,00");
    // The focus goes back to the row's "Editar".
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole("button", { name: "Editar Carro" })));
  });

  it("clears the end date with null and shows the API's messages on the fields", async () => {
    patchAnswer = { ok: false, status: 400, data: null, error: { message: "Verifique os campos.", fields: { amountCents: "Indique um valor positivo em cêntimos inteiros, até 10 000 000 €." } } };
    open();
    const form = await editCar();
    fireEvent.change(within(form).getByRole("textbox", { name: /^Até/ }), { target: { value: "" } });
    fireEvent.blur(within(form).getByRole("textbox", { name: /^Até/ }));
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getByText("Indique um valor positivo em cêntimos inteiros, até 10 000 000 €.")).toBeTruthy());
    expect((calls.find((call) => call.method === "PATCH")?.body as { endDate?: unknown }).endDate).toBeNull();
    expect(within(form).getByLabelText("Valor").getAttribute("aria-invalid")).toBe("true");
  });

  it("reads the list again when the rule changed meanwhile (409)", async () => {
    patchAnswer = { ok: false, status: 409, data: null, error: { message: "Este movimento fixo mudou entretanto." } };
    open();
    const form = await editCar();
    fireEvent.submit(form);
    await waitFor(() => expect(calls.filter((call) => call.path === "/finances/recurring")).toHaveLength(2));
    expect(screen.queryByTestId("recurring-edit-form")).toBeNull();
  });

  it("leaves the rule as it was on Escape or Cancelar, and the dialog open", async () => {
    open();
    let form = await editCar();
    fireEvent.change(within(form).getByLabelText("Descrição"), { target: { value: "Outro" } });
    fireEvent.keyDown(within(form).getByLabelText("Descrição"), { key: "Escape", code: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("recurring-edit-form")).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getAllByTestId("recurring-item")[0].textContent).toContain("Prestação do carro");
    form = await editCar();
    // What was typed before is gone: the form starts from the rule again.
    expect((within(form).getByLabelText("Descrição") as HTMLInputElement).value).toBe("Prestação do carro");
    fireEvent.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByTestId("recurring-edit-form")).toBeNull());
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
  });
});
