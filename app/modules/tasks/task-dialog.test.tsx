// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp } from "~/components/ui/test-utils";
import type { OfflineWrite, Queued } from "~/lib/offline/write";
import { emptyForm, formOf, type TaskView } from "./model";
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
  renderInApp(<TaskDialog dialogue={{ mode: "create", form: emptyForm() }} timeZone="Europe/Lisbon" language="pt" {...handlers} />);
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

describe("editing a task", () => {
  const task: TaskView = {
    id: "t1",
    title: "Pagar a renda",
    description: "",
    priority: "high",
    durationMinutes: 30,
    dueDate: "2026-12-08",
    status: "todo",
    scheduledStart: "2026-12-07T09:00:00.000Z",
    scheduledEnd: "2026-12-07T09:30:00.000Z",
    recurrence: "FREQ=WEEKLY;BYDAY=MO",
    completedAt: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    updatedAt: "2026-12-01T10:00:00.000Z",
    overdue: false,
    steps: [],
  };
  const openEdit = () => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onQueued: vi.fn() };
    renderInApp(<TaskDialog dialogue={{ mode: "edit", task, form: formOf(task, "Europe/Lisbon") }} timeZone="Europe/Lisbon" language="pt" {...handlers} />);
    return handlers;
  };

  it("sends only the fields the person changed (a status left alone cannot undo a completion made elsewhere)", async () => {
    outcome = { queued: true, tempId: "offline-2" };
    openEdit();
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Pagar a renda de dezembro" } });
    fireEvent.submit(screen.getByTestId("task-form"));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toMatchObject({ kind: "task.update", method: "PATCH", path: "/tasks/t1", body: { title: "Pagar a renda de dezembro" } });
    expect(Object.keys(written[0].body)).toEqual(["title"]);
  });

  it("sends nothing when nothing changed, and closes", async () => {
    const { onClose } = openEdit();
    fireEvent.submit(await screen.findByTestId("task-form"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(written).toEqual([]);
  });
});

describe("closing the task dialog", () => {
  // The question is the kit's ConfirmDialog, a lazily loaded chunk: fetched up front, as the idle preload does.
  beforeAll(() => import("~/components/ui/confirm-dialog-panel"));

  const openNew = () => {
    const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onQueued: vi.fn() };
    renderInApp(<TaskDialog dialogue={{ mode: "create", form: emptyForm() }} timeZone="Europe/Lisbon" language="pt" {...handlers} />);
    return handlers;
  };

  it("asks before Escape throws away what was typed, and Escape on the question goes back to the field", async () => {
    const { onClose } = openNew();
    const description = (await screen.findByLabelText(/Descrição/)) as HTMLTextAreaElement;
    description.focus();
    fireEvent.change(description, { target: { value: "Pedir o extrato de novembro e a declaração de IRS" } });
    fireEvent.keyDown(description, { key: "Escape" });
    expect(await screen.findByText("Descartar alterações?")).toBeTruthy();
    const keep = screen.getByRole("button", { name: "Continuar a editar" });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.keyDown(keep, { key: "Escape" });
    await waitFor(() => expect(screen.queryByText("Descartar alterações?")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(description.value).toBe("Pedir o extrato de novembro e a declaração de IRS");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes on Cancel once the person chooses to discard", async () => {
    const { onClose } = openNew();
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Ligar ao banco" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("closes at once when nothing differs from what it opened with", async () => {
    const { onClose } = openNew();
    const title = await screen.findByLabelText("Título");
    // Typed and then taken back: touched, not changed.
    fireEvent.change(title, { target: { value: "Ligar" } });
    fireEvent.change(title, { target: { value: "" } });
    fireEvent.keyDown(title, { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Descartar alterações?")).toBeNull();
  });
});

describe("a task's steps in the form (decision 0114)", () => {
  it("adds, reorders and removes steps, and sends them in order", async () => {
    outcome = { queued: true, tempId: "offline-3" };
    renderInApp(<TaskDialog dialogue={{ mode: "create", form: emptyForm() }} timeZone="Europe/Lisbon" language="pt" onClose={vi.fn()} onSaved={vi.fn()} onQueued={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Preparar viagem" } });
    for (const text of ["Comprar bilhetes", "Reservar hotel", "Lixo"]) {
      fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
      const fields = screen.getAllByPlaceholderText("Ex.: Reservar hotel");
      fireEvent.change(fields[fields.length - 1], { target: { value: text } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Subir o passo 2" }));
    // The focus follows the moved step.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Descer o passo 1" })));
    fireEvent.click(screen.getByRole("button", { name: "Remover o passo 3" }));
    expect(screen.getByRole("group", { name: "Passos" })).toBeTruthy();
    fireEvent.submit(screen.getByTestId("task-form"));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0].body.steps).toEqual([{ text: "Reservar hotel" }, { text: "Comprar bilhetes" }]);
  });

  it("is typed as a list: Enter opens the next step, Backspace in an empty one goes back, a pasted list makes a step of each line", async () => {
    outcome = { queued: true, tempId: "offline-5" };
    renderInApp(<TaskDialog dialogue={{ mode: "create", form: emptyForm() }} timeZone="Europe/Lisbon" language="pt" onClose={vi.fn()} onSaved={vi.fn()} onQueued={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText("Título"), { target: { value: "Preparar viagem" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
    const first = await screen.findByLabelText("Passo 1");
    fireEvent.change(first, { target: { value: "Reservar hotel" } });
    // Enter makes a step below and goes there, without submitting the form.
    fireEvent.keyDown(first, { key: "Enter" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Passo 2")));
    // In an empty step, Enter does nothing and Backspace removes it, back to the end of the one above.
    fireEvent.keyDown(screen.getByLabelText("Passo 2"), { key: "Enter" });
    expect(screen.queryByLabelText("Passo 3")).toBeNull();
    fireEvent.keyDown(screen.getByLabelText("Passo 2"), { key: "Backspace" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Passo 1")));
    expect(screen.queryByLabelText("Passo 2")).toBeNull();
    expect((first as HTMLInputElement).selectionStart).toBe("Reservar hotel".length);
    // A pasted list: its first line where the caret is, each other line a step below.
    (first as HTMLInputElement).setSelectionRange(0, 0);
    fireEvent.paste(first, { clipboardData: { getData: () => "Ver voos: \r\n Comprar bilhetes\n\nFazer mala\n" } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Passo 3")));
    expect(written).toHaveLength(0);
    fireEvent.submit(screen.getByTestId("task-form"));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0].body.steps).toEqual([{ text: "Ver voos: Reservar hotel" }, { text: "Comprar bilhetes" }, { text: "Fazer mala" }]);
  });

  it("sends a saved step with its id (it keeps its tick), and the steps only when they changed", async () => {
    outcome = { queued: true, tempId: "offline-4" };
    const task: TaskView = {
      ...{ id: "t2", title: "Mudança", description: "", priority: "medium", durationMinutes: 30, dueDate: null, status: "todo", scheduledStart: null, scheduledEnd: null, recurrence: null, completedAt: null, createdAt: "2026-12-01T10:00:00.000Z", updatedAt: "2026-12-01T10:00:00.000Z", overdue: false },
      steps: [
        { id: "s1", text: "Caixas", done: true },
        { id: "s2", text: "Carrinha", done: false },
      ],
    };
    renderInApp(<TaskDialog dialogue={{ mode: "edit", task, form: formOf(task, "Europe/Lisbon") }} timeZone="Europe/Lisbon" language="pt" onClose={vi.fn()} onSaved={vi.fn()} onQueued={vi.fn()} />);
    expect(((await screen.findByLabelText("Passo 1")) as HTMLInputElement).value).toBe("Caixas");
    fireEvent.click(screen.getByRole("button", { name: "Descer o passo 1" }));
    fireEvent.submit(screen.getByTestId("task-form"));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0].body).toEqual({ steps: [{ id: "s2", text: "Carrinha" }, { id: "s1", text: "Caixas" }] });
  });
});
