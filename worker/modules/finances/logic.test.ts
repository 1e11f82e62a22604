import { describe, expect, it } from "vitest";
import { addMonths, budgetThreshold, changeOf, comparedRange, isOverBudget, localToday, monthlyNeeded, monthRange, scheduledRange, spentRange } from "./logic";

describe("finance rules", () => {
  it("moves months across years and knows each month's last day", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-06", -11)).toBe("2025-07");
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-02").to).toBe("2026-02-28");
  });

  it("reads today in the user's time zone", () => {
    // 23:30 UTC on 31 December: still that day in Lisbon (UTC+0 in winter), already 1 January in Berlin.
    expect(localToday("Europe/Lisbon", new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
    expect(localToday("Europe/Berlin", new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(localToday("America/Sao_Paulo", new Date("2027-01-01T01:00:00Z"))).toBe("2026-12-31");
  });

  it("crosses budget thresholds in integers, never early", () => {
    expect(budgetThreshold(7999, 10000)).toBeNull();
    expect(budgetThreshold(8000, 10000)).toBe(80);
    // 80 % of 333 cents is 266.4: 266 is not there yet, 267 is.
    expect(budgetThreshold(266, 333)).toBeNull();
    expect(budgetThreshold(267, 333)).toBe(80);
    expect(budgetThreshold(9999, 10000)).toBe(80);
    expect(budgetThreshold(10000, 10000)).toBe(100);
    expect(budgetThreshold(1_000_000_000, 1)).toBe(100);
  });

  it("is over budget at exactly the limit, as the budgets tab's 'exceeded' and the 100 % alert say", () => {
    expect(isOverBudget(9999, 10000)).toBe(false);
    expect(isOverBudget(10000, 10000)).toBe(true);
    expect(isOverBudget(10001, 10000)).toBe(true);
  });

  it("counts a budget's spending up to today in the running month, the whole of a past one, none of a later one", () => {
    expect(spentRange("2026-12", "2026-12-07")).toEqual({ from: "2026-12-01", to: "2026-12-07" });
    expect(spentRange("2026-12", "2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(spentRange("2026-11", "2026-12-07")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    const later = spentRange("2027-01", "2026-12-07");
    expect(later.to < later.from).toBe(true);
  });

  it("schedules the days of a month after those counted: after today, none of a past month, all of a later one", () => {
    expect(scheduledRange("2026-12", "2026-12-07")).toEqual({ from: "2026-12-08", to: "2026-12-31" });
    expect(scheduledRange("2027-02", "2027-02-27")).toEqual({ from: "2027-02-28", to: "2027-02-28" });
    const none = scheduledRange("2026-12", "2026-12-31");
    expect(none.from > none.to).toBe(true);
    expect(scheduledRange("2026-11", "2026-12-07").from > "2026-11-30").toBe(true);
    expect(scheduledRange("2027-01", "2026-12-07")).toEqual({ from: "2027-01-01", to: "2027-01-31" });
  });

  it("gives the monthly amount a savings goal needs, rounded up to the cent", () => {
    const goal = { targetCents: 100000, savedCents: 0 };
    expect(monthlyNeeded({ ...goal, deadline: "2027-11-23" }, "2026-11-23")).toEqual({ remainingCents: 100000, monthsLeft: 12, monthlyNeededCents: 8334 });
    expect(monthlyNeeded({ ...goal, deadline: "2026-11-30" }, "2026-11-23").monthlyNeededCents).toBe(100000);
    expect(monthlyNeeded({ ...goal, deadline: "2026-01-01" }, "2026-11-23")).toEqual({ remainingCents: 100000, monthsLeft: 0, monthlyNeededCents: 100000 });
    expect(monthlyNeeded({ ...goal, deadline: null }, "2026-11-23")).toEqual({ remainingCents: 100000, monthsLeft: null, monthlyNeededCents: null });
    expect(monthlyNeeded({ targetCents: 100, savedCents: 150, deadline: "2027-01-01" }, "2026-11-23").monthlyNeededCents).toBe(0);
  });

  it("measures a change in cents and, when it can, in percent", () => {
    expect(changeOf(30000, 25000)).toEqual({ currentCents: 30000, previousCents: 25000, changeCents: 5000, changePercent: 20 });
    expect(changeOf(1, 3)).toEqual({ currentCents: 1, previousCents: 3, changeCents: -2, changePercent: -66.7 });
    expect(changeOf(500, 0).changePercent).toBeNull();
    expect(changeOf(-100, -200).changePercent).toBe(50);
  });
});

describe("comparedRange", () => {
  const december = { from: "2026-12-01", to: "2026-12-31" };
  it("is the whole previous month for a past month, and the same days so far for the running one", () => {
    expect(comparedRange("2026-11", "2026-12-06")).toEqual({ month: "2026-10", from: "2026-10-01", to: "2026-10-31", current: { from: "2026-11-01", to: "2026-11-30" }, partial: false });
    expect(comparedRange("2026-12", "2026-12-06")).toEqual({ month: "2026-11", from: "2026-11-01", to: "2026-11-06", current: { from: "2026-12-01", to: "2026-12-06" }, partial: true });
    // January against December of the year before.
    expect(comparedRange("2027-01", "2027-01-15")).toEqual({ month: "2026-12", from: "2026-12-01", to: "2026-12-15", current: { from: "2027-01-01", to: "2027-01-15" }, partial: true });
  });

  it("stops at the previous month's last day when it is shorter, and is whole on the running month's last day", () => {
    // 1–30 March (the 31st is still to come) against the whole of February.
    expect(comparedRange("2027-03", "2027-03-30")).toEqual({ month: "2027-02", from: "2027-02-01", to: "2027-02-28", current: { from: "2027-03-01", to: "2027-03-30" }, partial: true });
    expect(comparedRange("2026-12", "2026-12-30")).toEqual({ month: "2026-11", from: "2026-11-01", to: "2026-11-30", current: { from: "2026-12-01", to: "2026-12-30" }, partial: true });
    expect(comparedRange("2026-12", "2026-12-31")).toEqual({ month: "2026-11", from: "2026-11-01", to: "2026-11-30", current: december, partial: false });
  });
});
