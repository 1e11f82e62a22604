// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { EventDialog } from "./event-dialog";
import { draftOf } from "./event-draft";

afterEach(cleanup);
// The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("~/components/ui/dialog-parts"), import("~/components/ui/confirm-dialog-panel")]));

// A weekly series: its repeat choices are filled in from the rule when the dialog opens.
const series = draftOf({
  id: "e1",
  recurring: true,
  title: "Natação",
  start: "2026-11-23T18:00:00.000Z",
  end: "2026-11-23T19:00:00.000Z",
  allDay: false,
  timeZone: "Europe/Lisbon",
  rrule: "FREQ=WEEKLY;BYDAY=MO,WE",
});

function open() {
  const onClose = vi.fn();
  renderWithI18n(<EventDialog draft={series} language="pt" onClose={onClose} onSaved={vi.fn()} askScope={vi.fn()} onDelete={vi.fn()} />);
  return onClose;
}

describe("closing the event dialog", () => {
  it("closes at once when nothing changed, the repeat filled in from the rule included", async () => {
    const onClose = open();
    fireEvent.keyDown(await screen.findByLabelText("Título"), { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Descartar alterações?")).toBeNull();
  });

  it("asks before a tap on Cancel throws away a description", async () => {
    const onClose = open();
    fireEvent.change(await screen.findByLabelText(/Descrição/), { target: { value: "Levar a touca nova" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continuar a editar" }));
    await waitFor(() => expect(screen.queryByText("Descartar alterações?")).toBeNull());
    expect((screen.getByLabelText(/Descrição/) as HTMLTextAreaElement).value).toBe("Levar a touca nova");
    expect(onClose).not.toHaveBeenCalled();
  });
});
