// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, subscribeToasts, type Toast } from "~/components/shell/toast-store";
import { renderInApp } from "~/components/ui/test-utils";
import type { OfflineWrite, Queued } from "~/lib/offline/write";
import { PeriodDialog, type LoggedPeriod } from "./period-dialog";

/** What writeOrQueue answers next: a server answer, or (offline) queued. */
let answer: (write: OfflineWrite) => unknown;
const written: OfflineWrite[] = [];
vi.mock("~/lib/offline/write", async (original) => ({
  ...(await original<typeof import("~/lib/offline/write")>()),
  writeOrQueue: vi.fn(async (write: OfflineWrite) => {
    written.push(write);
    return answer(write);
  }),
}));

let shown: Toast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  unsubscribe = subscribeToasts((toasts) => (shown = toasts));
});
afterEach(() => {
  for (const item of shown) dismissToast(item.id);
  unsubscribe();
  cleanup();
  written.length = 0;
});

const TODAY = "2026-11-24";
const day = (id: string, date: string) => ({ id, date, flow: "heavy" as const, symptoms: [], mood: null, notes: "" });
const period: LoggedPeriod = {
  days: [day("a", "2026-11-10"), day("b", "2026-11-11"), day("c", "2026-11-12"), day("d", "2026-11-13"), day("e", "2026-11-14")],
  created: ["a", "b", "d", "e"],
  previous: [{ id: "c", date: "2026-11-12", flow: "light" }],
};

async function open() {
  const handlers = { onClose: vi.fn(), onSaved: vi.fn() };
  renderInApp(<PeriodDialog today={TODAY} {...handlers} />);
  await screen.findByRole("button", { name: "Guardar" });
  return handlers;
}
const typeDate = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe("the cycle's period dialog", () => {
  it("logs a five-day period in one request, and its toast's Anular takes it back: new days deleted, a changed one gets its flow back", async () => {
    answer = (write) => (write.method === "POST" ? { ok: true, status: 201, data: period } : { ok: true, status: write.method === "DELETE" ? 204 : 200, data: null });
    const { onSaved } = await open();
    typeDate("Primeiro dia", "10/11/2026");
    fireEvent.click(screen.getByLabelText("Ainda a decorrer"));
    typeDate("Último dia", "14/11/2026");
    expect(await screen.findByText("5 dias")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: /Intenso/ }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(written).toEqual([expect.objectContaining({ kind: "cycle.period", method: "POST", path: "/cycle/days/range", body: { start: "2026-11-10", end: "2026-11-14", flow: "heavy" } })]);

    const saved = shown.find((t) => t.tone === "success")!;
    expect(saved.title).toEqual({ key: "cycle:period.saved", values: { count: 5 } });
    expect(saved.action?.label).toEqual({ key: "cycle:undo" });
    await act(async () => saved.action!.onClick());
    await waitFor(() => expect(written).toHaveLength(6));
    expect(written.slice(1)).toEqual(
      expect.arrayContaining([
        ...["a", "b", "d", "e"].map((id) => expect.objectContaining({ kind: "cycle.delete", method: "DELETE", path: `/cycle/days/${id}` })),
        expect.objectContaining({ kind: "cycle.update", method: "PATCH", path: "/cycle/days/c", body: { flow: "light" } }),
      ]),
    );
    await waitFor(() => expect(shown.some((t) => typeof t.title === "object" && t.title.key === "cycle:period.undone")).toBe(true));
  });

  it("logs a period still going on without an end: the server runs it to today", async () => {
    answer = () => ({ ok: true, status: 201, data: { ...period, days: period.days.slice(0, 1), created: ["a"], previous: [] } });
    const { onSaved } = await open();
    typeDate("Primeiro dia", "22/11/2026");
    expect(await screen.findByText("3 dias")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(written[0].body).toEqual({ start: "2026-11-22", flow: "medium" });
  });

  it("refuses a last day before the first and a period over 14 days without sending anything", async () => {
    answer = () => {
      throw new Error("nothing should be sent");
    };
    const { onSaved } = await open();
    typeDate("Primeiro dia", "10/11/2026");
    fireEvent.click(screen.getByLabelText("Ainda a decorrer"));
    typeDate("Último dia", "09/11/2026");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("O último dia não pode ser antes do primeiro.")).toBeTruthy();
    typeDate("Último dia", "24/11/2026");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Um período tem no máximo 14 dias: verifique as datas.")).toBeTruthy();
    expect(written).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's refusal next to its field, and stays open", async () => {
    answer = () => ({ ok: false, status: 400, error: { code: "validation_failed", message: "Não pode registar um dia no futuro.", fields: { start: "Não pode registar um dia no futuro." } } });
    const { onSaved } = await open();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Não pode registar um dia no futuro.")).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("offline, keeps the period to send later and closes, saying so, without reloading the screen", async () => {
    answer = (): Queued => ({ queued: true, tempId: "offline-1" });
    const { onSaved, onClose } = await open();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).not.toHaveBeenCalled();
    expect(written[0]).toMatchObject({ kind: "cycle.period", body: { start: TODAY, flow: "medium" } });
    expect(shown.some((t) => typeof t.title === "object" && t.title.key === "shell:offline.queuedTitle")).toBe(true);
  });

  it("offline with the device's storage full, stays open and says the period was not kept", async () => {
    answer = (): Queued => ({ queued: false, storageError: "quota" });
    const { onSaved } = await open();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(/O armazenamento do dispositivo está cheio/)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
