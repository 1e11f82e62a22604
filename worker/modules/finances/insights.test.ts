import { describe, expect, it } from "vitest";
import { computeInsights, payeeOf, type InsightTransaction } from "./insights";

/** A day after November: November is a finished month, compared with the whole of October. */
const AFTER = "2026-12-06";
const expense = (date: string, amountCents: number, description: string, category: string): InsightTransaction => ({ date, type: "expense", amountCents, description, category });

describe("computeInsights", () => {
  it("names the month's biggest categories with their share", () => {
    const rows = [expense("2026-11-02", 6000, "Continente", "groceries"), expense("2026-11-03", 3000, "Uber", "transport"), expense("2026-11-04", 1000, "Café", "restaurants"), expense("2026-10-04", 99999, "Antes", "home")];
    const top = computeInsights(rows, "2026-11", AFTER).filter((i) => i.kind === "top_category");
    expect(top).toEqual([
      { kind: "top_category", category: "groceries", amountCents: 6000, sharePercent: 60, month: "2026-11", rank: 1 },
      { kind: "top_category", category: "transport", amountCents: 3000, sharePercent: 30, month: "2026-11", rank: 2 },
      { kind: "top_category", category: "restaurants", amountCents: 1000, sharePercent: 10, month: "2026-11", rank: 3 },
    ]);
  });

  it("flags an expense at three times the user's own median in its category, only with enough history", () => {
    const usual = [250, 300, 280, 260, 270].map((c, i) => expense(`2026-10-0${i + 1}`, c, "Café", "restaurants"));
    const rows = [...usual, expense("2026-11-10", 2000, "Jantar de anos", "restaurants"), expense("2026-11-11", 300, "Café", "restaurants")];
    expect(computeInsights(rows, "2026-11", AFTER).filter((i) => i.kind === "unusual_expense")).toEqual([
      { kind: "unusual_expense", description: "Jantar de anos", date: "2026-11-10", category: "restaurants", amountCents: 2000, medianCents: 270, times: 7.4 },
    ]);
    expect(computeInsights([...usual.slice(1), rows[5]], "2026-11", AFTER).filter((i) => i.kind === "unusual_expense")).toEqual([]);
  });

  it("reports month-over-month changes above 20 % and 10 €, in total and by category", () => {
    const rows = [expense("2026-10-05", 10000, "Continente", "groceries"), expense("2026-10-06", 5000, "Uber", "transport"), expense("2026-11-05", 15000, "Continente", "groceries"), expense("2026-11-06", 5500, "Uber", "transport")];
    expect(computeInsights(rows, "2026-11", AFTER).filter((i) => i.kind === "month_change")).toEqual([
      { kind: "month_change", category: null, month: "2026-11", amountCents: 20500, previousCents: 15000, changePercent: 37, partial: false },
      { kind: "month_change", category: "groceries", month: "2026-11", amountCents: 15000, previousCents: 10000, changePercent: 50, partial: false },
    ]);
  });

  it("compares the running month with the same days of the month before, not the whole of it", () => {
    // 6 December: 80 € of groceries so far, against 60 € by 6 November and 200 € in all November.
    const rows = [expense("2026-11-03", 6000, "Continente", "groceries"), expense("2026-11-20", 14000, "Continente", "groceries"), expense("2026-12-04", 8000, "Continente", "groceries")];
    expect(computeInsights(rows, "2026-12", "2026-12-06").filter((i) => i.kind === "month_change")).toEqual([
      { kind: "month_change", category: null, month: "2026-12", amountCents: 8000, previousCents: 6000, changePercent: 33, partial: true },
      { kind: "month_change", category: "groceries", month: "2026-12", amountCents: 8000, previousCents: 6000, changePercent: 33, partial: true },
    ]);
    // Seen after December ends, the whole of November counts: a 60 % fall.
    expect(computeInsights(rows, "2026-12", "2027-01-02").filter((i) => i.kind === "month_change").map((i) => "changePercent" in i && [i.previousCents, i.changePercent, i.partial])).toEqual([
      [20000, -60, false],
      [20000, -60, false],
    ]);
  });

  it("leaves out of the running month's side what is dated after today", () => {
    // 6 December: the rent entered for the 25th is planned, not spent; so far 80 € against 60 €.
    const rows = [expense("2026-11-03", 6000, "Continente", "groceries"), expense("2026-12-04", 8000, "Continente", "groceries"), expense("2026-12-25", 65000, "Renda", "housing")];
    expect(computeInsights(rows, "2026-12", "2026-12-06").filter((i) => i.kind === "month_change")).toEqual([
      { kind: "month_change", category: null, month: "2026-12", amountCents: 8000, previousCents: 6000, changePercent: 33, partial: true },
      { kind: "month_change", category: "groceries", month: "2026-12", amountCents: 8000, previousCents: 6000, changePercent: 33, partial: true },
    ]);
  });

  it("detects a monthly payment by payee and similar amount, not a shop visited often", () => {
    const netflix = ["2026-08-12", "2026-09-12", "2026-10-13", "2026-11-12"].map((d) => expense(d, 1399, `DD NETFLIX ${d.replace(/-/g, "")}`, "subscriptions"));
    const lidl = ["2026-09-01", "2026-09-08", "2026-10-01", "2026-10-09", "2026-11-02"].map((d) => expense(d, 2000, "LIDL LISBOA", "groceries"));
    const gym = ["2026-06-01", "2026-07-01", "2026-08-01"].map((d) => expense(d, 3500, "Ginásio", "leisure"));
    const recurring = computeInsights([...netflix, ...lidl, ...gym], "2026-11", AFTER).filter((i) => i.kind === "recurring");
    // The gym stopped in August: no longer recurring in November.
    expect(recurring).toEqual([{ kind: "recurring", description: "DD NETFLIX 20261112", category: "subscriptions", amountCents: 1399, dayOfMonth: 12, months: 4, lastDate: "2026-11-12" }]);
  });

  it("says nothing without data, and ignores income", () => {
    expect(computeInsights([], "2026-11", AFTER)).toEqual([]);
    expect(computeInsights([{ date: "2026-11-01", type: "income", amountCents: 100000, description: "Salário", category: "salary" }], "2026-11", AFTER)).toEqual([]);
    expect(payeeOf("COMPRA 4512 PINGO DOCE LISBOA 12/11")).toBe("pingo doce lisboa");
  });
});
