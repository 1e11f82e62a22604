import { describe, expect, it } from "vitest";
import { queuedTicksOf, stepProgress, stepsForNext, withQueuedTicks } from "./steps";
import { replaceSteps } from "../../lib/step-list";

/** A task's steps (decision 0114). */
describe("a task's steps", () => {
  const steps = [
    { id: "a", text: "Reservar hotel", done: true },
    { id: "b", text: "Comprar bilhetes", done: false },
    { id: "c", text: "Fazer mala", done: false },
  ];

  it("count their progress: ticked of all, none when there are no steps", () => {
    expect(stepProgress(steps)).toEqual({ done: 1, total: 3 });
    expect(stepProgress([])).toEqual({ done: 0, total: 0 });
  });

  it("are copied open, in order, with fresh ids, to a repeating task's next occurrence", () => {
    let n = 0;
    expect(stepsForNext(steps, () => `new-${n++}`)).toEqual([
      { id: "new-0", text: "Reservar hotel", position: 0 },
      { id: "new-1", text: "Comprar bilhetes", position: 1 },
      { id: "new-2", text: "Fazer mala", position: 2 },
    ]);
    expect(stepsForNext([], () => "x")).toEqual([]);
  });

  it("show a tick still in the offline queue over the server's, the last one winning; a refused one is not drawn", () => {
    const change = (stepId: string, done: unknown, status = "pending", task = "t1") => ({ path: `/tasks/${task}/steps/${stepId}`, status, body: { done } });
    const shown = (queued: ReturnType<typeof change>[]) => withQueuedTicks(steps, queuedTicksOf("t1", queued));
    expect(shown([change("b", true)]).map((s) => s.done)).toEqual([true, true, false]);
    expect(shown([change("b", true), change("b", false)]).map((s) => s.done)).toEqual([true, false, false]);
    expect(shown([change("a", false, "failed")]).map((s) => s.done)).toEqual([true, false, false]);
    expect(shown([change("c", true, "pending", "t2"), change("c", "yes")]).map((s) => s.done)).toEqual([true, false, false]);
    // Nothing queued for it: the same list (rows are compared by identity).
    expect(shown([])).toBe(steps);
  });
});

describe("a list of steps replacing another (routines' and tasks')", () => {
  it("keeps a current step named by its id (once), makes any other new, and drops the ones left out", () => {
    let n = 0;
    const { steps, gone } = replaceSteps(["a", "b", "c"], [{ id: "c", text: "C" }, { id: "a", text: "A" }, { id: "a", text: "A again" }, { id: "elsewhere", text: "E" }, { text: "N" }], () => `n${n++}`);
    expect(steps).toEqual([
      { id: "c", text: "C", isNew: false },
      { id: "a", text: "A", isNew: false },
      { id: "n0", text: "A again", isNew: true },
      { id: "n1", text: "E", isNew: true },
      { id: "n2", text: "N", isNew: true },
    ]);
    expect(gone).toEqual(["b"]);
  });
});
