// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAgainWhenBack, useOfflineError } from "./no-connection";

const revalidate = vi.fn(async () => undefined);
vi.mock("react-router", () => ({ useRevalidator: () => ({ revalidate, state: "idle" }) }));

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

describe("useOfflineError", () => {
  let onLine = true;
  beforeEach(() => {
    vi.useFakeTimers();
    revalidate.mockClear();
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => onLine });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    onLine = true;
  });
  const goOnline = () => {
    onLine = true;
    act(() => void window.dispatchEvent(new Event("online")));
  };

  it("says no connection on a page that failed offline, and while it loads again once back", async () => {
    onLine = false;
    const { result } = renderHook(() => useOfflineError());
    expect(result.current).toBe(true);
    goOnline();
    expect(result.current).toBe(true);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("leaves an error that came while online as it is when an `online` event comes (a network switch)", async () => {
    // Before: "Sem ligação" over a real error page for the 30 s of tries, and the screen loaded again.
    const { result } = renderHook(() => useOfflineError());
    expect(result.current).toBe(false);
    goOnline();
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(revalidate).not.toHaveBeenCalled();
  });

  it("loads again after the connection dropped and came back on a page that failed online", async () => {
    const { result } = renderHook(() => useOfflineError());
    onLine = false;
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(result.current).toBe(true);
    goOnline();
    expect(result.current).toBe(true);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
