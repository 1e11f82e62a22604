import { describe, expect, it } from "vitest";
import type { TransactionView } from "../types";
import { transactionDays } from "./transactions-panel";

const row = (id: string, date: string, type: "income" | "expense", amountCents: number) => ({ id, date, type, amountCents, description: id, category: "groceries" }) as TransactionView;

describe("the transaction list's days", () => {
  const rows = [row("a", "2026-12-05", "income", 10_000), row("b", "2026-12-05", "expense", 2_500), row("c", "2026-12-04", "expense", 1_000)];

  it("sums each day's rows, income less expenses", () => {
    expect(transactionDays(rows, false).map((d) => [d.date, d.totalCents, d.complete])).toEqual([
      ["2026-12-05", 7_500, true],
      ["2026-12-04", -1_000, true],
    ]);
  });

  it("does not give a total for the last day while its other rows may be on the next page", () => {
    expect(transactionDays(rows, true).map((d) => [d.date, d.complete])).toEqual([
      ["2026-12-05", true],
      ["2026-12-04", false],
    ]);
  });
});
