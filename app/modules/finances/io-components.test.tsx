// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp, renderWithI18n } from "~/components/ui/test-utils";
import type { OfflineWrite, Queued } from "~/lib/offline/write";
import { ExportButton } from "./export-button";
import { ImportDialog } from "./import-dialog";
import { SentenceEntry } from "./sentence-entry";

// The offline queue as it is, unless a test says what keeping a change on this device gave.
const offline = vi.hoisted(() => ({ next: null as Queued | null, writes: [] as OfflineWrite[] }));
vi.mock("~/lib/offline/write", async (original) => {
  const real = await original<typeof import("~/lib/offline/write")>();
  return {
    ...real,
    writeOrQueue: vi.fn(async (write: OfflineWrite) => {
      offline.writes.push(write);
      const next = offline.next;
      offline.next = null;
      return next ?? real.writeOrQueue(write);
    }),
  };
});

type Call = { url: string; init?: RequestInit };
let calls: Call[];
let answers: ((call: Call) => Response)[];
const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

beforeEach(() => {
  calls = [];
  answers = [];
  offline.writes = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected fetch ${url}`);
    return answer(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Inside the signed-in layout: the draft's date is a date field (see renderInApp).
describe("SentenceEntry", () => {
  it("turns a sentence into a draft to confirm, then saves the (edited) draft", async () => {
    answers.push(() => jsonResponse(200, { draft: { type: "expense", amountCents: 250, description: "Café", date: "2026-11-23", category: "restaurants" } }));
    answers.push(() => jsonResponse(201, { transaction: { id: "t1", type: "expense", amountCents: 250, description: "Café com a Ana", date: "2026-11-23", category: "restaurants" } }));
    const onSaved = vi.fn();
    renderInApp(<SentenceEntry onSaved={onSaved} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Adicionar por frase" }), { target: { value: "café 2,50" } });
    fireEvent.click(screen.getByRole("button", { name: "Interpretar" }));
    // The draft form is its own chunk (loaded on demand): the first import can take over a second on a busy machine.
    const draft = await screen.findByRole("form", { name: "Confirme a transação" }, { timeout: 10_000 });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ text: "café 2,50" });
    expect(within(draft).getByLabelText("Descrição")).toHaveProperty("value", "Café");
    expect(within(draft).getByLabelText("Categoria")).toHaveProperty("value", "restaurants");
    fireEvent.change(within(draft).getByLabelText("Descrição"), { target: { value: "Café com a Ana" } });
    fireEvent.click(within(draft).getByRole("button", { name: "Guardar transação" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("t1"));
    expect(calls[1].url).toBe("/api/v1/transactions");
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ type: "expense", amountCents: 250, description: "Café com a Ana", date: "2026-11-23", category: "restaurants" });
    // Its own Idempotency-Key, through the offline queue's writer, as the transaction form saves.
    expect((calls[1].init?.headers as Record<string, string>)["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(offline.writes).toEqual([expect.objectContaining({ kind: "transaction.create", method: "POST", path: "/transactions" })]);
    expect(screen.queryByRole("form", { name: "Confirme a transação" })).toBeNull();
  });

  it("a draft kept on this device when no answer came is done (no second save); one the device could not keep stays", async () => {
    const read = () => jsonResponse(200, { draft: { type: "expense", amountCents: 250, description: "Café", date: "2026-11-23", category: "restaurants" } });
    answers.push(read);
    const onSaved = vi.fn();
    renderInApp(<SentenceEntry onSaved={onSaved} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Adicionar por frase" }), { target: { value: "café 2,50" } });
    fireEvent.click(screen.getByRole("button", { name: "Interpretar" }));
    let draft = await screen.findByRole("form", { name: "Confirme a transação" }, { timeout: 10_000 });

    offline.next = { queued: false, storageError: "quota" };
    fireEvent.click(within(draft).getByRole("button", { name: "Guardar transação" }));
    await waitFor(() => expect(offline.writes).toHaveLength(1));
    draft = screen.getByRole("form", { name: "Confirme a transação" });
    expect(within(draft).getByLabelText("Descrição")).toHaveProperty("value", "Café");

    offline.next = { queued: true, tempId: "offline-1" };
    fireEvent.click(within(draft).getByRole("button", { name: "Guardar transação" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Confirme a transação" })).toBeNull());
    expect(offline.writes).toEqual([
      expect.objectContaining({ kind: "transaction.create", body: { type: "expense", amountCents: 250, description: "Café", date: "2026-11-23", category: "restaurants" } }),
      expect.objectContaining({ kind: "transaction.create" }),
    ]);
    // Only the sentence was read from the server: the transaction waits in the queue.
    expect(calls).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows 'Erro ao interpretar' and the hint when the sentence has no amount, with no draft", async () => {
    answers.push(() => jsonResponse(422, { error: { code: "unparseable", message: "Erro ao interpretar", fields: { text: "Tente ajustar o texto." } } }));
    renderInApp(<SentenceEntry />);
    fireEvent.change(screen.getByRole("textbox", { name: "Adicionar por frase" }), { target: { value: "reunião às 10" } });
    fireEvent.click(screen.getByRole("button", { name: "Interpretar" }));
    expect(await screen.findByText("Erro ao interpretar. Tente ajustar o texto.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Confirme a transação" })).toBeNull();
  });
});

const preview = {
  items: [
    { line: 5, date: "2026-11-02", type: "expense", amountCents: 4590, description: "COMPRA CONTINENTE", category: "groceries", duplicate: false },
    { line: 6, date: "2026-11-05", type: "income", amountCents: 150000, description: "SALARIO", category: "salary", duplicate: true },
  ],
  skipped: [{ line: 7, reason: "pending" }],
  errors: [],
  mapping: { encoding: "windows-1252", delimiter: ";", headerLine: 4, columns: ["Data mov.", "Descrição", "Débito", "Crédito"], date: 0, description: 1, amount: null, debit: 2, credit: 3, dateFormat: "dmy", decimal: "," },
};

describe("ImportDialog", () => {
  it("previews a file (duplicates flagged, skipped lines listed), re-reads it with a changed column, and imports all", async () => {
    answers.push(() => jsonResponse(200, preview));
    answers.push(() => jsonResponse(200, { ...preview, mapping: { ...preview.mapping, description: 0 } }));
    answers.push(() => jsonResponse(200, { ...preview, imported: 1 }));
    const onImported = vi.fn();
    renderWithI18n(<ImportDialog open onClose={() => undefined} onImported={onImported} />);
    const file = new File(["Data;Descrição\n"], "extrato.csv", { type: "text/csv" });
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [file] } });
    expect(await screen.findByText("COMPRA CONTINENTE")).toBeTruthy();
    expect(calls[0].url).toBe("/api/v1/transactions/import?dryRun=true");
    expect((calls[0].init?.headers as Record<string, string>)["content-type"]).toBe("text/csv");
    expect(screen.getByText("Duplicado")).toBeTruthy();
    expect(screen.getByText("1 movimento a importar · 1 duplicado ignorado")).toBeTruthy();
    expect(screen.getByText(/Linha 7: Pendente/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Descrição"), { target: { value: "0" } });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(new URL(calls[1].url, "http://x").searchParams.get("mapping")).toBe(JSON.stringify({ description: 0 }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Importar tudo" })).toHaveProperty("disabled", false));
    // The user files the first movement under another category before importing.
    fireEvent.change(screen.getByLabelText("Categoria · Linha 5"), { target: { value: "home" } });
    fireEvent.click(screen.getByRole("button", { name: "Importar tudo" }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(1));
    const sent = new URL(calls[2].url, "http://x").searchParams;
    expect(sent.get("dryRun")).toBeNull();
    expect(sent.get("categories")).toBe(JSON.stringify({ 5: "home" }));
  });

  it("another file chosen after a category was picked previews and imports without the first file's choices", async () => {
    answers.push(() => jsonResponse(200, preview));
    answers.push(() => jsonResponse(200, preview));
    answers.push(() => jsonResponse(200, { ...preview, imported: 1 }));
    renderWithI18n(<ImportDialog open onClose={() => undefined} onImported={() => undefined} />);
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [new File(["a"], "a.csv")] } });
    await screen.findByText("COMPRA CONTINENTE");
    fireEvent.change(screen.getByLabelText("Categoria · Linha 5"), { target: { value: "home" } });
    // The wrong file: another one is chosen. Its line 5 is another movement.
    fireEvent.change(screen.getByLabelText("Escolher outro ficheiro"), { target: { files: [new File(["b"], "b.csv")] } });
    await waitFor(() => expect(calls).toHaveLength(2));
    // The preview must show what the import will do: neither carries the first file's choice.
    expect(new URL(calls[1].url, "http://x").searchParams.get("categories")).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Importar tudo" })).toHaveProperty("disabled", false));
    fireEvent.click(screen.getByRole("button", { name: "Importar tudo" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(new URL(calls[2].url, "http://x").searchParams.get("categories")).toBeNull();
  });

  it("asks before Cancel throws away the categories picked in the preview, and closes at once when nothing was picked", async () => {
    answers.push(() => jsonResponse(200, preview));
    const onClose = vi.fn();
    renderWithI18n(<ImportDialog open onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [new File(["a"], "a.csv")] } });
    await screen.findByText("COMPRA CONTINENTE");
    fireEvent.change(screen.getByLabelText("Categoria · Linha 5"), { target: { value: "home" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Continuar a editar" }));
    await waitFor(() => expect(screen.queryByText("Descartar alterações?")).toBeNull());
    expect(screen.getByLabelText("Categoria · Linha 5")).toHaveProperty("value", "home");
    cleanup();

    answers.push(() => jsonResponse(200, preview));
    const onClosePlain = vi.fn();
    renderWithI18n(<ImportDialog open onClose={onClosePlain} />);
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [new File(["a"], "a.csv")] } });
    await screen.findByText("COMPRA CONTINENTE");
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(onClosePlain).toHaveBeenCalled());
  });

  it("writes each movement's date in the language, as the transactions list does (not '2026-11-02')", async () => {
    for (const [language, first, second] of [
      ["pt", "2 de novembro de 2026", "5 de novembro de 2026"],
      ["en", "November 2, 2026", "November 5, 2026"],
    ] as const) {
      answers.push(() => jsonResponse(200, preview));
      renderWithI18n(<ImportDialog open onClose={() => undefined} />, language);
      fireEvent.change(await screen.findByLabelText(language === "pt" ? "Escolher ficheiro" : "Choose file"), { target: { files: [new File(["x"], "x.csv")] } });
      await screen.findByText("COMPRA CONTINENTE");
      const rows = screen.getAllByRole("row").slice(1);
      expect(rows.map((row) => row.querySelector("td")!.textContent)).toEqual([first, second]);
      expect(screen.queryByText("2026-11-02")).toBeNull();
      cleanup();
    }
  });

  it("blocks the import while lines cannot be read, naming them", async () => {
    answers.push(() => jsonResponse(200, { ...preview, errors: [{ line: 9, reason: "invalid_date" }] }));
    renderWithI18n(<ImportDialog open onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [new File(["x"], "x.csv")] } });
    expect(await screen.findByText(/Linha 9: Data inválida/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar tudo" })).toHaveProperty("disabled", true);
  });

  it("shows the server's message for a file that is not CSV", async () => {
    answers.push(() => jsonResponse(400, { error: { code: "validation_failed", message: "O ficheiro não é um CSV. Exporte os movimentos em CSV no site do seu banco." } }));
    renderWithI18n(<ImportDialog open onClose={() => undefined} />, "pt");
    fireEvent.change(await screen.findByLabelText("Escolher ficheiro"), { target: { files: [new File(["%PDF"], "x.pdf")] } });
    expect(await screen.findByText("O ficheiro não é um CSV. Exporte os movimentos em CSV no site do seu banco.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar tudo" })).toHaveProperty("disabled", true);
  });
});

describe("ExportButton", () => {
  it("downloads the CSV with the filters, under the server's file name", async () => {
    answers.push(() => new Response("\uFEFFData;Tipo\r\n", { status: 200, headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="transacoes-2026-11-23.csv"' } }));
    const clicked: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithI18n(<ExportButton filters={{ type: "expense", q: "" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(clicked).toEqual(["transacoes-2026-11-23.csv"]));
    expect(calls[0].url).toBe("/api/v1/transactions/export.csv?type=expense");
    click.mockRestore();
  });

  it("leaves a 402 to the shell's upgrade offer", async () => {
    answers.push(() => jsonResponse(402, { error: { code: "premium_required", message: "Funcionalidade Premium" } }));
    const upgrade = vi.fn();
    window.addEventListener("rumo:premium-required", upgrade);
    renderWithI18n(<ExportButton />, "en");
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(upgrade).toHaveBeenCalled());
    window.removeEventListener("rumo:premium-required", upgrade);
  });
});
