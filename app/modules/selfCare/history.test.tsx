// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { SelfCareHistory } from "./history";
import type { Routine } from "./routine-form";

afterEach(cleanup);

const routine = (id: string, title: string, weekdays: number[] = []): Routine => ({
  id,
  title,
  category: "movement",
  description: "",
  frequency: weekdays.length ? "weekdays" : "daily",
  weekdays,
  durationMinutes: null,
  reminderTime: null,
  createdAt: "2026-10-01T10:00:00.000Z",
  updatedAt: "2026-10-01T10:00:00.000Z",
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

// Wednesday 2 December 2026; the history runs from Monday 2 November to Sunday 6 December.
const today = "2026-12-02";
const gym = routine("r1", "Ginásio", [1, 3]);
const history = [
  { routineId: "r1", date: "2026-11-30" },
  { routineId: "r1", date: "2026-11-25" },
];

const cellOf = (table: HTMLElement, date: string) => table.querySelector<HTMLElement>(`[data-date="${date}"]`)!;

describe("the self-care history", () => {
  it("lays each routine out in weeks Monday to Sunday under the weekdays' names in the screen's language", () => {
    renderWithI18n(<SelfCareHistory routines={[gym]} history={history} today={today} timeZone="Europe/Lisbon" />);
    const table = screen.getByRole("table", { name: "Ginásio" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["segsegunda-feira", "terterça-feira", "quaquarta-feira", "quiquinta-feira", "sexsexta-feira", "sábsábado", "domdomingo"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[0]).getByRole("rowheader").textContent).toBe("2/11Semana de 2 de novembro de 2026");
    expect(rows.map((row) => row.querySelector("[data-date]")!.getAttribute("data-date"))).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"]);
  });

  it("says each day's date and whether it was done, missed or not scheduled, and marks today", () => {
    renderWithI18n(<SelfCareHistory routines={[gym]} history={history} today={today} timeZone="Europe/Lisbon" />);
    const table = screen.getByRole("table", { name: "Ginásio" });
    expect(cellOf(table, "2026-11-25").textContent).toBe("25" + "25 de novembro de 2026: feito");
    expect(cellOf(table, "2026-11-23").textContent).toBe("23" + "23 de novembro de 2026: não feito");
    expect(cellOf(table, "2026-11-24").textContent).toBe("24" + "24 de novembro de 2026: não previsto");
    // A day not scheduled looks unlike a missed one.
    expect(cellOf(table, "2026-11-24").className).not.toBe(cellOf(table, "2026-11-23").className);
    expect(cellOf(table, "2026-11-24").className).toContain("border-dashed");
    const todayCell = cellOf(table, today);
    expect(todayCell.getAttribute("aria-current")).toBe("date");
    expect(todayCell.textContent).toBe("2" + "Hoje, 2 de dezembro de 2026: ainda por fazer");
    expect(within(table).getAllByText(/^Hoje/)).toHaveLength(1);
    // The rest of today's week is still to come: nothing said, nothing drawn.
    expect(cellOf(table, "2026-12-03").textContent).toBe("");
  });

  it("does not count the days before a routine existed as missed", () => {
    // Made on Friday 20 November at 23:30 in Lisbon (winter: UTC).
    const walk = { ...routine("r2", "Caminhar"), createdAt: "2026-11-20T23:30:00.000Z" };
    renderWithI18n(<SelfCareHistory routines={[walk]} history={[{ routineId: "r2", date: "2026-11-22" }]} today={today} timeZone="Europe/Lisbon" />);
    const table = screen.getByRole("table", { name: "Caminhar" });
    expect(cellOf(table, "2026-11-19").getAttribute("data-state")).toBe("before");
    expect(cellOf(table, "2026-11-20").getAttribute("data-state")).toBe("missed");
    expect(cellOf(table, "2026-11-19").textContent).toContain("a rotina ainda não existia");
  });

  it("in English, with English weekdays and dates", () => {
    renderWithI18n(<SelfCareHistory routines={[gym]} history={history} today={today} timeZone="Europe/Lisbon" />, "en");
    const table = screen.getByRole("table", { name: "Ginásio" });
    expect(within(table).getAllByRole("columnheader")[0].textContent).toBe("MonMonday");
    expect(cellOf(table, "2026-11-24").textContent).toBe("24" + "November 24, 2026: not scheduled");
    expect(cellOf(table, "2026-11-23").textContent).toBe("23" + "November 23, 2026: missed");
  });

  describe("of a routine done several times a day (decision 0117, revised)", () => {
    const water = { ...routine("w1", "Beber água"), timesPerDay: 8 };
    // The 30th done (its count stored too), the 1st counted 5 of 8, today 3 of 8, the 29th nothing.
    const checkIns = [{ routineId: "w1", date: "2026-11-30" }];
    const counts = [
      { routineId: "w1", date: "2026-11-30", count: 8 },
      { routineId: "w1", date: "2026-12-01", count: 5 },
      { routineId: "w1", date: "2026-12-02", count: 3 },
    ];

    it("shows a day counted part of the way in a lighter shade, its count in its label and title", () => {
      renderWithI18n(<SelfCareHistory routines={[water]} history={checkIns} counts={counts} today={today} timeZone="Europe/Lisbon" />);
      const table = screen.getByRole("table", { name: "Beber água" });
      const partly = cellOf(table, "2026-12-01");
      expect(partly.getAttribute("data-state")).toBe("partial");
      expect(partly.textContent).toBe("1" + "1 de dezembro de 2026: 5 de 8 vezes");
      expect(partly.getAttribute("title")).toBe("1 de dezembro de 2026: 5 de 8 vezes");
      expect(partly.className).toContain("bg-brand-100");
      // Unlike a day done and a day missed.
      expect(cellOf(table, "2026-11-30").getAttribute("data-state")).toBe("done");
      expect(cellOf(table, "2026-11-30").textContent).toContain("feito");
      expect(cellOf(table, "2026-11-29").getAttribute("data-state")).toBe("missed");
      expect(new Set([partly, cellOf(table, "2026-11-30"), cellOf(table, "2026-11-29")].map((cell) => cell.className)).size).toBe(3);
      expect(cellOf(table, today).textContent).toBe("2" + "Hoje, 2 de dezembro de 2026: 3 de 8 vezes");
      // The legend says what the lighter shade is.
      expect(screen.getByText("Em parte")).toBeTruthy();
    });

    it("shows the counts even before the first day done, in English too; a routine done once a day has no partial days", () => {
      renderWithI18n(<SelfCareHistory routines={[water]} history={[]} counts={counts.slice(1)} today={today} timeZone="Europe/Lisbon" />, "en");
      const table = screen.getByRole("table", { name: "Beber água" });
      expect(cellOf(table, "2026-12-01").textContent).toBe("1" + "December 1, 2026: 5 of 8 times");
      expect(screen.getByText("Partly done")).toBeTruthy();
      cleanup();
      // Lowered to once a day since: its old counts are no partial days (as the card's strip shows them).
      renderWithI18n(<SelfCareHistory routines={[{ ...water, timesPerDay: 1 }]} history={checkIns} counts={counts} today={today} timeZone="Europe/Lisbon" />);
      expect(cellOf(screen.getByRole("table", { name: "Beber água" }), "2026-12-01").getAttribute("data-state")).toBe("missed");
      expect(screen.queryByText("Em parte")).toBeNull();
    });
  });
});
