// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "~/i18n/i18n.server";
import { RoutineEditor, type Routine } from "./routine-form";

afterEach(cleanup);

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
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  streakDays: 0,
  longestStreakDays: 0,
  scheduledToday: true,
  checkedInToday: false,
  recentCheckIns: [],
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
