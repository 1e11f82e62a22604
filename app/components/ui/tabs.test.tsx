// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs } from "./tabs";
import { renderWithI18n } from "./test-utils";

afterEach(cleanup);

const tabs = ["Pessoal", "Subscrição", "Segurança"].map((label) => ({ label, panel: <p>{`${label} panel`}</p> }));

describe("Tabs", () => {
  it("renders the default tab's panel, labelled by its tab, with one tab in the tab order", () => {
    renderWithI18n(<Tabs tabs={tabs} defaultIndex={1} />);
    const selected = screen.getByRole("tab", { selected: true });
    expect(selected.textContent).toBe("Subscrição");
    const panel = screen.getByRole("tabpanel");
    expect(panel.getAttribute("aria-labelledby")).toBe(selected.id);
    expect(selected.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.textContent).toBe("Subscrição panel");
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it("moves and selects with the arrows (wrapping), Home and End; a click selects", () => {
    renderWithI18n(<Tabs tabs={tabs} />);
    const [first, , third] = screen.getAllByRole("tab");
    act(() => first.focus());
    act(() => void fireEvent.keyDown(first, { key: "ArrowLeft" }));
    expect(document.activeElement).toBe(third);
    expect(screen.getByRole("tabpanel").textContent).toBe("Segurança panel");
    act(() => void fireEvent.keyDown(third, { key: "ArrowRight" }));
    expect(document.activeElement).toBe(first);
    act(() => void fireEvent.keyDown(first, { key: "End" }));
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Segurança");
    act(() => void fireEvent.keyDown(third, { key: "Home" }));
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Pessoal");
    fireEvent.click(screen.getByRole("tab", { name: "Subscrição" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Subscrição panel");
  });

  it("lets the caller own the selection, and tells of a tab about to be chosen (/auth fetches a form's code)", () => {
    const intents: number[] = [];
    function Owner() {
      const [selected, setSelected] = useState(2);
      return (
        <>
          <Tabs tabs={tabs} selectedIndex={selected} onChange={setSelected} onIntent={(i) => intents.push(i)} />
          <button type="button" onClick={() => setSelected(0)}>
            reset
          </button>
        </>
      );
    }
    renderWithI18n(<Owner />);
    expect(screen.getByRole("tabpanel").textContent).toBe("Segurança panel");
    fireEvent.pointerEnter(screen.getByRole("tab", { name: "Subscrição" }));
    expect(intents).toEqual([1]);
    fireEvent.click(screen.getByRole("tab", { name: "Subscrição" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Subscrição panel");
    // The caller changes the selection from outside (after a sign-up, back to sign-in).
    fireEvent.click(screen.getByRole("button", { name: "reset" }));
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Pessoal");
    act(() => void fireEvent.keyDown(screen.getByRole("tab", { name: "Pessoal" }), { key: "ArrowLeft" }));
    expect(intents.at(-1)).toBe(2);
    expect(screen.getByRole("tabpanel").textContent).toBe("Segurança panel");
  });
});
