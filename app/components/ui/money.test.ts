import { describe, expect, it } from "vitest";
import { centsToDecimal, formatMoney, formatMoneyPlain, parseMoney } from "./money";

// Intl writes no-break spaces; the tests compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("parseMoney", () => {
  it.each([
    ["2,50", 250],
    ["2.50", 250],
    ["2,5", 250],
    ["2.5", 250],
    ["10", 1000],
    ["0", 0],
    ["0,01", 1],
    [",50", 50],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["1 234,56", 123456],
    ["1 234,56 €", 123456],
    ["1\u00a0234,56\u00a0€", 123456],
    ["€1,234.56", 123456],
    ["1234,56", 123456],
    ["1234.56", 123456],
    ["1.234", 123400],
    ["1,234", 123400],
    ["1.234.567", 123456700],
    ["1,234,567.89", 123456789],
    ["1.234.567,89", 123456789],
    ["  7 ", 700],
    ["007,10", 710],
    ["12 EUR", 1200],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
  });

  it("adds cents without float drift (0,29 and 1.005-style amounts stay exact)", () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(parseMoney("0,29")).toEqual({ ok: true, cents: 29 });
    expect(parseMoney("19,99")).toEqual({ ok: true, cents: 1999 });
    expect(parseMoney("99 999 999 999,99")).toEqual({ ok: true, cents: 9_999_999_999_999 });
  });

  it.each([["abc"], ["1,2,3"], ["1.23.4"], ["12a"], ["1.234,5.6"], ["1,23.456,7"], ["."], [","], ["--1"], ["1-"]])("rejects %j as invalid", (input) => {
    expect(parseMoney(input)).toEqual({ ok: false, reason: "invalid" });
  });

  it("says why it rejects: empty, too many decimals, too large, negative", () => {
    expect(parseMoney("   ")).toEqual({ ok: false, reason: "empty" });
    expect(parseMoney("")).toEqual({ ok: false, reason: "empty" });
    // Three digits after a lone separator group thousands: "2,505" is two thousand five hundred and five.
    expect(parseMoney("2,505")).toEqual({ ok: true, cents: 250500 });
    expect(parseMoney("0,125")).toEqual({ ok: false, reason: "too_precise" });
    expect(parseMoney("2,5055")).toEqual({ ok: false, reason: "too_precise" });
    expect(parseMoney("1.234,567")).toEqual({ ok: false, reason: "too_precise" });
    expect(parseMoney("123456789012")).toEqual({ ok: false, reason: "too_large" });
    expect(parseMoney("-2,50")).toEqual({ ok: false, reason: "negative" });
  });

  it("accepts negative amounts only when asked", () => {
    expect(parseMoney("-2,50", { allowNegative: true })).toEqual({ ok: true, cents: -250 });
    expect(parseMoney("−1.234,56 €", { allowNegative: true })).toEqual({ ok: true, cents: -123456 });
    // Minus zero is just zero, allowed either way.
    expect(parseMoney("-0")).toEqual({ ok: true, cents: 0 });
  });
});

describe("centsToDecimal", () => {
  it("writes the exact decimal text", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(100)).toBe("1.00");
  });

  it("refuses anything that is not integer cents", () => {
    expect(() => centsToDecimal(2.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("shows euros the Portuguese way", () => {
    expect(plain(formatMoney(123456, "pt"))).toBe("1 234,56 €");
    expect(plain(formatMoney(250, "pt"))).toBe("2,50 €");
    expect(plain(formatMoney(0, "pt"))).toBe("0,00 €");
    expect(plain(formatMoney(-5, "pt"))).toBe("-0,05 €");
    expect(plain(formatMoney(123456789, "pt"))).toBe("1 234 567,89 €");
  });

  it("shows euros the American way", () => {
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
    expect(formatMoney(250, "en")).toBe("€2.50");
    expect(formatMoney(-123456, "en")).toBe("-€1,234.56");
  });

  it("round-trips through parseMoney in both languages", () => {
    for (const cents of [0, 1, 29, 250, 99999, 123456, 100000000, -4321]) {
      for (const language of ["pt", "en"] as const) {
        expect(parseMoney(formatMoney(cents, language), { allowNegative: true })).toEqual({ ok: true, cents });
        expect(parseMoney(formatMoneyPlain(cents, language), { allowNegative: true })).toEqual({ ok: true, cents });
      }
    }
  });

  it("shows the editable form without the currency sign", () => {
    expect(plain(formatMoneyPlain(123456, "pt"))).toBe("1 234,56");
    expect(formatMoneyPlain(123456, "en")).toBe("1,234.56");
    expect(formatMoneyPlain(50, "en")).toBe("0.50");
  });
});
