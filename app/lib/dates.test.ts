import { describe, expect, it } from "vitest";
import { formatLongDate, formatMonthYear, formatShortDate, weekdayNames, weekStart } from "./dates";

describe("dates", () => {
  it("start weeks on Monday", () => {
    const sunday = new Date(2026, 10, 22);
    expect(weekStart(sunday)).toEqual(new Date(2026, 10, 16));
    expect(weekdayNames("pt")[0]).toBe("segunda-feira");
    expect(weekdayNames("en", "short")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
  });

  it("format in pt-PT and en-US", () => {
    const day = new Date(2026, 10, 22);
    expect(formatLongDate(day, "pt")).toBe("22 de novembro de 2026");
    expect(formatShortDate(day, "pt")).toBe("22/11/2026");
    expect(formatLongDate(day, "en")).toBe("November 22, 2026");
  });

  it("name a month for calendar headings", () => {
    expect(formatMonthYear(new Date(2026, 1, 10), "pt")).toBe("fevereiro de 2026");
    expect(formatMonthYear(new Date(2026, 1, 10), "en")).toBe("February 2026");
  });
});

describe("the same text date-fns gave (before decision 0042's Revised)", async () => {
  const { format, startOfWeek } = await import("date-fns");
  const { enUS, pt } = await import("date-fns/locale");
  const days = Array.from({ length: 400 }, (_, i) => new Date(2026, 0, 1 + i));

  it("every day of a year, both languages", () => {
    for (const day of days) {
      expect(formatLongDate(day, "pt")).toBe(format(day, "PPP", { locale: pt }));
      // English long dates drop date-fns' ordinal ("22nd"), as Intl writes them elsewhere (decision 0070).
      expect(formatLongDate(day, "en")).toBe(format(day, "MMMM d, yyyy", { locale: enUS }));
      expect(formatShortDate(day, "pt")).toBe(format(day, "P", { locale: pt }));
      expect(formatShortDate(day, "en")).toBe(format(day, "P", { locale: enUS }));
      expect(formatMonthYear(day, "pt")).toBe(format(day, "LLLL 'de' yyyy", { locale: pt }));
      expect(formatMonthYear(day, "en")).toBe(format(day, "LLLL yyyy", { locale: enUS }));
      expect(weekStart(day)).toEqual(startOfWeek(day, { weekStartsOn: 1 }));
    }
    const monday = new Date(2026, 0, 5);
    const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 5 + i));
    expect(weekdayNames("pt")).toEqual(week.map((d) => format(d, "EEEE", { locale: pt })));
    expect(weekdayNames("pt", "short")).toEqual(week.map((d) => format(d, "EEE", { locale: pt })));
    expect(weekdayNames("en")).toEqual(week.map((d) => format(d, "EEEE", { locale: enUS })));
    expect(weekdayNames("en", "short")).toEqual(week.map((d) => format(d, "EEE", { locale: enUS })));
    expect(weekStart(monday)).toEqual(monday);
  });
});
