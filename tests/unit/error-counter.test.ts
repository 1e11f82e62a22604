import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../worker/db/admin", () => ({ addErrorCounts: vi.fn(async () => {}) }));

import { addErrorCounts } from "../../worker/db/admin";
import type { Db } from "../../worker/db/client";
import { countErrorAnswer, ERROR_FLUSH_MS, flushErrorCounts } from "../../worker/admin/error-counter";

// Issue 20 / docs/decisions/0041 (Revised): an API error answer no longer costs a D1 write each;
// the isolate adds them up and writes once per window.
const db = {} as Db;
const at = new Date("2026-11-23T09:00:00Z");

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(addErrorCounts).mockClear();
});

describe("error answer counts", () => {
  it("adds up a window's error answers and writes them once, in one call, after the answer", async () => {
    vi.useFakeTimers();
    const held: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) countErrorAnswer(db, "GET /api/v1/unknown", 404, at, (p) => held.push(p));
    countErrorAnswer(db, "GET /api/v1/tasks/:id", 500, at, (p) => held.push(p));
    // Only the window's first error holds its request open; nothing is written yet.
    expect(held).toHaveLength(1);
    expect(addErrorCounts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_MS);
    await Promise.all(held);
    expect(addErrorCounts).toHaveBeenCalledTimes(1);
    expect(vi.mocked(addErrorCounts).mock.calls[0][1]).toEqual([
      { route: "GET /api/v1/unknown", at, client: 50, server: 0 },
      { route: "GET /api/v1/tasks/:id", at, client: 0, server: 1 },
    ]);
    // The next error opens a new window.
    countErrorAnswer(db, "GET /api/v1/unknown", 404, at, (p) => held.push(p));
    expect(held).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_MS);
    await held[1];
    expect(addErrorCounts).toHaveBeenCalledTimes(2);
  });

  it("writes what is pending at once when a reader flushes (the health screen)", async () => {
    vi.useFakeTimers();
    countErrorAnswer(db, "POST /api/v1/tasks", 400, at, () => {});
    await flushErrorCounts(db);
    expect(vi.mocked(addErrorCounts).mock.calls[0][1]).toEqual([{ route: "POST /api/v1/tasks", at, client: 1, server: 0 }]);
    // Nothing left for the window's own write.
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_MS);
    expect(addErrorCounts).toHaveBeenCalledTimes(1);
  });
});
