import { describe, expect, it, vi } from "vitest";
import type { QueuedChange } from "~/lib/offline/queue";
import { unmarkQueued } from "./offline";

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
