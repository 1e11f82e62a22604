import { describe, expect, it } from "vitest";
import { MAX_DURATION_MINUTES } from "@worker/modules/tasks/queries";
import { moved, resized } from "./layout";
import { TASK_DURATION_MINUTES, taskChange } from "./task-change";

const LISBON = "Europe/Lisbon";
// A task as the timeline gives it: UTC instants, 09:00 to 09:30 in Lisbon.
const task = { start: "2026-05-04T08:00:00.000Z", end: "2026-05-04T08:30:00.000Z", allDay: false };

describe("a task block moved or resized on the time grid", () => {
  it("a resize (the bottom edge, Shift+Alt+arrows) changes the task's duration, not its start", () => {
    expect(taskChange(task, resized(task, 45, LISBON))).toEqual({ kind: "resized", body: { durationMinutes: 75 } });
    expect(taskChange(task, resized(task, -15, LISBON))).toEqual({ kind: "resized", body: { durationMinutes: 15 } });
    // Never below one grid step (resized), nor beyond a day (the API refuses more).
    expect(taskChange(task, resized(task, -60, LISBON))).toEqual({ kind: "resized", body: { durationMinutes: 15 } });
    expect(taskChange(task, resized(task, 30 * 60, LISBON))).toEqual({ kind: "resized", body: { durationMinutes: 24 * 60 } });
  });

  it("a move changes its start", () => {
    expect(taskChange(task, moved(task, 1, 15, LISBON))).toEqual({ kind: "moved", body: { scheduledStart: "2026-05-05T09:15:00+01:00" } });
    expect(taskChange(task, moved(task, 0, -60, LISBON))).toEqual({ kind: "moved", body: { scheduledStart: "2026-05-04T08:00:00+01:00" } });
  });

  it("stays within the lengths the tasks API accepts", () => {
    expect(TASK_DURATION_MINUTES.max).toBe(MAX_DURATION_MINUTES);
  });
});
