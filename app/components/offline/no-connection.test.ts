import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAgainWhenBack } from "./no-connection";

describe("loadAgainWhenBack", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("tries again after each delay while the screen still fails, then gives up", async () => {
    // Before: one try on `online`; a request that failed right then left "Algo correu mal" for good.
    const load = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const gaveUp = vi.fn();
    loadAgainWhenBack(load, gaveUp, [1000, 2000]);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(gaveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("stops when told (the screen loaded, or the connection dropped again)", async () => {
    const load = vi.fn(async () => undefined);
    const gaveUp = vi.fn();
    const stop = loadAgainWhenBack(load, gaveUp, [1000, 2000]);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(gaveUp).not.toHaveBeenCalled();
  });
});
