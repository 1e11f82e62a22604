import { describe, expect, it } from "vitest";
import { formatDayRange } from "~/lib/dates";
import { changeText, comparedColumns } from "./analysis-text";

describe("the month-over-month table's words", () => {
  it("names the compared days as one range in each language", () => {
    expect(formatDayRange("2026-11-01", "2026-11-06", "pt")).toBe("1–6 de novembro de 2026");
    expect(formatDayRange("2026-11-01", "2026-11-06", "en")).toBe("November 1 – 6, 2026");
    expect(formatDayRange("2026-11-01", "2026-11-01", "en")).toBe("November 1, 2026");
  });

  it("writes a change with its sign and the language's own percent, no space before the sign in English", () => {
    expect(["pt", "en"].map((language) => [225.2, -60, 0].map((p) => changeText(p, language as "pt" | "en")))).toEqual([
      ["+225,2%", "-60%", "0%"],
      ["+225.2%", "-60%", "0%"],
    ]);
  });

  it("heads the amount columns with the months compared, or the same first days of each while the month runs", () => {
    const whole = { month: "2026-10", compared: { from: "2026-09-01", to: "2026-09-30", current: { from: "2026-10-01", to: "2026-10-31" }, partial: false } };
    expect(comparedColumns(whole, "pt")).toEqual({ current: "Outubro", previous: "Setembro" });
    expect(comparedColumns(whole, "en")).toEqual({ current: "October", previous: "September" });
    const running = { month: "2026-12", compared: { from: "2026-11-01", to: "2026-11-06", current: { from: "2026-12-01", to: "2026-12-06" }, partial: true } };
    expect(comparedColumns(running, "pt")).toEqual({ current: "1–6 de dezembro", previous: "1–6 de novembro" });
    expect(comparedColumns(running, "en")).toEqual({ current: "December 1 – 6", previous: "November 1 – 6" });
  });
});
