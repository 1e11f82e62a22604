// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { toast } from "./toast-store";
import { Toaster } from "./toaster";
import { inertOthers, placeCard, SAID_MS, Tour } from "./tour";
import type { Guide } from "./tours";

afterEach(cleanup);

const guide: Guide = { id: "dashboard", steps: [{ key: "tour.dashboard.welcome" }, { key: "tour.dashboard.search" }, { key: "tour.dashboard.profile" }] };

/** The header's Guia button and the page behind the tour. */
function Page() {
  const [touring, setTouring] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setTouring(true)}>
        Guia
      </button>
      <a href="/app/tarefas">Tarefas</a>
      {touring && <Tour guide={guide} onDone={() => setTouring(false)} />}
    </>
  );
}

/** A page whose tour starts by itself on load, with the focus on <body>; `withOpener`: a Guia button, gone the Guia button while it runs. */
function LoadedPage({ withOpener = false }: { withOpener?: boolean }) {
  const [touring, setTouring] = useState(!withOpener);
  return (
    <main id="conteudo" tabIndex={-1}>
      <h1>Tarefas</h1>
      {withOpener && !touring && (
        <button type="button" onClick={() => setTouring(true)}>
          Guia
        </button>
      )}
      {touring && <Tour guide={guide} onDone={() => setTouring(false)} />}
    </main>
  );
}

const open = () => {
  const trigger = screen.getByRole("button", { name: "Guia" });
  trigger.focus();
  fireEvent.click(trigger);
  return trigger;
};

describe("the guided tour", () => {
  it("keeps the focus inside: Tab from its last button goes to its first, Shift+Tab back, and a click on the backdrop keeps it", () => {
    renderWithI18n(<Page />);
    open();
    const dialog = screen.getByRole("dialog");
    const next = screen.getByRole("button", { name: "Seguinte" });
    expect(document.activeElement).toBe(next);
    fireEvent.keyDown(next, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pular" }));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(next);
    // The browser would move the focus to the page's body on a press of the backdrop.
    expect(fireEvent.mouseDown(screen.getByTestId("tour-backdrop"))).toBe(false);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("makes the page behind it inert while it shows, and gives it back when it closes", () => {
    renderWithI18n(<Page />);
    const trigger = open();
    const link = screen.getByRole("link", { name: "Tarefas", hidden: true });
    expect(trigger.closest("[inert]")).not.toBeNull();
    expect(link.closest("[inert]")).not.toBeNull();
    expect(screen.getByTestId("tour").closest("[inert]")).toBeNull();
    // Tab from anywhere (the page's <body> after a click on the card's text) comes to the card.
    document.body.focus();
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pular" }));
    fireEvent.click(screen.getByRole("button", { name: "Pular" }));
    expect(document.querySelector("[inert]")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("leaves alive what must be (a dialog over it) and what was inert before, and covers what appears meanwhile", async () => {
    const own = document.createElement("div");
    const toaster = document.createElement("div");
    const page = document.createElement("div");
    const before = document.createElement("div");
    before.setAttribute("inert", "");
    for (const element of [page, before, toaster, own]) document.body.appendChild(element);
    const undo = inertOthers(own);
    const banner = document.createElement("div");
    const portal = Object.assign(document.createElement("div"), { id: "headlessui-portal-root" });
    for (const element of [banner, portal]) document.body.appendChild(element);
    await new Promise((resolve) => setTimeout(resolve));
    expect([page, banner, toaster].map((element) => element.hasAttribute("inert"))).toEqual([true, true, true]);
    expect([own, portal].map((element) => element.hasAttribute("inert"))).toEqual([false, false]);
    undo();
    expect([page, banner, before].map((element) => element.hasAttribute("inert"))).toEqual([false, false, true]);
    for (const element of [own, toaster, page, before, banner, portal]) element.remove();
  });

  // The toaster was left alive for its live regions: a screen reader's virtual cursor went on from
  // the tour to its toasts, as if nothing were over them. It is inert now; the tour says new toasts.
  it("makes the toaster inert too, and says a toast that comes meanwhile from inside itself, for a while", async () => {
    vi.useFakeTimers();
    try {
      renderWithI18n(
        <>
          <Page />
          <Toaster />
        </>,
      );
      act(() => void toast({ title: "Já estava" }));
      open();
      expect(screen.getByTestId("toaster").closest("[inert]")).not.toBeNull();
      const dialog = screen.getByRole("dialog");
      act(() => {
        toast({ title: "Tarefa concluída", tone: "success" });
        toast({ title: { key: "shell:connectivity.offline" }, description: "A alteração não foi guardada.", tone: "error" });
      });
      expect(within(dialog).getByRole("status").textContent).toBe("Tarefa concluída");
      expect(within(dialog).getByRole("alert").textContent).toBe("Modo offline A alteração não foi guardada.");
      // Said once: gone again, not left for the cursor to find in the tour.
      await act(() => vi.advanceTimersByTimeAsync(SAID_MS));
      expect(within(dialog).getByRole("status").textContent).toBe("");
      expect(within(dialog).getByRole("alert").textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the focus on a button when the focused one goes away (back to the first step)", () => {
    renderWithI18n(<Page />);
    open();
    fireEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    const previous = screen.getByRole("button", { name: "Anterior" });
    previous.focus();
    fireEvent.click(previous);
    expect(screen.queryByRole("button", { name: "Anterior" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Seguinte" }));
  });

  it("gives the focus back to what had it when it closes (Escape, Pular, Concluir)", () => {
    renderWithI18n(<Page />);
    const trigger = open();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
    open();
    fireEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    fireEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    fireEvent.click(screen.getByRole("button", { name: "Concluir" }));
    expect(document.activeElement).toBe(trigger);
  });
  it("leaves an Escape meant for a dialog opened over it (Ctrl/Cmd+K's search) to that dialog, and closes on its own", () => {
    const done = vi.fn();
    function Searching() {
      const [searching, setSearching] = useState(true);
      return (
        <>
          <Tour guide={guide} onDone={done} />
          {searching && (
            // As headless UI's Dialog: modal, closed by the Escape pressed in it.
            <div role="dialog" aria-modal="true" aria-label="Pesquisar">
              <input aria-label="Pesquisa" onKeyDown={(event) => event.key === "Escape" && setSearching(false)} />
            </div>
          )}
        </>
      );
    }
    renderWithI18n(<Searching />);
    const search = screen.getByRole("textbox", { name: "Pesquisa" });
    search.focus();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(done).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Pesquisar" })).toBeNull();
    expect(screen.getByTestId("tour")).toBeTruthy();
    // An Escape in the tour's own card still closes it, and so does one with no other dialog open.
    fireEvent.keyDown(screen.getByRole("button", { name: "Seguinte" }), { key: "Escape" });
    expect(done).toHaveBeenCalledWith("dashboard");
  });
  it("gives the focus to the page's heading when nothing had it before (a tour that starts by itself) or that is gone", () => {
    renderWithI18n(<LoadedPage />);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Seguinte" }));
    fireEvent.click(screen.getByRole("button", { name: "Pular" }));
    const heading = screen.getByRole("heading", { level: 1 });
    expect(document.activeElement).toBe(heading);
    // Focusable from a script only, never a Tab stop.
    expect(heading.tabIndex).toBe(-1);
    cleanup();

    renderWithI18n(<LoadedPage withOpener />);
    const trigger = screen.getByRole("button", { name: "Guia" });
    trigger.focus();
    fireEvent.click(trigger);
    expect(screen.queryByRole("button", { name: "Guia" })).toBeNull();
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    fireEvent.click(screen.getByRole("button", { name: "Concluir" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 }));
  });

  it("brings a target below the fold on screen and keeps its card, with its buttons, inside the window (a phone's tall list)", () => {
    // A phone: the tasks' pending list starts below the window and is taller than it.
    const view = { width: 390, height: 700 };
    vi.spyOn(window, "innerWidth", "get").mockReturnValue(view.width);
    vi.spyOn(window, "innerHeight", "get").mockReturnValue(view.height);
    let top = 900;
    const list = document.createElement("section");
    list.dataset.tour = "tasks-pending";
    list.getBoundingClientRect = () => ({ top, left: 16, width: 358, height: 1200, bottom: top + 1200, right: 374, x: 16, y: top, toJSON: () => ({}) });
    // Centred in the window: its top is now above the window's.
    list.scrollIntoView = vi.fn(() => void (top = -250));
    document.body.appendChild(list);
    try {
      renderWithI18n(<Tour guide={{ id: "module-tarefas", steps: [{ key: "tour.module.help", target: '[data-tour="tasks-pending"]', position: "top" }] }} onDone={() => {}} />);
      expect(list.scrollIntoView).toHaveBeenCalled();
      const card = screen.getByTestId("tour");
      // Placed above the list's top, it was drawn above the window: out of sight, 'Concluir' out of reach.
      expect(card.style.transform).toBe("");
      const cardTop = parseFloat(card.style.top);
      expect(cardTop).toBeGreaterThanOrEqual(16);
      expect(cardTop + 220).toBeLessThanOrEqual(view.height);
    } finally {
      list.remove();
      vi.restoreAllMocks();
    }
  });
});

describe("placeCard", () => {
  const view = { width: 390, height: 700 };
  const card = { width: 320, height: 200 };
  const inside = (style: React.CSSProperties) => {
    const top = Number(style.top);
    const left = Number(style.left);
    return top >= 16 && top + card.height <= view.height - 16 && left >= 16 && left + card.width <= view.width - 16;
  };

  it("goes to the other side when the asked one has no room, and never leaves the window", () => {
    // 'bottom' under a button near the window's bottom: above it instead.
    const low = placeCard({ top: 600, left: 300, width: 60, height: 40 }, "bottom", view, card);
    expect(inside(low)).toBe(true);
    expect(Number(low.top) + card.height).toBeLessThanOrEqual(600);
    // 'top' over a button near the window's top: below it.
    const high = placeCard({ top: 60, left: 20, width: 60, height: 40 }, "top", view, card);
    expect(Number(high.top)).toBeGreaterThanOrEqual(112);
    // The desktop sidebar's 'right' on a narrow window, and a target taller than the window.
    expect(inside(placeCard({ top: 0, left: 0, width: 256, height: 700 }, "right", view, card))).toBe(true);
    expect(inside(placeCard({ top: -300, left: 0, width: 390, height: 1400 }, "top", view, card))).toBe(true);
  });

  it("is centred without a target", () => {
    expect(placeCard(null, "bottom", view, card)).toEqual({ top: "50%", left: "50%", transform: "translate(-50%, -50%)" });
  });
});
