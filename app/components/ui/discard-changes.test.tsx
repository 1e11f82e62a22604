// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { Dialog, DialogPanel, DialogTitle } from "./dialog";
import { useDiscardChanges } from "./discard-changes";
import { TextField } from "./field";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);
// Both dialogs are lazily loaded chunks (decision 0042): fetched up front, as the idle preload does.
beforeAll(() => Promise.all([import("./dialog-parts"), import("./confirm-dialog-panel")]));

/**
 * An editing dialog as the screens write one. The note is read as its box is left (as an amount
 * or a typed date is): Escape, which blurs the box before closing, changes the form at that moment.
 */
function Editor({ onClose, onSave }: { onClose: () => void; onSave: () => void }) {
  const [name, setName] = useState("Ana");
  const [note, setNote] = useState("");
  const { close, question } = useDiscardChanges(name !== "Ana" || note !== "", onClose);
  return (
    <Dialog open onClose={close} className="relative z-50">
      <div className="fixed inset-0" data-testid="backdrop">
        <DialogPanel
          as="form"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
            onClose();
          }}
        >
          <DialogTitle>Contacto</DialogTitle>
          <TextField label="Nome" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField label="Nota" defaultValue="" onBlur={(event) => setNote(event.target.value)} />
          <Button variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit">Guardar</Button>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}

function open(language: "pt" | "en" = "pt") {
  const handlers = { onClose: vi.fn(), onSave: vi.fn() };
  renderWithI18n(<Editor {...handlers} />, language);
  return handlers;
}

describe("useDiscardChanges", () => {
  it("closes at once when the form is as it opened, even after typing that was taken back", async () => {
    const { onClose } = open();
    const name = await screen.findByLabelText("Nome");
    fireEvent.change(name, { target: { value: "Ana Sofia" } });
    fireEvent.change(name, { target: { value: "Ana" } });
    fireEvent.keyDown(name, { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks on Escape after a change, and Escape on the question goes back to the field with the focus", async () => {
    const { onClose } = open();
    const name = (await screen.findByLabelText("Nome")) as HTMLInputElement;
    name.focus();
    fireEvent.change(name, { target: { value: "Ana Sofia" } });
    fireEvent.keyDown(name, { key: "Escape" });
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain("Descartar alterações?");
    expect(question.textContent).toContain("O que escreveu ou alterou ainda não foi guardado e perde-se se fechar agora.");
    // A hurried Enter keeps editing.
    const keep = screen.getByRole("button", { name: "Continuar a editar" });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.keyDown(keep, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.value).toBe("Ana Sofia");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("counts a change made as Escape leaves a box read on leaving", async () => {
    const { onClose } = open();
    const note = (await screen.findByLabelText("Nota")) as HTMLInputElement;
    note.focus();
    fireEvent.change(note, { target: { value: "Ligar depois das 18h" } });
    fireEvent.keyDown(note, { key: "Escape" });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks on a tap on the backdrop after a change", async () => {
    const { onClose } = open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Rui" } });
    const backdrop = screen.getByTestId("backdrop");
    fireEvent.pointerDown(backdrop);
    fireEvent.pointerUp(backdrop);
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks on Cancel and closes once 'Descartar' is chosen", async () => {
    const { onClose } = open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Rui" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("never asks on saving", async () => {
    const { onClose, onSave } = open();
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Rui" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("speaks English", async () => {
    open("en");
    fireEvent.change(await screen.findByLabelText("Nome"), { target: { value: "Rui" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(await screen.findByText("Discard changes?")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Keep editing" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Discard" })).toBeTruthy();
  });
});
