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
    expect(formatLongDate(day, "en")).toBe("November 22nd, 2026");
  });

  it("name a month for calendar headings", () => {
    expect(formatMonthYear(new Date(2026, 1, 10), "pt")).toBe("fevereiro de 2026");
    expect(formatMonthYear(new Date(2026, 1, 10), "en")).toBe("February 2026");
  });
});
