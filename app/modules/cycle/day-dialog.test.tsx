// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import type { ScreenDay } from "./cycle.server";
import { DayDialog } from "./day-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const logged: ScreenDay = { id: "d1", date: "2026-11-20", flow: "light", symptoms: ["cramps"], mood: 2, notes: "Dor ao fim da tarde" };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A fetch that answers the day lookup with `days` (or with `lookup`'s answer, which may wait or
 * fail) and records what is posted.
 */
function server(days: ScreenDay[], lookup?: () => Promise<Response>) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json({ day: logged });
      }
      if (lookup) return lookup();
      const [from, to] = [url.searchParams.get("from")!, url.searchParams.get("to")!];
      return json({ items: days.filter((d) => d.date >= from && d.date <= to), nextCursor: null });
    }),
  );
  return posted;
}

const open = (date: string, suggest: (date: string) => "none" | "medium" = () => "medium") =>
  renderInApp(<DayDialog editing={{ date, day: null }} today="2026-11-24" suggest={suggest} onClose={() => {}} onSaved={() => {}} onDelete={() => {}} />);

describe("the cycle's day dialog", () => {
  it("opens a day the screen had not loaded with its log, so saving keeps its symptoms, mood and notes", async () => {
    const posted = server([logged]);
    open("2026-11-20");
    await waitFor(() => expect((screen.getByLabelText(/Notas/) as HTMLTextAreaElement).value).toBe("Dor ao fim da tarde"));
    expect((screen.getByLabelText("Cólicas") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("heading", { name: /^Editar/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar registo" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: /^Humor 4 de 5/ }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // Only what changed: a log changed elsewhere meanwhile keeps the rest.
    expect(posted[0]).toEqual({ date: "2026-11-20", mood: 4 });
  });

  it("sends only the fields changed from the log the screen gave, not the whole form", async () => {
    const posted = server([]);
    renderInApp(<DayDialog editing={{ date: logged.date, day: logged }} today="2026-11-24" suggest={() => "medium"} onClose={() => {}} onSaved={() => {}} onDelete={() => {}} />);
    fireEvent.click(screen.getByLabelText("Cólicas"));
    fireEvent.click(screen.getByLabelText("Dor de cabeça"));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ date: "2026-11-20", symptoms: ["headache"] });
  });

  it("does not save while the day's log is being looked up", async () => {
    let answer: (response: Response) => void = () => {};
    const posted = server([], () => new Promise((resolve) => (answer = resolve)));
    open("2026-11-20");
    expect(screen.getByRole("status").textContent).toBe("A carregar o registo deste dia…");
    const save = screen.getByRole("button", { name: "Guardar" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest("form")!);
    answer(json({ items: [logged], nextCursor: null }));
    await waitFor(() => expect((screen.getByLabelText(/Notas/) as HTMLTextAreaElement).value).toBe("Dor ao fim da tarde"));
    expect((screen.getByRole("button", { name: "Guardar" }) as HTMLButtonElement).disabled).toBe(false);
    expect(posted).toEqual([]);
  });

  it("says so when the lookup fails, saves nothing, and tries again on request", async () => {
    let fail = true;
    const posted = server([], async () => (fail ? json({ error: { code: "bad_request", message: "" } }, 400) : json({ items: [logged], nextCursor: null })));
    open("2026-11-20");
    expect(await screen.findByText(/Não foi possível ler o registo deste dia/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Guardar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText(/Notas/)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect((screen.getByLabelText(/Notas/) as HTMLTextAreaElement).value).toBe("Dor ao fim da tarde"));
    expect(screen.queryByText(/Não foi possível ler/)).toBeNull();
    expect(posted).toEqual([]);
  });

  it("stays blank for a day without a log", async () => {
    const posted = server([]);
    open("2026-11-21");
    await screen.findByLabelText(/Notas/);
    expect(screen.getByRole("heading", { name: /^Registar/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Eliminar registo" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The flow shown is saved; empty fields are the new log's defaults.
    expect(posted[0]).toEqual({ date: "2026-11-21", flow: "medium" });
  });

  it("does not look up a day the screen holds with the day before (offline that lookup failed and nothing could be saved)", async () => {
    const posted = server([], () => Promise.reject(new TypeError("Failed to fetch")));
    renderInApp(<DayDialog editing={{ date: "2026-11-21", day: null, known: true }} today="2026-11-24" suggest={() => "medium"} onClose={() => {}} onSaved={() => {}} onDelete={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ date: "2026-11-21", flow: "medium" });
    expect(screen.queryByText(/Não foi possível ler o registo/)).toBeNull();
  });

  it("starts a new day's log with the screen's suggested flow: no flow outside a likely period", async () => {
    const posted = server([]);
    open("2026-11-21", (date) => (date === "2026-11-21" ? "none" : "medium"));
    expect((await screen.findByRole("radio", { name: "Sem fluxo" }) as HTMLElement).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ date: "2026-11-21", flow: "none" });
  });
});

describe("the day dialog's errors", () => {
  it("points the flow, symptoms and mood groups at their errors, so each is read when its group gets focus", async () => {
    const fields = { flow: "Escolha um fluxo da lista: sem fluxo, borra, leve, médio ou intenso.", symptoms: "Escolha sintomas da lista.", mood: "O humor deve ser de 1 a 5." };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => (init?.method === "POST" ? json({ error: { code: "validation", message: "Dados inválidos.", fields } }, 422) : json({ items: [], nextCursor: null }))),
    );
    open("2026-11-21");
    await screen.findByLabelText(/Notas/);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await screen.findByText(fields.flow);
    const description = (group: HTMLElement) => document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent;
    const flow = screen.getByRole("radiogroup", { name: "Fluxo" });
    const mood = screen.getByRole("radiogroup", { name: "Humor" });
    expect(description(flow)).toBe(fields.flow);
    expect(description(mood)).toBe(fields.mood);
    expect(description(screen.getByRole("group", { name: "Sintomas" }))).toBe(fields.symptoms);
    // A radio group can say it is invalid.
    expect([flow.getAttribute("aria-invalid"), mood.getAttribute("aria-invalid")]).toEqual(["true", "true"]);
  });
});

describe("closing the day dialog", () => {
  // The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
  beforeAll(() => import("~/components/ui/confirm-dialog-panel"));

  const openWith = (onClose: () => void) =>
    renderInApp(<DayDialog editing={{ date: "2026-11-20", day: null }} today="2026-11-24" suggest={() => "medium"} onClose={onClose} onSaved={() => {}} onDelete={() => {}} />);

  it("closes at once with the log it looked up untouched: what the dialog filled in is not a change", async () => {
    server([logged]);
    const onClose = vi.fn();
    openWith(onClose);
    const notes = await screen.findByLabelText(/Notas/);
    await waitFor(() => expect((notes as HTMLTextAreaElement).value).toBe("Dor ao fim da tarde"));
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Descartar alterações?")).toBeNull();
  });

  it("asks before Escape throws away notes written", async () => {
    server([]);
    const onClose = vi.fn();
    openWith(onClose);
    const notes = await screen.findByLabelText(/Notas/);
    fireEvent.change(notes, { target: { value: "Dormi mal" } });
    fireEvent.keyDown(notes, { key: "Escape" });
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
