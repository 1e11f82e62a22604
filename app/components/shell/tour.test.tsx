// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { Tour } from "./tour";
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
});
