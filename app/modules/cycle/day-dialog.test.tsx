// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { ScreenDay } from "./cycle.server";
import { DayDialog } from "./day-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const logged: ScreenDay = { id: "d1", date: "2026-11-20", flow: "light", symptoms: ["cramps"], mood: 2, notes: "Dor ao fim da tarde" };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch that answers the day lookup with `days` and records what is posted. */
function server(days: ScreenDay[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json({ day: logged });
      }
      const date = url.searchParams.get("from");
      return json({ items: days.filter((d) => d.date === date), nextCursor: null });
    }),
  );
  return posted;
}

const open = (date: string, suggest: (date: string) => "none" | "medium" = () => "medium") =>
  renderWithI18n(<DayDialog editing={{ date, day: null }} today="2026-11-24" suggest={suggest} onClose={() => {}} onSaved={() => {}} onDelete={() => {}} />);

describe("the cycle's day dialog", () => {
  it("opens a day the screen had not loaded with its log, so saving keeps its symptoms, mood and notes", async () => {
    const posted = server([logged]);
    open("2026-11-20");
    await waitFor(() => expect((screen.getByLabelText(/Notas/) as HTMLTextAreaElement).value).toBe("Dor ao fim da tarde"));
    expect((screen.getByLabelText("Cólicas") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("heading", { name: /^Editar/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Eliminar registo" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ date: "2026-11-20", flow: "light", symptoms: ["cramps"], mood: 2, notes: "Dor ao fim da tarde" });
  });

  it("stays blank for a day without a log", async () => {
    const posted = server([]);
    open("2026-11-21");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole("heading", { name: /^Registar/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Eliminar registo" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ date: "2026-11-21", flow: "medium", symptoms: [], mood: null, notes: "" });
  });

  it("starts a new day's log with the screen's suggested flow: no flow outside a likely period", async () => {
    const posted = server([]);
    open("2026-11-21", (date) => (date === "2026-11-21" ? "none" : "medium"));
    expect((screen.getByRole("radio", { name: "Sem fluxo" }) as HTMLElement).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ date: "2026-11-21", flow: "none" });
  });
});
