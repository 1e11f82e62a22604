// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, IDLE_TIMEOUT_MS, useAfterFirstPaint } from "./after-first-paint";
import { fakeFirstPaint } from "./after-first-paint.test-utils";

// Each turn is an idle callback; the test decides when the browser is idle.
let clock: ReturnType<typeof fakeFirstPaint>;

beforeEach(() => {
  vi.useFakeTimers();
  clock = fakeFirstPaint();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const paint = () => clock.paint();
const idlePeriod = () => clock.idlePeriod();

describe("afterFirstPaint", () => {
  it("runs nothing before the first paint, then one task per idle callback in the order queued", () => {
    const ran: string[] = [];
    afterFirstPaint(() => ran.push("count"));
    afterFirstPaint(() => ran.push("probe"));
    afterFirstPaint(() => ran.push("tracker"));
    expect(clock.idle).toHaveLength(0);
    paint();
    expect(ran).toEqual([]);
    idlePeriod();
    expect(ran).toEqual(["count"]);
    idlePeriod();
    idlePeriod();
    expect(ran).toEqual(["count", "probe", "tracker"]);
    expect(clock.timeouts).toEqual([IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS]);
  });

  it("skips a cancelled task, goes on after one that throws, and needs no new paint later", () => {
    const ran: string[] = [];
    const cancel = afterFirstPaint(() => ran.push("cancelled"));
    afterFirstPaint(() => {
      throw new Error("boom");
    });
    cancel();
    paint();
    idlePeriod();
    expect(() => idlePeriod()).toThrow("boom");
    expect(ran).toEqual([]);
    afterFirstPaint(() => ran.push("later"));
    expect(clock.frames).toHaveLength(0);
    idlePeriod();
    expect(ran).toEqual(["later"]);
  });
});

describe("useAfterFirstPaint", () => {
  function Probe({ log }: { log: string[] }) {
    useAfterFirstPaint(() => {
      log.push("start");
      return () => void log.push("stop");
    }, []);
    return null;
  }

  it("starts the effect in its turn and undoes it on unmount", () => {
    const log: string[] = [];
    const view = render(<Probe log={log} />);
    expect(log).toEqual([]);
    paint();
    idlePeriod();
    expect(log).toEqual(["start"]);
    view.unmount();
    expect(log).toEqual(["start", "stop"]);
  });

  it("never starts an effect unmounted before its turn", () => {
    const log: string[] = [];
    render(<Probe log={log} />).unmount();
    paint();
    idlePeriod();
    expect(log).toEqual([]);
  });
});
