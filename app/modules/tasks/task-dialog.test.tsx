// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { OfflineWrite, Queued } from "~/lib/offline/write";
import { emptyForm } from "./model";
import { TaskDialog } from "./task-dialog";

let outcome: Queued;
const written: OfflineWrite[] = [];
vi.mock("~/lib/offline/write", async (original) => ({
  ...(await original<typeof import("~/lib/offline/write")>()),
  writeOrQueue: vi.fn(async (write: OfflineWrite) => {
    written.push(write);
    return outcome;
  }),
}));

afterEach(() => {
  cleanup();
  written.length = 0;
});

async function openNewTask() {
  const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onQueued: vi.fn() };
  renderWithI18n(<TaskDialog dialogue={{ mode: "create", form: emptyForm() }} timeZone="Europe/Lisbon" language="pt" {...handlers} />);
  fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Ligar ao banco" } });
  fireEvent.submit(screen.getByTestId("task-form"));
  return handlers;
}

describe("the task dialog offline", () => {
  it("is done once the new task is kept in the device's queue", async () => {
    outcome = { queued: true, tempId: "offline-1" };
    const { onQueued, onClose } = await openNewTask();
    await waitFor(() => expect(onQueued).toHaveBeenCalledWith(outcome));
    expect(written).toEqual([expect.objectContaining({ kind: "task.create", path: "/tasks", label: "Ligar ao banco" })]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("stays open with what was typed, and says why, when the device could not keep the task", async () => {
    outcome = { queued: false, storageError: "quota" };
    const { onQueued, onClose, onSaved } = await openNewTask();
    expect(await screen.findByText(/O armazenamento do dispositivo está cheio/)).toBeTruthy();
    expect(onQueued).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Ligar ao banco");
  });
});
