import { describe, expect, it, vi } from "vitest";
import type { QueuedChange } from "~/lib/offline/queue";
import { queuedCheckIns, queuedCounts, queuedOfDay, queuedStepTicks, stepsQueuedOn, unmarkQueued } from "./offline";

const checkIn = (sent: boolean): QueuedChange => ({
  seq: 1,
  key: "k",
  userId: "u",
  kind: "routine.checkIn",
  method: "POST",
  path: "/routines/r1/check-ins",
  body: { date: "2026-12-06" },
  label: "Meditar",
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: 0,
  status: "pending",
  sent,
});

describe("unmarking a check-in that waits in the offline queue", () => {
  it("drops one that never left the device, and tells the server nothing", async () => {
    const discard = vi.fn(async () => undefined);
    expect(await unmarkQueued(checkIn(false), discard)).toBe(false);
    expect(discard).toHaveBeenCalledTimes(1);
  });

  it("drops one sent without an answer and says the server must be told too (it may have landed)", async () => {
    const discard = vi.fn(async () => undefined);
    expect(await unmarkQueued(checkIn(true), discard)).toBe(true);
    expect(discard).toHaveBeenCalledTimes(1);
  });
});

describe("step ticks waiting in the offline queue (decision 0112)", () => {
  const tick = (routineId: string, stepId: string, date: string): QueuedChange => ({ ...checkIn(false), kind: "routine.stepTick", path: `/routines/${routineId}/steps/${stepId}/ticks`, body: { date } });

  it("are found by routine, step and day, and a check-in is not one", () => {
    const queued = queuedStepTicks([tick("r1", "s1", "2026-12-06"), tick("r1", "s2", "2026-12-06"), tick("r1", "s3", "2026-12-05"), tick("r2", "s9", "2026-12-06"), checkIn(false)]);
    expect([...queued.keys()]).toEqual(["r1|s1|2026-12-06", "r1|s2|2026-12-06", "r1|s3|2026-12-05", "r2|s9|2026-12-06"]);
    expect(stepsQueuedOn(queued, "r1", "2026-12-06")).toEqual(new Set(["s1", "s2"]));
    expect(stepsQueuedOn(queued, "r2", "2026-12-05")).toEqual(new Set());
  });
});

describe("counts of a day in the offline queue (decision 0117)", () => {
  const count = (seq: number, path: string, value: number): QueuedChange => ({ ...checkIn(false), seq, kind: "routine.count", method: "PUT", path, body: { count: value } });

  it("are read by routine and day, the last one of a day winning (one sent may still be before it)", () => {
    const queued = queuedCounts([count(1, "/routines/r1/counts/2026-12-07", 3), checkIn(false), count(2, "/routines/r1/counts/2026-12-07", 5), count(3, "/routines/r2/counts/2026-12-06", 1)]);
    expect([...queued].map(([key, change]) => [key, change.body.count])).toEqual([
      ["r1|2026-12-07", 5],
      ["r2|2026-12-06", 1],
    ]);
  });

  it("go with the day's check-in and ticks when the day is undone, or a count sent after would do it again", () => {
    const day = count(1, "/routines/r1/counts/2026-12-06", 8);
    const other = count(2, "/routines/r1/counts/2026-12-05", 8);
    const waiting = queuedOfDay(queuedCheckIns([checkIn(false)]), new Map(), "r1", "2026-12-06", queuedCounts([day, other]));
    expect(waiting.map((change) => change.kind)).toEqual(["routine.checkIn", "routine.count"]);
    expect(waiting[1].seq).toBe(1);
  });
});
