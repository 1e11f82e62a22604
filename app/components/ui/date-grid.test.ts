import { describe, expect, it } from "vitest";
import { addMonths, formatTypedDate, formatTypedTime, isIsoDate, isTime, monthGrid, moveFocus, parseTypedDate, parseTypedTime, todayIso } from "./date-grid";

describe("isIsoDate / isTime", () => {
  it("accepts real days only", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-00-10")).toBe(false);
    expect(isIsoDate("2026-1-5")).toBe(false);
    expect(isIsoDate("2100-02-29")).toBe(false);
    expect(isIsoDate("2000-02-29")).toBe(true);
  });

  it("accepts 24-hour HH:mm", () => {
    expect(isTime("00:00")).toBe(true);
    expect(isTime("23:59")).toBe(true);
    expect(isTime("24:00")).toBe(false);
    expect(isTime("9:30")).toBe(false);
    expect(isTime("12:60")).toBe(false);
  });
});

describe("monthGrid", () => {
  it("starts every week on Monday", () => {
    // 1 November 2026 is a Sunday: the first row is Monday 26 October … Sunday 1 November.
    const weeks = monthGrid(2026, 11);
    expect(weeks[0].map((cell) => cell.date)).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(weeks[0].map((cell) => cell.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks).toHaveLength(6);
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
  });

  it("keeps six rows when the month starts on a Monday", () => {
    // 1 June 2026 is a Monday.
    const weeks = monthGrid(2026, 6);
    expect(weeks[0][0]).toEqual({ date: "2026-06-01", day: 1, inMonth: true });
    expect(weeks[5][6].date).toBe("2026-07-12");
  });

  it("crosses the DST change without repeating or skipping a day", () => {
    const march = monthGrid(2026, 3).flat().filter((cell) => cell.inMonth);
    expect(march.map((cell) => cell.day)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });
});

describe("moveFocus", () => {
  const from = "2026-01-31"; // a Saturday

  it("moves by a day and a week with the arrows", () => {
    expect(moveFocus(from, "ArrowLeft", false)).toBe("2026-01-30");
    expect(moveFocus(from, "ArrowRight", false)).toBe("2026-02-01");
    expect(moveFocus(from, "ArrowUp", false)).toBe("2026-01-24");
    expect(moveFocus(from, "ArrowDown", false)).toBe("2026-02-07");
  });

  it("moves by a month with PageUp/PageDown and a year with Shift", () => {
    expect(moveFocus(from, "PageDown", false)).toBe("2026-02-28");
    expect(moveFocus(from, "PageUp", false)).toBe("2025-12-31");
    expect(moveFocus("2028-02-29", "PageDown", true)).toBe("2029-02-28");
    expect(moveFocus(from, "PageUp", true)).toBe("2025-01-31");
  });

  it("goes to Monday with Home and Sunday with End", () => {
    expect(moveFocus(from, "Home", false)).toBe("2026-01-26");
    expect(moveFocus(from, "End", false)).toBe("2026-02-01");
    expect(moveFocus("2026-02-01", "Home", false)).toBe("2026-01-26");
  });

  it("stays within min and max", () => {
    expect(moveFocus(from, "ArrowRight", false, { max: "2026-01-31" })).toBe("2026-01-31");
    expect(moveFocus(from, "PageUp", false, { min: "2026-01-15" })).toBe("2026-01-15");
  });

  it("ignores other keys", () => {
    expect(moveFocus(from, "a", false)).toBeNull();
  });
});

describe("addMonths", () => {
  it("keeps the day inside shorter months and crosses years", () => {
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-01-15", -13)).toBe("2024-12-15");
  });
});

describe("parseTypedDate", () => {
  it("reads the ISO form and the language's short form", () => {
    expect(parseTypedDate("2026-12-25", "pt")).toEqual({ ok: true, value: "2026-12-25" });
    expect(parseTypedDate("25/12/2026", "pt")).toEqual({ ok: true, value: "2026-12-25" });
    expect(parseTypedDate("5.1.2026", "pt")).toEqual({ ok: true, value: "2026-01-05" });
    expect(parseTypedDate("12/25/2026", "en")).toEqual({ ok: true, value: "2026-12-25" });
    expect(parseTypedDate("1/5/2026", "en")).toEqual({ ok: true, value: "2026-01-05" });
  });

  it("rejects impossible days and other text", () => {
    expect(parseTypedDate("2026-02-30", "pt")).toEqual({ ok: false, reason: "invalid" });
    expect(parseTypedDate("30/02/2026", "pt")).toEqual({ ok: false, reason: "invalid" });
    expect(parseTypedDate("25/12/2026", "en")).toEqual({ ok: false, reason: "invalid" });
    expect(parseTypedDate("amanhã", "pt")).toEqual({ ok: false, reason: "invalid" });
    expect(parseTypedDate("  ", "pt")).toEqual({ ok: false, reason: "empty" });
  });

  it("applies min and max", () => {
    const bounds = { min: "2026-01-01", max: "2026-12-31" };
    expect(parseTypedDate("2025-12-31", "pt", bounds)).toEqual({ ok: false, reason: "before_min" });
    expect(parseTypedDate("2027-01-01", "pt", bounds)).toEqual({ ok: false, reason: "after_max" });
    expect(parseTypedDate("2026-01-01", "pt", bounds)).toEqual({ ok: true, value: "2026-01-01" });
  });

  it("formats back to the short form of each language", () => {
    expect(formatTypedDate("2026-01-05", "pt")).toBe("05/01/2026");
    expect(formatTypedDate("2026-01-05", "en")).toBe("01/05/2026");
    expect(parseTypedDate(formatTypedDate("2026-01-05", "en"), "en")).toEqual({ ok: true, value: "2026-01-05" });
  });
});

describe("todayIso", () => {
  it("uses the local calendar day", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("uses the day in the account's zone when given one", () => {
    // 00:30 on 6 January in Lisbon is still 5 January in São Paulo and already the 6th in Tokyo.
    const now = new Date("2026-01-06T00:30:00Z");
    expect(todayIso(now, "Europe/Lisbon")).toBe("2026-01-06");
    expect(todayIso(now, "America/Sao_Paulo")).toBe("2026-01-05");
    expect(todayIso(now, "Asia/Tokyo")).toBe("2026-01-06");
  });
});

describe("parseTypedTime", () => {
  it("reads the usual ways of writing a time", () => {
    expect(parseTypedTime("09:30")).toBe("09:30");
    expect(parseTypedTime("9:30")).toBe("09:30");
    expect(parseTypedTime("0930")).toBe("09:30");
    expect(parseTypedTime("9h30")).toBe("09:30");
    expect(parseTypedTime("9h")).toBe("09:00");
    expect(parseTypedTime("21")).toBe("21:00");
    expect(parseTypedTime(" 23:59 ")).toBe("23:59");
  });

  it("reads a 12-hour clock", () => {
    expect(parseTypedTime("3pm")).toBe("15:00");
    expect(parseTypedTime("3:30 PM")).toBe("15:30");
    expect(parseTypedTime("9.15 a.m.")).toBe("09:15");
    expect(parseTypedTime("12am")).toBe("00:00");
    expect(parseTypedTime("12:05 pm")).toBe("12:05");
    expect(parseTypedTime("13pm")).toBeNull();
    expect(parseTypedTime("0am")).toBeNull();
  });

  it("writes a time in the language's clock", () => {
    expect([formatTypedTime("15:30", "en"), formatTypedTime("00:05", "en"), formatTypedTime("12:00", "en"), formatTypedTime("09:00", "en")]).toEqual(["3:30 PM", "12:05 AM", "12:00 PM", "9:00 AM"]);
    expect(formatTypedTime("15:30", "pt")).toBe("15:30");
  });

  it("rejects impossible times and other text", () => {
    expect(parseTypedTime("24:00")).toBeNull();
    expect(parseTypedTime("12:60")).toBeNull();
    expect(parseTypedTime("9:5")).toBeNull();
    expect(parseTypedTime("meio-dia")).toBeNull();
    expect(parseTypedTime("")).toBeNull();
  });
});
