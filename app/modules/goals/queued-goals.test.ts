import { describe, expect, it } from "vitest";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { goalPath, milestonePath, withQueuedGoalEdits } from "./queued-goals";

const goal: PublicGoal = {
  id: "g1",
  title: "Correr 10 km",
  description: "",
  deadline: null,
  progress: 30,
  status: "in_progress",
  completedAt: null,
  createdAt: "2026-06-01T09:00:00.000Z",
  updatedAt: "2026-06-10T09:00:00.000Z",
  milestones: [],
};
const pending = (path: string, body: Record<string, unknown>, status = "pending") => ({ path, body, status });

describe("a goal with changes waiting in the offline queue", () => {
  it("is the same object when nothing waits for it", () => {
    expect(withQueuedGoalEdits(goal, [pending("/goals/g2", { progress: 90 })])).toBe(goal);
  });

  it("shows a step made offline, later steps over earlier ones, and not a refused one", () => {
    expect(withQueuedGoalEdits(goal, [pending(goalPath("g1"), { progress: 40 }), pending(goalPath("g1"), { progress: 50 })])).toMatchObject({ progress: 50, status: "in_progress" });
    expect(withQueuedGoalEdits(goal, [pending(goalPath("g1"), { progress: 90 }, "failed")]).progress).toBe(30);
  });

  it("completes the goal at 100%, by the server's rule", () => {
    expect(withQueuedGoalEdits(goal, [pending(goalPath("g1"), { progress: 100 })])).toMatchObject({ progress: 100, status: "completed" });
  });

  it("ticks a milestone made offline and derives the progress from the milestones, as the server does", () => {
    const withMilestones: PublicGoal = {
      ...goal,
      progress: 50,
      milestones: [
        { id: "m1", title: "5 km", done: true, position: 0, doneAt: "2026-06-02T09:00:00.000Z" },
        { id: "m2", title: "10 km", done: false, position: 1, doneAt: null },
      ],
    };
    const shown = withQueuedGoalEdits(withMilestones, [pending(milestonePath("g1", "m2"), { done: true })]);
    expect(shown).toMatchObject({ progress: 100, status: "completed" });
    expect(shown.milestones.map((m) => m.done)).toEqual([true, true]);
    // Completed by its status: its milestones are ticked with it.
    const completed = withQueuedGoalEdits({ ...withMilestones }, [pending(goalPath("g1"), { status: "completed" })]);
    expect(completed.milestones.map((m) => m.done)).toEqual([true, true]);
  });
});
