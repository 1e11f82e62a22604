// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./after-first-paint";
import { fakeFirstPaint } from "./after-first-paint.test-utils";
import { onDemand, resetSettled, SETTLE_MS, useOnDemand, whenSettled, type OnDemand, type Prefetch } from "./on-demand";

type Module = { Widget: () => ReactElement };

/** A widget whose first render waits for `release` (it suspends), as a slow render would take its time. */
function suspendingModule() {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  let done = false;
  void ready.then(() => (done = true));
  const module = onDemand<Module>(async () => ({
    Widget: () => {
      if (!done) throw ready;
      return <p>widget</p>;
    },
  }));
  return { module, release: () => act(async () => release()) };
}

function Host({ module, prefetch }: { module: OnDemand<Module>; prefetch?: Prefetch }) {
  const [loaded, request] = useOnDemand(module, prefetch ? { prefetch } : undefined);
  return (
    <Suspense fallback={<p>fallback</p>}>
      {loaded ? (
        <loaded.Widget />
      ) : (
        <button type="button" onClick={request}>
          stand-in
        </button>
      )}
    </Suspense>
  );
}

let idle: (() => void)[] = [];
let clock: ReturnType<typeof fakeFirstPaint>;
beforeEach(() => {
  resetSettled();
  // Only the timers: idle moments are handed out by the test.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  clock = fakeFirstPaint();
  idle = clock.idle;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the loaded page settle (decision 0067). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(SETTLE_MS));

describe("whenSettled", () => {
  it("waits SETTLE_MS after the page has loaded, then an idle moment", async () => {
    const task = vi.fn();
    whenSettled(task);
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveLength(1);
    expect(task).not.toHaveBeenCalled();
    idle[0]();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("counts from the load event when the page is still loading", async () => {
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    const task = vi.fn();
    whenSettled(task);
    await vi.advanceTimersByTimeAsync(10 * SETTLE_MS);
    expect(idle).toHaveLength(0);
    readyState.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(idle).toHaveLength(1);
    readyState.mockRestore();
  });

  it("once the page has settled, a later screen only waits for an idle moment", async () => {
    whenSettled(() => {});
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    const task = vi.fn();
    whenSettled(task);
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(2);
    idle[1]();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("cancelled before the page settles, never asks for an idle moment", async () => {
    const task = vi.fn();
    whenSettled(task)();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(idle).toHaveLength(0);
    expect(task).not.toHaveBeenCalled();
  });
});

describe("useOnDemand", () => {
  it("fetches a widget only once the page has settled, and mounts it as a transition: the stand-in stays until the widget is ready (decisions 0059, 0067)", async () => {
    const { module, release } = suspendingModule();
    render(<Host module={module} />);
    expect(idle).toHaveLength(0);
    await settle();
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]());
    // An urgent mount would have replaced the stand-in with the fallback; a transition keeps what is shown.
    expect(screen.getByRole("button", { name: "stand-in" })).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();
    await release();
    expect(screen.getByText("widget")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "stand-in" })).toBeNull();
  });

  it("with prefetch: afterFirstPaint, fetches it in its turn after the first paint, not once settled, and mounts it as a transition (decision 0094)", async () => {
    const { module, release } = suspendingModule();
    render(<Host module={module} prefetch={afterFirstPaint} />);
    expect(idle).toHaveLength(0);
    // The frame before the paint, then the task after it: the first turn of the queue.
    await act(async () => clock.frames.splice(0).forEach((frame) => frame()));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]());
    expect(screen.getByRole("button", { name: "stand-in" })).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();
    await release();
    expect(screen.getByText("widget")).toBeTruthy();
    // Nothing was waiting for the page to settle.
    await settle();
    expect(idle).toHaveLength(1);
  });

  it("mounts at once when the user reaches for it before the idle moment", async () => {
    const { module, release } = suspendingModule();
    render(<Host module={module} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "stand-in" })));
    // Urgent: React shows the boundary's fallback rather than wait in the old UI.
    expect(screen.getByText("fallback")).toBeTruthy();
    await release();
    expect(screen.getByText("widget")).toBeTruthy();
  });
});
