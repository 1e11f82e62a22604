import { describe, expect, it } from "vitest";
import { REOPEN_PROGRESS_UNKNOWN, clampProgress, completedOnDate, goalPace, isCalendarDate, isOverdue, milestoneProgress, reopens, resolveGoal, tickedByCompletion, type GoalState } from "./rules";

const NOW = new Date("2026-11-23T10:00:00Z");
const EARLIER = new Date("2026-11-01T08:00:00Z");
const open = (progress: number, status: GoalState["status"] = "in_progress"): GoalState => ({ progress, status, completedAt: null });
const done = (at = EARLIER): GoalState => ({ progress: 100, status: "completed", completedAt: at });
const ms = (...flags: boolean[]) => flags.map((d) => ({ done: d }));

describe("clampProgress", () => {
  it("keeps 0–100, rounds to whole percent and clamps the rest", () => {
    expect([clampProgress(-5), clampProgress(0), clampProgress(42.4), clampProgress(42.5), clampProgress(100), clampProgress(250)]).toEqual([0, 0, 42, 43, 100, 100]);
    expect([clampProgress(Infinity), clampProgress(-Infinity)]).toEqual([100, 0]);
  });
});

describe("milestoneProgress", () => {
  it("is done/total rounded, or null without milestones", () => {
    expect(milestoneProgress([])).toBeNull();
    expect(milestoneProgress(ms(true, false, false))).toBe(33);
    expect(milestoneProgress(ms(true, true, false))).toBe(67);
    expect(milestoneProgress(ms(true, true))).toBe(100);
  });
});

describe("resolveGoal", () => {
  it("a new goal is pending at 0, in progress with some progress, completed at 100", () => {
    expect(resolveGoal(null, {}, [], NOW)).toMatchObject({ progress: 0, status: "pending", completedAt: null, justCompleted: false });
    expect(resolveGoal(null, { progress: 30 }, [], NOW)).toMatchObject({ progress: 30, status: "in_progress" });
    expect(resolveGoal(null, { progress: 140 }, [], NOW)).toMatchObject({ progress: 100, status: "completed", completedAt: NOW, justCompleted: true });
  });

  it("reaching 100 completes once, with the time of the completion", () => {
    const first = resolveGoal(open(80), { progress: 100 }, [], NOW);
    expect(first).toMatchObject({ status: "completed", completedAt: NOW, justCompleted: true });
    // A later write of the completed goal keeps the first completion time and does not notify again.
    const again = resolveGoal(done(), { progress: 100 }, [], NOW);
    expect(again).toMatchObject({ status: "completed", completedAt: EARLIER, justCompleted: false });
    expect(resolveGoal(done(), {}, [], NOW).justCompleted).toBe(false);
  });

  it("status completed completes at progress 100 and ticks the milestones", () => {
    expect(resolveGoal(open(20), { status: "completed" }, [], NOW)).toMatchObject({ progress: 100, status: "completed", completedAt: NOW, justCompleted: true, completeMilestones: false });
    expect(resolveGoal(open(50), { status: "completed" }, ms(true, false), NOW)).toMatchObject({ progress: 100, justCompleted: true, completeMilestones: true });
  });

  it("milestones drive progress, ignoring a progress sent by the client", () => {
    expect(resolveGoal(open(0, "pending"), { progress: 90 }, ms(true, false, false), NOW)).toMatchObject({ progress: 33, status: "in_progress" });
    expect(resolveGoal(open(50), {}, ms(true, true), NOW)).toMatchObject({ progress: 100, status: "completed", justCompleted: true });
  });

  it("dropping below 100 reopens a completed goal and clears completedAt", () => {
    expect(resolveGoal(done(), {}, ms(true, false), NOW)).toMatchObject({ progress: 50, status: "in_progress", completedAt: null, justCompleted: false });
    expect(resolveGoal(done(), { progress: 0 }, [], NOW)).toMatchObject({ progress: 0, status: "pending", completedAt: null });
  });

  it("an explicit reopening wins and the next completion is a new one", () => {
    const reopened = resolveGoal(done(), { status: "in_progress" }, [], NOW);
    expect(reopened).toMatchObject({ status: "in_progress", completedAt: null, justCompleted: false });
    const later = new Date("2026-12-01T00:00:00Z");
    expect(resolveGoal(reopened, { status: "completed" }, [], later)).toMatchObject({ completedAt: later, justCompleted: true });
  });

  it("an explicit open status is kept even with progress", () => {
    expect(resolveGoal(open(0, "pending"), { status: "pending", progress: 40 }, [], NOW)).toMatchObject({ progress: 40, status: "pending" });
    expect(resolveGoal(open(10), { status: "pending", progress: 100 }, [], NOW)).toMatchObject({ status: "pending", justCompleted: false });
  });
});

describe("reopening", () => {
  it("a goal without milestones goes back to the progress it had before 'Concluir', not 'in progress' at 100 %", () => {
    const completed = resolveGoal(open(40), { status: "completed" }, [], EARLIER);
    expect(completed).toMatchObject({ progress: 100, status: "completed", reopenProgress: 40 });
    // Kept while it stays completed (an edit of its title, say).
    const edited = resolveGoal(completed, {}, [], NOW);
    expect(edited).toMatchObject({ status: "completed", reopenProgress: 40 });
    const reopened = resolveGoal(edited, { status: "in_progress" }, [], NOW);
    expect(reopened).toMatchObject({ progress: 40, status: "in_progress", completedAt: null, reopenProgress: null });
    // …so "+10 %" up to 100 completes it again.
    expect(resolveGoal({ ...reopened, progress: 90 }, { progress: 100 }, [], NOW)).toMatchObject({ status: "completed", justCompleted: true, reopenProgress: 90 });
  });

  it("a goal without milestones completed by the stepper, created complete, or of unknown progress reopens below 100", () => {
    expect(resolveGoal(resolveGoal(open(90), { progress: 100 }, [], EARLIER), { status: "in_progress" }, [], NOW)).toMatchObject({ progress: 90 });
    expect(resolveGoal(resolveGoal(null, { status: "completed" }, [], EARLIER), { status: "pending" }, [], NOW)).toMatchObject({ progress: 0, status: "pending" });
    // Completed before the progress was kept.
    expect(resolveGoal(done(), { status: "in_progress" }, [], NOW)).toMatchObject({ progress: REOPEN_PROGRESS_UNKNOWN, status: "in_progress" });
    // A progress sent with the reopening is what the person asked for.
    expect(resolveGoal(done(), { status: "in_progress", progress: 30 }, [], NOW)).toMatchObject({ progress: 30 });
  });

  it("an open goal left at 100 by an explicit status completes when 100 is said again (the stepper)", () => {
    const open100 = resolveGoal(open(10), { status: "in_progress", progress: 100 }, [], NOW);
    expect(open100).toMatchObject({ progress: 100, status: "in_progress" });
    expect(resolveGoal(open100, { progress: 100 }, [], NOW)).toMatchObject({ status: "completed", justCompleted: true });
    // Not an edit that says nothing of progress.
    expect(resolveGoal(open100, {}, [], NOW)).toMatchObject({ status: "in_progress" });
  });

  it("is an explicit open status on a completed goal, not a tick or a progress", () => {
    expect(reopens(done(), { status: "in_progress" })).toBe(true);
    expect(reopens(done(), { status: "pending" })).toBe(true);
    expect(reopens(done(), { progress: 50 })).toBe(false);
    expect(reopens(done(), { status: "completed" })).toBe(false);
    expect(reopens(open(40), { status: "pending" })).toBe(false);
  });

  it("unticks the milestones the completion ticked (done at its instant), not those ticked before", () => {
    const before = { id: "a", done: true, doneAt: EARLIER };
    const byCompletion = { id: "b", done: true, doneAt: NOW };
    const open = { id: "c", done: false, doneAt: null };
    expect(tickedByCompletion([before, byCompletion, open], NOW)).toEqual([byCompletion]);
    expect(tickedByCompletion([before, byCompletion], null)).toEqual([]);
  });
});

describe("isOverdue", () => {
  it("is true only for an open goal whose deadline is before today", () => {
    expect(isOverdue({ deadline: "2026-11-22", status: "in_progress" }, "2026-11-23")).toBe(true);
    expect(isOverdue({ deadline: "2026-11-23", status: "pending" }, "2026-11-23")).toBe(false);
    expect(isOverdue({ deadline: "2026-11-22", status: "completed" }, "2026-11-23")).toBe(false);
    expect(isOverdue({ deadline: null, status: "pending" }, "2026-11-23")).toBe(false);
  });
});

describe("goalPace", () => {
  // Made on 1 November (Lisbon), due 1 December: 30 days; on 16 November an even pace is at 50 %.
  const goal = (progress: number, over: Partial<{ deadline: string | null; status: GoalState["status"]; createdAt: string }> = {}) => ({
    progress,
    status: "in_progress" as const,
    deadline: "2026-12-01",
    createdAt: "2026-11-01T10:00:00.000Z",
    ...over,
  });

  it("is on pace within 10 points of an even pace, ahead or behind past them, and counts the days left", () => {
    expect(goalPace(goal(50), "2026-11-16", "Europe/Lisbon")).toEqual({ expected: 50, daysLeft: 15, state: "onPace" });
    expect(goalPace(goal(41), "2026-11-16", "Europe/Lisbon")?.state).toBe("onPace");
    expect(goalPace(goal(39), "2026-11-16", "Europe/Lisbon")?.state).toBe("behind");
    expect(goalPace(goal(59), "2026-11-16", "Europe/Lisbon")?.state).toBe("onPace");
    expect(goalPace(goal(60), "2026-11-16", "Europe/Lisbon")?.state).toBe("ahead");
    // The day it was made: nothing expected yet. The deadline's day: all of it, due today.
    expect(goalPace(goal(0), "2026-11-01", "Europe/Lisbon")).toEqual({ expected: 0, daysLeft: 30, state: "onPace" });
    expect(goalPace(goal(80), "2026-12-01", "Europe/Lisbon")).toEqual({ expected: 100, daysLeft: 0, state: "behind" });
  });

  it("counts from the day the goal was made in the user's zone", () => {
    // 23:30 UTC on 31 October is 1 November in Tokyo, 31 October in Lisbon (a 31-day run there).
    const late = goal(0, { createdAt: "2026-10-31T23:30:00.000Z" });
    expect(goalPace(late, "2026-11-01", "Asia/Tokyo")?.expected).toBe(0);
    expect(goalPace(late, "2026-11-01", "Europe/Lisbon")?.expected).toBe(3);
  });

  it("is null for a completed goal, one without a deadline, one overdue, and one due the day it was made", () => {
    expect(goalPace(goal(100, { status: "completed" }), "2026-11-16", "Europe/Lisbon")).toBeNull();
    expect(goalPace(goal(10, { deadline: null }), "2026-11-16", "Europe/Lisbon")).toBeNull();
    expect(goalPace(goal(10), "2026-12-02", "Europe/Lisbon")).toBeNull();
    expect(goalPace(goal(0, { deadline: "2026-11-01" }), "2026-11-01", "Europe/Lisbon")).toBeNull();
  });
});

describe("isCalendarDate", () => {
  it("accepts real dates only", () => {
    expect(["2026-02-28", "2028-02-29", "2026-12-31"].every(isCalendarDate)).toBe(true);
    expect(["2026-02-30", "2026-02-29", "2026-13-01", "2026-1-5", "amanhã", "2026-11-23T10:00"].some(isCalendarDate)).toBe(false);
  });
});

describe("completedOnDate", () => {
  it("is the user's calendar day of the completion, not UTC's", () => {
    // 00:30 on 11 July in Lisbon (summer, UTC+1); 00:30 on 11 January (winter, UTC+0).
    expect(completedOnDate("2026-07-10T23:30:00.000Z", "Europe/Lisbon")).toBe("2026-07-11");
    expect(completedOnDate(new Date("2026-01-11T00:30:00Z"), "Europe/Lisbon")).toBe("2026-01-11");
    expect(completedOnDate("2026-07-10T23:30:00.000Z", "UTC")).toBe("2026-07-10");
    expect(completedOnDate("2026-07-11T02:00:00.000Z", "America/New_York")).toBe("2026-07-10");
  });
});
