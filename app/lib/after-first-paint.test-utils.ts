import { vi } from "vitest";
import { resetAfterFirstPaint } from "./after-first-paint";

/**
 * Frames and idle moments that the test hands out itself, for code queued with `afterFirstPaint`
 * (call with fake timers on; `vi.unstubAllGlobals` undoes it). `paint()` runs the frame before the
 * first paint and the task after it; `idlePeriod()` runs only the idle callbacks requested so far
 * (`idle`, waiting); `timeouts` holds each idle request's timeout.
 */
export function fakeFirstPaint() {
  resetAfterFirstPaint();
  const frames: Array<() => void> = [];
  const idle: Array<() => void> = [];
  const timeouts: number[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
  vi.stubGlobal("requestIdleCallback", (callback: () => void, options?: { timeout?: number }) => {
    timeouts.push(options?.timeout ?? 0);
    return idle.push(callback);
  });
  vi.stubGlobal("cancelIdleCallback", () => undefined);
  return {
    frames,
    idle,
    timeouts,
    paint() {
      frames.splice(0).forEach((frame) => frame());
      vi.runOnlyPendingTimers();
    },
    idlePeriod: () => idle.splice(0).forEach((callback) => callback()),
  };
}
