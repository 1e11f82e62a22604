// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "~/i18n/i18n.server";
import { RoutineEditor, type Routine } from "./routine-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Rendered inside the catalogues as a wrapper, so a rerender keeps the tree and only changes the props. */
const i18n = createI18n("pt");
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
const renderEditor = (ui: ReactElement) => render(ui, { wrapper });

const routine = (id: string, title: string, weekdays: number[]): Routine => ({
  id,
  title,
  category: "body",
  description: "",
  frequency: weekdays.length ? "weekdays" : "daily",
  weekdays,
  durationMinutes: null,
  reminderTime: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 0,
  longestStreakDays: 0,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: [],
  steps: [],
  stepsTickedToday: [],
  timesPerDay: 1,
  countToday: 0,
});

describe("the routine form's slot", () => {
  it("shows the routine chosen last when 'Editar' is pressed on another one while a form is open", () => {
    const walk = routine("r1", "Caminhada", []);
    const stretch = routine("r2", "Alongamentos", [1, 3, 5]);
    const onDone = vi.fn();
    const { rerender } = renderEditor(<RoutineEditor form={walk} onDone={onDone} />);
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Caminhada");

    rerender(<RoutineEditor form={stretch} onDone={onDone} />);
    // Its own title and weekdays, not the first routine's (which "Guardar" would have written over it).
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Alongamentos");
    expect(screen.getByLabelText("Frequência")).toHaveProperty("value", "weekdays");
    expect(screen.getByRole("button", { name: "qua" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("starts empty for a new routine after editing one, and keeps what was typed while it stays open", () => {
    const walk = routine("r1", "Caminhada", []);
    const onDone = vi.fn();
    const { rerender } = renderEditor(<RoutineEditor form={walk} onDone={onDone} />);
    rerender(<RoutineEditor form="new" onDone={onDone} />);
    const title = screen.getByLabelText("Título") as HTMLInputElement;
    expect(title.value).toBe("");
    fireEvent.change(title, { target: { value: "Beber água" } });
    rerender(<RoutineEditor form="new" onDone={onDone} />);
    expect((screen.getByLabelText("Título") as HTMLInputElement).value).toBe("Beber água");
  });
});

describe("saving an edited routine", () => {
  let bodies: unknown[];
  const edit = (shown: Routine) => {
    bodies = [];
    vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => (bodies.push(JSON.parse(String(init?.body))), Response.json({ routine: shown })));
    const onDone = vi.fn();
    renderEditor(<RoutineEditor form={shown} onDone={onDone} />);
    return onDone;
  };

  it("sends only the fields changed, so one left alone cannot undo a change made on another device", async () => {
    const onDone = edit(routine("r1", "Caminhada", []));
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Caminhada ao fim da tarde" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ title: "Caminhada ao fim da tarde" }]);
  });

  it("sends 'Vezes por dia' as a number when changed, and shows the server's message by it (decision 0117)", async () => {
    const onDone = edit(routine("r1", "Beber água", []));
    const times = screen.getByLabelText("Vezes por dia") as HTMLInputElement;
    expect([times.value, times.min, times.max]).toEqual(["1", "1", "20"]);
    fireEvent.change(times, { target: { value: "8" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ timesPerDay: 8 }]);
    cleanup();

    const message = "Uma rotina com passos faz-se uma vez por dia: remova os passos ou deixe 1 vez por dia.";
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: "validation_failed", message, fields: { timesPerDay: message } } }, { status: 400 }));
    renderEditor(<RoutineEditor form={{ ...routine("r2", "Manhã", []), steps: [{ id: "s1", text: "Beber água" }] }} onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Vezes por dia"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText("Vezes por dia").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends the frequency with changed weekdays, which the server checks together", async () => {
    const onDone = edit(routine("r2", "Alongamentos", [1, 3, 5]));
    fireEvent.click(screen.getByRole("button", { name: "sex" }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ frequency: "weekdays", weekdays: [1, 3] }]);
  });

  it("sends a reminder time typed in the form, and null when 'Sem lembrete' clears it (decision 0099)", async () => {
    const onDone = edit(routine("r1", "Caminhada", []));
    const field = screen.getByLabelText(/Lembrete/) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "7h45" } });
    fireEvent.blur(field);
    expect(field.value).toBe("07:45");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ reminderTime: "07:45" }]);
    cleanup();

    const onCleared = edit({ ...routine("r1", "Caminhada", []), reminderTime: "07:45" });
    expect((screen.getByLabelText(/Lembrete/) as HTMLInputElement).value).toBe("07:45");
    fireEvent.click(screen.getByRole("button", { name: "Sem lembrete" }));
    expect((screen.getByLabelText(/Lembrete/) as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onCleared).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ reminderTime: null }]);
  });

  it("sends nothing when nothing changed, and closes", async () => {
    const onDone = edit(routine("r1", "Caminhada", []));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(null));
    expect(bodies).toEqual([]);
  });
});

describe("the routine form's errors", () => {
  it("points the weekdays group at its error, so it is read when the group gets focus", async () => {
    const error = "Escolha pelo menos um dia da semana (de segunda a domingo).";
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: "validation", message: "Dados inválidos.", fields: { weekdays: error } } }, { status: 422 }));
    renderEditor(<RoutineEditor form="new" onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Alongar" } });
    fireEvent.change(screen.getByLabelText("Frequência"), { target: { value: "weekdays" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await screen.findByText(error);
    const group = screen.getByRole("group", { name: "Dias da semana" });
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe(error);
  });
});

describe("the routine's steps in the form (decision 0112)", () => {
  let bodies: unknown[];
  const open = (shown: Routine | "new") => {
    bodies = [];
    vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => (bodies.push(JSON.parse(String(init?.body))), Response.json({ routine: shown === "new" ? routine("r9", "x", []) : shown })));
    const onDone = vi.fn();
    renderEditor(<RoutineEditor form={shown} onDone={onDone} />);
    return onDone;
  };

  it("adds steps and sends them in order with a new routine", async () => {
    const onDone = open("new");
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Rotina da manhã" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
    // The new step's field has the focus, ready to type.
    expect(document.activeElement).toBe(screen.getByLabelText("Passo 1"));
    fireEvent.change(screen.getByLabelText("Passo 1"), { target: { value: "Beber água" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
    fireEvent.change(screen.getByLabelText("Passo 2"), { target: { value: "Meditar" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([expect.objectContaining({ title: "Rotina da manhã", steps: [{ text: "Beber água" }, { text: "Meditar" }] })]);
  });

  it("reorders with up and down (the focus follows the step) and removes, sending the list with the saved ids", async () => {
    const onDone = open({ ...routine("r1", "Noite", []), steps: [{ id: "a", text: "Chá" }, { id: "b", text: "Ler" }, { id: "c", text: "Dormir" }] });
    fireEvent.click(screen.getByRole("button", { name: "Subir o passo 3" }));
    expect((screen.getByLabelText("Passo 2") as HTMLInputElement).value).toBe("Dormir");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Subir o passo 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Subir o passo 2" }));
    // At the top "up" is disabled: the focus goes to "down" of the same step.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Descer o passo 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Remover o passo 2" }));
    expect(screen.getAllByRole("textbox", { name: /Passo/ }).map((f) => (f as HTMLInputElement).value)).toEqual(["Dormir", "Ler"]);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ steps: [{ id: "c", text: "Dormir" }, { id: "b", text: "Ler" }] }]);
  });

  it("shows a step's error next to it", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: "validation_failed", message: "Dados inválidos.", fields: { "steps.1.text": "Cada passo deve ter de 1 a 80 caracteres." } } }, { status: 400 }));
    renderEditor(<RoutineEditor form="new" onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Título"), { target: { value: "Manhã" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar passo" }));
    fireEvent.change(screen.getByLabelText("Passo 1"), { target: { value: "Água" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await screen.findByText("Cada passo deve ter de 1 a 80 caracteres.");
    const second = screen.getByLabelText("Passo 2");
    expect(document.getElementById(second.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Cada passo deve ter de 1 a 80 caracteres.");
  });
});
