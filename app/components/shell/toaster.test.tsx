// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "~/i18n/i18n.server";
import { renderWithI18n } from "~/components/ui/test-utils";
import { deleteWithUndo } from "~/components/ui/undo";
import { formatLongDate } from "~/lib/dates";
import { dismissToast, subscribeToasts, toast, type Toast } from "./toast-store";
import { Toaster } from "./toaster";

let shown: Toast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  unsubscribe = subscribeToasts((toasts) => (shown = toasts));
});
afterEach(() => {
  for (const item of shown) dismissToast(item.id);
  unsubscribe();
  cleanup();
  vi.useRealTimers();
});

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

/** A list whose rows are deleted with undo, in the shell's main, with the toaster where the layout puts it. */
function Tasks({ commit }: { commit: () => Promise<unknown> }) {
  const [rows, setRows] = useState(["Pagar a renda", "Ligar ao banco"]);
  const remove = (title: string) =>
    deleteWithUndo({
      title: "Tarefa eliminada",
      undoLabel: "Anular",
      failedTitle: "Erro ao eliminar",
      hide: () => setRows((list) => list.filter((row) => row !== title)),
      restore: () => setRows((list) => (list.includes(title) ? list : [...list, title])),
      commit,
    });
  return (
    <>
      <main id="conteudo" tabIndex={-1}>
        <label>
          Nota
          <input />
        </label>
        <ul>
          {rows.map((title) => (
            <li key={title}>
              {title}
              <button type="button" onClick={() => remove(title)}>
                Eliminar {title}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => remove("Ligar ao banco")}>
          Limpar o banco
        </button>
      </main>
      <Toaster />
    </>
  );
}

describe("the toaster", () => {
  it("has one live region per toast, not one around them all (no double announcements)", async () => {
    const { container } = renderWithI18n(<Toaster />);
    act(() => void toast({ title: "Guardado", tone: "success" }));
    act(() => void toast({ title: "Erro ao guardar", tone: "error" }));
    expect(screen.getByRole("status").textContent).toContain("Guardado");
    expect(screen.getByRole("alert").textContent).toContain("Erro ao guardar");
    // No live container around the items: each would be announced twice.
    expect(container.querySelectorAll("[aria-live]")).toHaveLength(0);
  });

  it("waits while the pointer is over a toast or the focus is in it, and closes in its time after", async () => {
    renderWithI18n(<Toaster />);
    act(() => void toast({ title: "Guardado", durationMs: 4000 }));
    const item = screen.getByRole("status");
    // A pointer standing still where the toast appeared does not hold it; one moving over it does.
    fireEvent.mouseEnter(item);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    fireEvent.mouseMove(item, { movementX: 4, movementY: 1 });
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(screen.queryByText("Guardado")).not.toBeNull();
    fireEvent.mouseLeave(item);
    fireEvent.focus(screen.getByRole("button", { name: "Fechar notificação" }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(screen.queryByText("Guardado")).not.toBeNull();
    fireEvent.blur(screen.getByRole("button", { name: "Fechar notificação" }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(4000)));
    expect(screen.queryByText("Guardado")).toBeNull();
  });

  it("after a delete took the focused button away, 'Anular' has the focus; undo puts the row back and the focus on the screen", async () => {
    const commit = vi.fn(async () => true);
    renderWithI18n(<Tasks commit={commit} />);
    const remove = screen.getByRole("button", { name: "Eliminar Pagar a renda" });
    remove.focus();
    fireEvent.click(remove);
    await settle();
    expect(screen.queryByText("Pagar a renda")).toBeNull();
    const undo = screen.getByRole("button", { name: "Anular" });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    await settle();
    expect(screen.getByText("Pagar a renda")).not.toBeNull();
    // The toast is gone: the focus goes back to the screen, not to the page's start.
    expect(document.activeElement).toBe(document.getElementById("conteudo"));
    await act(async () => void (await vi.advanceTimersByTimeAsync(30_000)));
    expect(commit).not.toHaveBeenCalled();
  });

  it("the focus it gave does not hold the DELETE back; the focus a user moves into the toast does", async () => {
    const commit = vi.fn(async () => true);
    renderWithI18n(<Tasks commit={commit} />);
    const remove = screen.getByRole("button", { name: "Eliminar Pagar a renda" });
    remove.focus();
    fireEvent.click(remove);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Anular" }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Anular" })).toBeNull();
    expect(document.activeElement).toBe(document.getElementById("conteudo"));

    // Tab into the next delete's toast: it waits for as long as the focus is there.
    const next = screen.getByRole("button", { name: "Eliminar Ligar ao banco" });
    next.focus();
    fireEvent.click(next);
    await settle();
    screen.getByRole("button", { name: "Fechar notificação" }).focus();
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(commit).toHaveBeenCalledTimes(1);
    document.getElementById("conteudo")!.focus();
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it("Escape closes the focused toast: the DELETE goes and the focus returns to the screen", async () => {
    const commit = vi.fn(async () => true);
    renderWithI18n(<Tasks commit={commit} />);
    const remove = screen.getByRole("button", { name: "Eliminar Pagar a renda" });
    remove.focus();
    fireEvent.click(remove);
    await settle();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await settle();
    expect(screen.queryByRole("button", { name: "Anular" })).toBeNull();
    expect(commit).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById("conteudo"));
  });

  it("leaves the focus where it is when it was not lost (typing elsewhere, a button that stays)", async () => {
    const commit = vi.fn(async () => true);
    renderWithI18n(<Tasks commit={commit} />);
    const clear = screen.getByRole("button", { name: "Limpar o banco" });
    clear.focus();
    fireEvent.click(clear);
    await settle();
    expect(screen.getByRole("button", { name: "Anular" })).not.toBeNull();
    expect(document.activeElement).toBe(clear);
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(commit).toHaveBeenCalledTimes(1);

    const note = screen.getByRole("textbox", { name: "Nota" });
    note.focus();
    act(() => void deleteWithUndo({ title: "Tarefa eliminada", undoLabel: "Anular", failedTitle: "Erro", hide: () => {}, restore: () => {}, commit }));
    await settle();
    expect(document.activeElement).toBe(note);
  });
});

describe("where the toasts stand: a deck on a phone, above the Feedback button on the desktop", () => {
  const depths = () => screen.getAllByRole("status").map((item) => item.getAttribute("data-deck-depth"));

  it("is a deck: the newest toast whole, the older ones as edges behind it; a tap spreads it out", async () => {
    renderWithI18n(<Toaster mobile />);
    // Three tasks completed in a row over the list: the stack kind's three, one toast's height.
    for (const title of ["Primeira", "Segunda", "Terceira"]) act(() => void toast({ title, action: { label: "Anular", onClick: () => {} } }));
    expect(screen.getAllByRole("status").map((item) => item.textContent)).toEqual(["PrimeiraAnular", "SegundaAnular", "TerceiraAnular"]);
    expect(depths()).toEqual(["2", "1", null]);
    const [oldest, older, newest] = screen.getAllByRole("status");
    // Collapsed to an edge, words hidden, unless it holds the focus.
    for (const edge of [oldest, older]) expect(edge.className).toMatch(/not-focus-within:h-4 .*not-focus-within:\*:invisible/);
    expect(oldest.className).toContain("scale-x-90");
    expect(older.className).toContain("scale-x-95");
    expect(newest.className).not.toContain("not-focus-within");
    expect(screen.getByTestId("toaster").className).not.toContain("gap-2");

    // A tap on the deck spreads it; another stacks it again. Its buttons only do their own thing.
    fireEvent.click(screen.getByText("Terceira"));
    expect(depths()).toEqual([null, null, null]);
    expect(screen.getByTestId("toaster").className).toContain("gap-2");
    fireEvent.click(screen.getByText("Terceira"));
    expect(depths()).toEqual(["2", "1", null]);
    fireEvent.click(screen.getAllByRole("button", { name: "Fechar notificação" })[2]);
    expect(depths()).toEqual(["1", null]);
  });

  it("stacks the deck again once one toast is left", async () => {
    renderWithI18n(<Toaster mobile />);
    act(() => void toast({ title: "Primeira" }));
    const second = toast({ title: "Segunda" });
    await settle();
    fireEvent.click(screen.getByText("Segunda"));
    expect(depths()).toEqual([null, null]);
    act(() => dismissToast(second));
    act(() => void toast({ title: "Terceira" }));
    expect(depths()).toEqual(["1", null]);
  });

  it("on the desktop, every toast shows whole, one above the other, above the Feedback button", () => {
    renderWithI18n(<Toaster />);
    for (const title of ["Primeira", "Segunda", "Terceira"]) act(() => void toast({ title }));
    expect(depths()).toEqual([null, null, null]);
    fireEvent.click(screen.getByText("Terceira"));
    expect(depths()).toEqual([null, null, null]);
    // The Feedback button stands at bottom-4 and is 36 px (2.25rem) high: the toasts start 8 px above it.
    expect(screen.getByTestId("toaster").className).toMatch(/(^| )bottom-15( |$)/);
    expect(screen.getByTestId("toaster").className).not.toMatch(/(^| )(sm:)?bottom-4( |$)/);
  });
});

describe("a toast already shown, on a language switch", () => {
  it("changes language with the page: its title, description and action given as catalogue keys", async () => {
    const i18n = createI18n("pt");
    render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
    act(() =>
      void toast({
        title: { key: "tasks:toast.completed" },
        description: { key: "goals:toast.milestoneRemoved", values: { title: "10 km" } },
        action: { label: { key: "tasks:toast.undo" }, onClick: () => {} },
      }),
    );
    act(() => void deleteWithUndo({ title: { key: "tasks:toast.deleted" }, undoLabel: { key: "tasks:toast.undo" }, failedTitle: { key: "tasks:errors.delete" }, hide: () => {}, restore: () => {}, commit: async () => true }));
    const [completed, deleted] = screen.getAllByRole("status");
    expect(completed.textContent).toBe("Tarefa concluídaMarco «10 km» removidoAnular");
    expect(deleted.textContent).toBe("Tarefa eliminadaAnular");
    await act(async () => void (await i18n.changeLanguage("en")));
    expect(completed.textContent).toBe("Task doneMilestone “10 km” removedUndo");
    expect(deleted.textContent).toBe("Task deletedUndo");
    expect(screen.getAllByRole("button", { name: "Close notification" })).toHaveLength(2);
  });

  it("words a date given as a function of the language in the language shown: the new one after a switch", async () => {
    const i18n = createI18n("pt");
    render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
    act(() => void toast({ title: { key: "tasks:toast.scheduled", values: { when: (language) => formatLongDate(new Date(2026, 11, 9), language) } } }));
    const scheduled = screen.getByRole("status");
    expect(scheduled.textContent).toBe("Agendada para 9 de dezembro de 2026");
    await act(async () => void (await i18n.changeLanguage("en")));
    expect(scheduled.textContent).toBe("Scheduled for December 9, 2026");
  });
});
