import { describe, expect, it } from "vitest";
import { isWellFormedId } from "../../db/owned";
import { isTaskRule, nextDueDate, nextTaskId } from "./recurrence";

describe("recurring tasks: the next due date", () => {
  it("is the rule's next date after the completed one when completed on time or early", () => {
    expect(nextDueDate("FREQ=DAILY", "2026-11-23", "2026-11-23")).toBe("2026-11-24");
    expect(nextDueDate("FREQ=DAILY", "2026-11-25", "2026-11-23")).toBe("2026-11-26");
    // Friday → Monday for weekdays; Monday → Wednesday for Monday/Wednesday/Friday.
    expect(nextDueDate("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-11-27", "2026-11-27")).toBe("2026-11-30");
    expect(nextDueDate("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-11-23", "2026-11-23")).toBe("2026-11-25");
    expect(nextDueDate("FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01", "2026-11-30")).toBe("2027-01-01");
    // Across the end of March and of October (Lisbon's changes) nothing moves: dates, not instants.
    expect(nextDueDate("FREQ=DAILY", "2026-03-28", "2026-03-28")).toBe("2026-03-29");
    expect(nextDueDate("FREQ=DAILY", "2026-10-24", "2026-10-24")).toBe("2026-10-25");
  });

  it("is never before today for a task completed late, and skips months without the day", () => {
    expect(nextDueDate("FREQ=DAILY", "2026-11-19", "2026-11-23")).toBe("2026-11-23");
    expect(nextDueDate("FREQ=WEEKLY;BYDAY=MO", "2026-11-02", "2026-11-24")).toBe("2026-11-30");
    expect(nextDueDate("FREQ=MONTHLY;BYMONTHDAY=31", "2026-10-31", "2026-11-01")).toBe("2026-12-31");
    expect(nextDueDate("FREQ=MONTHLY;BYMONTHDAY=29", "2027-01-29", "2027-01-29")).toBe("2027-03-29");
  });

  it("is null once the series has ended (UNTIL)", () => {
    expect(nextDueDate("FREQ=DAILY;UNTIL=20261124", "2026-11-23", "2026-11-23")).toBe("2026-11-24");
    expect(nextDueDate("FREQ=DAILY;UNTIL=20261124", "2026-11-24", "2026-11-24")).toBeNull();
  });
});

describe("rules a task can repeat by", () => {
  it("accepts day-based rules on a real due date", () => {
    for (const rule of ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=YEARLY", "FREQ=DAILY;UNTIL=20261231", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"]) {
      expect(isTaskRule(rule, "2026-11-23"), rule).toBe(true);
    }
  });

  it("refuses hourly rules, COUNT, a prefix, nonsense and an over-long rule", () => {
    for (const rule of ["FREQ=HOURLY", "FREQ=MINUTELY", "FREQ=DAILY;COUNT=5", "RRULE:FREQ=DAILY", "FREQ=DAILY;BYDAY=XX", "every day", `FREQ=DAILY;${"X".repeat(200)}`]) {
      expect(isTaskRule(rule, "2026-11-23"), rule).toBe(false);
    }
  });
});

describe("the id of the next task", () => {
  it("is the same each time for one completed task, another for another, and shaped like every id", async () => {
    const first = await nextTaskId("k3v2q7m1x9c4b8n6z5r0t2y7");
    expect(await nextTaskId("k3v2q7m1x9c4b8n6z5r0t2y7")).toBe(first);
    expect(await nextTaskId("k3v2q7m1x9c4b8n6z5r0t2y8")).not.toBe(first);
    // Its own next task's id differs again: a series never reuses one.
    expect(await nextTaskId(first)).not.toBe(first);
    expect(first).toMatch(/^[a-z2-7]{24}$/);
    expect(isWellFormedId(first)).toBe(true);
  });
});
