// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);
// The dialog itself is a lazily loaded chunk (decision 0042): fetched up front here, as the idle
// preload does in the browser, so the tests time the dialog and not the module transform.
beforeAll(() => import("./confirm-dialog-panel"));

function Harness({ destructive, onConfirm, onCancel }: { destructive: boolean; onConfirm: () => void; onCancel: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      destructive={destructive}
      title="Apagar tarefa?"
      description="Esta ação não pode ser desfeita."
      confirmLabel="Apagar"
      onConfirm={onConfirm}
      // A field before the buttons: without the explicit focus, Headless UI would focus it first.
      children={<input aria-label="Motivo" />}
      onCancel={() => {
        onCancel();
        setOpen(false);
      }}
    />
  );
}

describe("ConfirmDialog", () => {
  it("opens a destructive dialog with the focus on Cancel, in Portuguese by default", async () => {
    renderWithI18n(<Harness destructive onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const cancel = await screen.findByRole("button", { name: "Cancelar" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getByRole("button", { name: "Apagar" }).className).toContain("bg-red-600");
    expect(screen.getByText("Apagar tarefa?")).toBeTruthy();
  });

  it("puts the focus on Confirm when nothing is destroyed", async () => {
    renderWithI18n(<Harness destructive={false} onConfirm={vi.fn()} onCancel={vi.fn()} />, "en");
    const confirm = await screen.findByRole("button", { name: "Apagar" });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("cancels on Escape without confirming", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithI18n(<Harness destructive onConfirm={onConfirm} onCancel={onCancel} />);
    const cancel = await screen.findByRole("button", { name: "Cancelar" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.keyDown(cancel, { key: "Escape" });
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms with the confirm button, and not while disabled", async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithI18n(
      <ConfirmDialog open destructive title="Apagar?" confirmLabel="Apagar" confirmDisabled onConfirm={onConfirm} onCancel={vi.fn()} />,
    );
    const confirm = (await screen.findByRole("button", { name: "Apagar" })) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(confirm.closest("form")!);
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(<ConfirmDialog open destructive title="Apagar?" confirmLabel="Apagar" onConfirm={onConfirm} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Apagar" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
