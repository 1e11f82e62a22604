// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import type { CategoryOption, TransactionView } from "../types";
import { TransactionForm } from "./transaction-form";
import { setOfflineSnapshot } from "~/lib/offline/state";

// The offline queue's runtime (IndexedDB): what the form asks it to keep is recorded here.
const enqueueChange = vi.fn(async (change: { key: string; tempId?: string }) => change);
vi.mock("~/lib/offline/runtime", () => ({ enqueueChange, replayNow: vi.fn(async () => undefined), withRealId: (write: unknown) => write }));

let calls: { url: string; init?: RequestInit }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ transaction: {} }), { status: 200, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const categories: CategoryOption[] = [{ id: "groceries", name: "Alimentação/Supermercado", type: "expense" }];
const coffee: TransactionView = { id: "t1", type: "expense", amountCents: 1000, description: "Café", date: "2026-11-23", category: "groceries", source: "manual" };

describe("TransactionForm", () => {
  it.each(["2500,,5", "-5"])("does not save the old amount while the amount box holds %s: its message shows and it takes the focus", async (typed) => {
    const onSaved = vi.fn();
    renderInApp(<TransactionForm open editing={coffee} today="2026-11-23" categories={categories} onClose={() => {}} onSaved={onSaved} onCategoryCreated={() => {}} />);
    const amount = (await screen.findByLabelText("Valor", {}, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: typed } });
    fireEvent.blur(amount);
    screen.getByLabelText("Descrição").focus();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(amount);
    expect(amount.getAttribute("aria-invalid")).toBe("true");

    // Mended, it saves what was typed.
    fireEvent.change(amount, { target: { value: "25" } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls[0].url).toBe("/api/v1/transactions/t1");
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ amountCents: 2500 });
  });
});

describe("saving an edited transaction", () => {
  const openEdit = () => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn() };
    renderInApp(<TransactionForm open editing={coffee} today="2026-11-23" categories={categories} onCategoryCreated={() => {}} {...handlers} />);
    return handlers;
  };
  const sent = () => JSON.parse(String(calls[0].init?.body));

  it("sends only the fields changed, so the amount it opened with cannot undo one changed on another device", async () => {
    const { onSaved } = openEdit();
    fireEvent.change(await screen.findByLabelText("Descrição", {}, { timeout: 10_000 }), { target: { value: "Café e pastel de nata" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls.map((c) => [c.url, c.init?.method])).toEqual([["/api/v1/transactions/t1", "PATCH"]]);
    expect(sent()).toEqual({ description: "Café e pastel de nata" });
  });

  it("sends the category with a changed type, as the form fitted it", async () => {
    const { onSaved } = openEdit();
    fireEvent.change(await screen.findByLabelText("Tipo", {}, { timeout: 10_000 }), { target: { value: "income" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(sent()).toEqual({ type: "income", category: "salary" });
  });

  it("sends nothing when nothing changed, and closes", async () => {
    const { onClose, onSaved } = openEdit();
    await screen.findByLabelText("Descrição", {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("closing the transaction form", () => {
  // The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
  beforeAll(() => import("~/components/ui/confirm-dialog-panel"));

  const openEdit = () => {
    const onClose = vi.fn();
    renderInApp(<TransactionForm open editing={coffee} today="2026-11-23" categories={categories} onClose={onClose} onSaved={() => {}} onCategoryCreated={() => {}} />);
    return onClose;
  };

  it("asks on Cancel after a change; 'Continuar a editar' keeps what was typed, 'Descartar' closes", async () => {
    const onClose = openEdit();
    const description = (await screen.findByLabelText("Descrição", {}, { timeout: 10_000 })) as HTMLInputElement;
    fireEvent.change(description, { target: { value: "Café e pastel de nata" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    expect(screen.getByText(/ainda não foi guardado/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continuar a editar" }));
    await waitFor(() => expect(screen.queryByText("Descartar alterações?")).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(description.value).toBe("Café e pastel de nata");

    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([]);
  });

  it("asks on Escape from the amount box, whose amount is only read as the box is left", async () => {
    const onClose = openEdit();
    const amount = (await screen.findByLabelText("Valor", {}, { timeout: 10_000 })) as HTMLInputElement;
    amount.focus();
    fireEvent.change(amount, { target: { value: "12,50" } });
    fireEvent.keyDown(amount, { key: "Escape" });
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes at once on Escape when nothing changed", async () => {
    const onClose = openEdit();
    fireEvent.keyDown(await screen.findByLabelText("Descrição", {}, { timeout: 10_000 }), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Descartar alterações?")).toBeNull();
  });
});

describe("editing a transaction offline", () => {
  beforeEach(() => {
    enqueueChange.mockClear();
    setOfflineSnapshot({ userId: "user-1", changes: [] });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setOfflineSnapshot({ userId: null, changes: [] });
  });

  it("keeps the fields changed in the queue and closes, instead of failing", async () => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn() };
    renderInApp(<TransactionForm open editing={coffee} today="2026-11-23" categories={categories} onCategoryCreated={() => {}} {...handlers} />);
    fireEvent.change(await screen.findByLabelText("Descrição", {}, { timeout: 10_000 }), { target: { value: "Café e pastel de nata" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(handlers.onClose).toHaveBeenCalledOnce());
    expect(calls).toEqual([]);
    expect(handlers.onSaved).not.toHaveBeenCalled();
    expect(enqueueChange).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "transaction.update", method: "PATCH", path: "/transactions/t1", body: { description: "Café e pastel de nata" }, label: "Café e pastel de nata", userId: "user-1" }),
    );
  });
});
