import { describe, expect, it } from "vitest";
import { analyticsReport, utcDays } from "./analytics";
import { countsAsError, errorRoute } from "./error-routes";
import { MIN_GROUP, safeCount, safeRate, safeSum } from "./small-group";

describe("the small-group rule", () => {
  it("withholds counts of 1 to 4 people and shows 0 and 5 or more", () => {
    expect(MIN_GROUP).toBe(5);
    expect([0, 1, 4, 5, 120].map(safeCount)).toEqual([0, null, null, 5, 120]);
  });

  it("withholds a rate over fewer than 5 people, or whose counted part or remainder is 1 to 4 people", () => {
    expect(safeRate(2, 4)).toBeNull();
    expect(safeRate(1, 40)).toBeNull();
    expect(safeRate(38, 40)).toBeNull();
    expect(safeRate(0, 40)).toBe(0);
    expect(safeRate(40, 40)).toBe(1);
    expect(safeRate(10, 40)).toBe(0.25);
    expect(safeRate(0, 0)).toBeNull();
  });

  it("withholds a sum over 1 to 4 people", () => {
    expect(safeSum(2397, 3)).toBeNull();
    expect(safeSum(4993, 5)).toBe(4993);
    expect(safeSum(0, 0)).toBe(0);
  });

  it("is applied to every figure of the analytics report", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const report = analyticsReport(
      {
        totals: { users: 4, confirmed: 3, trialsEnded: 2, convertedAfterTrial: 1, everSubscribed: 1, canceled: 1 },
        signups: [{ date: "2026-11-23", count: 4 }],
        active: { daily: 1, weekly: 2, monthly: 4 },
        paying: [{ tier: "pro", count: 1 }],
        modules: [{ module: "tasks", count: 3 }],
        moduleUsage: [{ module: "goals", count: 2 }],
      },
      now,
      7,
    );
    // Every input figure is about 1–4 people: no number may survive (zeros describe nobody and stay).
    const numbers = JSON.stringify(report, (key, value) => (key === "days" || key === "minGroup" ? undefined : value)).match(/:\d+(\.\d+)?[,}]/g) ?? [];
    expect(numbers.filter((n) => n !== ":0}" && n !== ":0,")).toEqual([]);
    expect(report).toMatchObject({ users: null, confirmationRate: null, mrrCents: null, payingUsers: null, churnRate: null, activeUsers: { daily: null, weekly: null, monthly: null } });
    expect(report.signupsPerDay).toHaveLength(8);
    expect(report.signupsPerDay[0]).toEqual({ date: "2026-11-16", count: 0 });
  });
});

describe("analytics helpers", () => {
  it("lists every UTC day of the period, both ends included", () => {
    expect(utcDays(new Date("2026-02-27T23:00:00Z"), new Date("2026-03-01T01:00:00Z"))).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
});

describe("error counts by route", () => {
  it("folds ids into :id and keeps words", () => {
    expect(errorRoute("GET", "/api/v1/tasks/01JDXQ7ZB3M9F0V8S2K4N6P1TR")).toBe("GET /api/v1/tasks/:id");
    expect(errorRoute("DELETE", "/api/v1/admin/users/123/sessions")).toBe("DELETE /api/v1/admin/users/:id/sessions");
    expect(errorRoute("GET", "/app/tarefas")).toBe("GET page");
  });

  it("counts API errors and page server errors only", () => {
    expect(countsAsError("/api/v1/tasks", 404)).toBe(true);
    expect(countsAsError("/api/v1/tasks", 200)).toBe(false);
    expect(countsAsError("/wp-login.php", 404)).toBe(false);
    expect(countsAsError("/app", 500)).toBe(true);
  });
});
