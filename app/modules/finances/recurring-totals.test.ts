import { describe, expect, it } from "vitest";
import { monthlyTotals } from "./recurring-totals";

const rule = (
  type: "income" | "expense",
  amountCents: number,
  frequency: "weekly" | "monthly" | "yearly",
  nextDate: string | null = "2027-03-05",
) => ({ type, amountCents, frequency, nextDate });

describe("the monthly totals of the recurring transactions", () => {
  it("counts monthly as is, weekly ×52/12 and yearly /12, income and expense apart", () => {
    expect(
      monthlyTotals([
        rule("income", 150_000, "monthly"),
        rule("income", 180_000, "yearly"),
        rule("expense", 65_000, "monthly"),
        rule("expense", 1_000, "weekly"),
        rule("expense", 2_400, "yearly"),
      ]),
    ).toEqual({ incomeCents: 165_000, expenseCents: 65_000 + 4_333 + 200 });
  });

  it("rounds once at the end, not per rule", () => {
    // Three weekly 1 cent rules: 3 × 52/12 = 13 cents; rounding each (4.33 → 4) would say 12.
    expect(
      monthlyTotals([
        rule("expense", 1, "weekly"),
        rule("expense", 1, "weekly"),
        rule("expense", 1, "weekly"),
      ]).expenseCents,
    ).toBe(13);
    // A yearly 1 cent is 1/12 of a cent a month: nothing, but twelve of them make a cent.
    expect(monthlyTotals([rule("income", 1, "yearly")]).incomeCents).toBe(0);
    expect(
      monthlyTotals(
        Array.from({ length: 12 }, () => rule("income", 1, "yearly")),
      ).incomeCents,
    ).toBe(1);
  });

  it("leaves out the rules that ended, and is zero for none", () => {
    expect(monthlyTotals([rule("expense", 9_999, "monthly", null)])).toEqual({
      incomeCents: 0,
      expenseCents: 0,
    });
    expect(monthlyTotals([])).toEqual({ incomeCents: 0, expenseCents: 0 });
  });
});
