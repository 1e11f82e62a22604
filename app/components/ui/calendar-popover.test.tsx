// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CalendarGrid } from "./calendar-popover";
import { renderWithI18n } from "./test-utils";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the date picker's today", () => {
  it("is the account's day: the ring, the month it opens on and the Hoje button", () => {
    // 23:30 on 31 January in São Paulo is 1 February in UTC, Lisbon and most browsers east of Brazil.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-02-01T02:30:00Z") });
    const onPick = vi.fn();
    renderWithI18n(<CalendarGrid value={null} bounds={{}} language="pt" timeZone="America/Sao_Paulo" onPick={onPick} />);
    expect(screen.getByRole("heading").textContent).toBe("janeiro de 2026");
    expect(document.querySelector("[aria-current='date']")?.getAttribute("data-date")).toBe("2026-01-31");
    screen.getByRole("button", { name: "Hoje" }).click();
    expect(onPick).toHaveBeenCalledWith("2026-01-31");
  });
});
