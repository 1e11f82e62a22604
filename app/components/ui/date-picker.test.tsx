// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CalendarGrid } from "./calendar-popover";
import { DateField } from "./date-picker";
import { TimeField } from "./time-field";
import { renderInApp, renderWithI18n } from "./test-utils";

afterEach(cleanup);

const focusedDate = () => (document.activeElement as HTMLElement | null)?.dataset.date;

describe("CalendarGrid", () => {
  it("lays weeks out Monday first with Portuguese names", () => {
    renderWithI18n(<CalendarGrid value="2026-11-22" bounds={{}} language="pt" onPick={vi.fn()} />);
    const headers = screen.getAllByRole("columnheader").map((th) => th.getAttribute("abbr"));
    expect(headers).toEqual(["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"]);
    expect(screen.getByRole("heading").textContent).toBe("novembro de 2026");
    // 1 November 2026 is a Sunday: the last cell of the first row.
    const firstRow = screen.getAllByRole("row")[1];
    expect(firstRow.querySelectorAll("button")[6].getAttribute("data-date")).toBe("2026-11-01");
  });

  it("moves with the arrows, pages months, jumps to the week's ends and picks with Enter", async () => {
    const onPick = vi.fn();
    renderWithI18n(<CalendarGrid value="2026-01-31" bounds={{}} language="en" onPick={onPick} />);
    await waitFor(() => expect(focusedDate()).toBe("2026-01-31"));
    const grid = screen.getByRole("grid");
    const press = (key: string, shiftKey = false) => act(() => void fireEvent.keyDown(document.activeElement ?? grid, { key, shiftKey }));

    press("ArrowRight");
    expect(focusedDate()).toBe("2026-02-01");
    expect(screen.getByRole("heading").textContent).toBe("February 2026");
    press("ArrowUp");
    expect(focusedDate()).toBe("2026-01-25");
    press("ArrowDown");
    press("ArrowLeft");
    expect(focusedDate()).toBe("2026-01-31");
    press("PageDown");
    expect(focusedDate()).toBe("2026-02-28");
    press("PageUp");
    expect(focusedDate()).toBe("2026-01-28");
    press("PageUp", true);
    expect(focusedDate()).toBe("2025-01-28");
    press("Home");
    expect(focusedDate()).toBe("2025-01-27");
    press("End");
    expect(focusedDate()).toBe("2025-02-02");
    // Only the focused day is in the tab order.
    expect(grid.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);

    // Enter on a button is its click.
    fireEvent.click(document.activeElement!);
    expect(onPick).toHaveBeenCalledWith("2025-02-02");
  });

  it("keeps the focus within min and max and disables the days outside", async () => {
    renderWithI18n(<CalendarGrid value="2026-03-10" bounds={{ min: "2026-03-05", max: "2026-03-12" }} language="pt" onPick={vi.fn()} />);
    await waitFor(() => expect(focusedDate()).toBe("2026-03-10"));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: "PageDown" }));
    expect(focusedDate()).toBe("2026-03-12");
    act(() => void fireEvent.keyDown(document.activeElement!, { key: "PageUp" }));
    expect(focusedDate()).toBe("2026-03-05");
    expect((document.querySelector('button[data-date="2026-03-04"]') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Mês anterior" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

function DateHarness({ onChange, min, initial = "2026-11-22" }: { onChange: (value: string) => void; min?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Data"
        value={value}
        min={min}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("DateField", () => {
  it("shows the value in the language's short form and accepts a typed date", () => {
    const onChange = vi.fn();
    renderInApp(<DateHarness onChange={onChange} />);
    const input = screen.getByLabelText("Data") as HTMLInputElement;
    expect(input.value).toBe("22/11/2026");
    fireEvent.change(input, { target: { value: "5/1/2027" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith("2027-01-05");
    expect(input.value).toBe("05/01/2027");
  });

  it("rejects an impossible typed date, says why, and keeps the text", () => {
    const onChange = vi.fn();
    renderInApp(<DateHarness onChange={onChange} />);
    const input = screen.getByLabelText("Data") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "2026-02-30" } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe("2026-02-30");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Data inválida. Use dd/mm/aaaa.")).toBeTruthy();
    expect(screen.getByTestId("value").textContent).toBe("2026-11-22");
  });

  it("says the lower bound when a typed date is before min", () => {
    renderInApp(<DateHarness onChange={vi.fn()} min="2026-11-01" />);
    const input = screen.getByLabelText("Data");
    fireEvent.change(input, { target: { value: "31/10/2026" } });
    fireEvent.blur(input);
    expect(screen.getByText("A data tem de ser a partir de 01/11/2026.")).toBeTruthy();
  });

  it("opens the calendar on the current value and closes it with Escape", async () => {
    renderInApp(<DateHarness onChange={vi.fn()} />);
    const open = await screen.findByRole("button", { name: /Escolher data/ });
    fireEvent.click(open);
    await waitFor(() => expect(focusedDate()).toBe("2026-11-22"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
  });

  it("opens an empty field's calendar on the account's today, not the browser's", async () => {
    // 23:30 on 31 January in São Paulo; already 1 February in UTC and in Lisbon.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-02-01T02:30:00Z") });
    try {
      renderInApp(<DateHarness onChange={vi.fn()} initial="" />, { timeZone: "America/Sao_Paulo" });
      fireEvent.click(await screen.findByRole("button", { name: /Escolher data/ }));
      await waitFor(() => expect(focusedDate()).toBe("2026-01-31"));
      expect(document.querySelector("[aria-current='date']")?.getAttribute("data-date")).toBe("2026-01-31");
    } finally {
      vi.useRealTimers();
    }
  });

  it("picks a day from the calendar with the keyboard", async () => {
    const onChange = vi.fn();
    renderInApp(<DateHarness onChange={onChange} />);
    fireEvent.click(await screen.findByRole("button", { name: /Escolher data/ }));
    await waitFor(() => expect(focusedDate()).toBe("2026-11-22"));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" }));
    expect(focusedDate()).toBe("2026-11-23");
    fireEvent.click(document.activeElement!);
    expect(onChange).toHaveBeenCalledWith("2026-11-23");
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
    expect((screen.getByLabelText("Data") as HTMLInputElement).value).toBe("23/11/2026");
  });
});

describe("TimeField", () => {
  it("normalises a typed time to HH:mm and rejects 24:00", () => {
    const onChange = vi.fn();
    renderWithI18n(<TimeField label="Hora" value="" onChange={onChange} />);
    const input = screen.getByLabelText("Hora") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "9h30" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith("09:30");
    fireEvent.change(input, { target: { value: "24:00" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("shows and reads English times on the 12-hour clock, the value underneath still HH:mm", () => {
    const onChange = vi.fn();
    renderWithI18n(<TimeField label="Time" value="15:30" onChange={onChange} />, "en");
    const input = screen.getByLabelText("Time") as HTMLInputElement;
    expect(input.value).toBe("3:30 PM");
    fireEvent.change(input, { target: { value: "9am" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith("09:00");
    expect(input.value).toBe("9:00 AM");
  });
});
