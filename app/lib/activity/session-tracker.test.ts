import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSessionTracker, endSessionForSignOut, startSessionTracking, type ActivityPost, type TrackerDeps } from "./session-tracker";

function fakePage(options: { beaconWorks?: boolean; postFails?: boolean } = {}) {
  const events = new EventTarget();
  let hidden = false;
  const posted: ActivityPost[] = [];
  const beaconed: ActivityPost[] = [];
  const deps: TrackerDeps = {
    now: () => Date.now(),
    url: () => "/app/objetivos",
    userAgent: "TestAgent",
    post: async (activity) => {
      posted.push(activity);
      if (options.postFails) throw new Error("offline");
    },
    beacon: (activity) => {
      if (options.beaconWorks === false) return false;
      beaconed.push(activity);
      return true;
    },
    events,
    hidden: () => hidden,
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  return {
    deps,
    posted,
    beaconed,
    types: () => posted.map((p) => p.activityType),
    input: () => events.dispatchEvent(new Event("keydown")),
    setHidden: (value: boolean) => {
      hidden = value;
      events.dispatchEvent(new Event("visibilitychange"));
    },
    unload: () => events.dispatchEvent(new Event("pagehide")),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-23T09:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("session tracking", () => {
  it("starts with session_start (start, agent, url) and beats every 30 s while active", () => {
    const page = fakePage();
    const tracker = createSessionTracker(page.deps);
    tracker.start();
    expect(page.posted[0]).toEqual({ activityType: "session_start", metadata: { sessionStart: "2026-11-23T09:00:00.000Z", userAgent: "TestAgent", url: "/app/objetivos" } });
    // Input every 10 s keeps it active: heartbeats at 30 s and 60 s.
    for (let s = 0; s < 60; s += 10) {
      vi.advanceTimersByTime(10_000);
      page.input();
    }
    expect(page.types()).toEqual(["session_start", "heartbeat", "heartbeat"]);
    expect(page.posted[2].metadata).toEqual({ sessionTime: 60, currentUrl: "/app/objetivos" });
  });

  it("goes inactive after 30 s without input and sends no heartbeat until input returns", () => {
    const page = fakePage();
    const tracker = createSessionTracker(page.deps);
    tracker.start();
    vi.advanceTimersByTime(29_000);
    expect(tracker.isActive()).toBe(true);
    vi.advanceTimersByTime(1_000); // 30 s without input: the tick notices before the heartbeat
    expect(tracker.isActive()).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(page.types()).toEqual(["session_start"]);
    page.input();
    expect(tracker.isActive()).toBe(true);
    // The next heartbeat is due 30 s after the last (at 180 s); input 10 s before it keeps the user present.
    vi.advanceTimersByTime(20_000);
    page.input();
    vi.advanceTimersByTime(10_000);
    expect(page.types()).toEqual(["session_start", "heartbeat"]);
  });

  it("is inactive while the tab is hidden, and active again when it is visible", () => {
    const page = fakePage();
    const tracker = createSessionTracker(page.deps);
    tracker.start();
    vi.advanceTimersByTime(5_000);
    page.setHidden(true);
    expect(tracker.isActive()).toBe(false);
    page.input(); // input reaching a hidden tab does not make it present
    expect(tracker.isActive()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(page.types()).toEqual(["session_start"]);
    page.setHidden(false);
    expect(tracker.isActive()).toBe(true);
    expect(tracker.activeSeconds()).toBe(5);
  });

  it("ends on unload with session_end and session_summary by beacon, once, and stops beating", () => {
    const page = fakePage();
    const tracker = createSessionTracker(page.deps);
    tracker.start();
    vi.advanceTimersByTime(10_000);
    page.setHidden(true);
    vi.advanceTimersByTime(50_000);
    page.unload();
    page.unload();
    const summary = { sessionStart: "2026-11-23T09:00:00.000Z", sessionEnd: "2026-11-23T09:01:00.000Z", sessionDuration: 60, totalTimeActive: 10, reason: "unload" };
    expect(page.beaconed).toEqual([
      { activityType: "session_end", metadata: summary },
      { activityType: "session_summary", metadata: summary },
    ]);
    page.setHidden(false);
    page.input();
    vi.advanceTimersByTime(120_000);
    expect(page.types()).toEqual(["session_start"]);
  });

  it("falls back to a normal request when the browser refuses the beacon", async () => {
    const page = fakePage({ beaconWorks: false });
    const tracker = createSessionTracker(page.deps);
    tracker.start();
    await tracker.end("unmount");
    expect(page.types()).toEqual(["session_start", "session_end", "session_summary"]);
  });

  it("swallows every failure: a failing network never throws into the app", async () => {
    const page = fakePage({ postFails: true, beaconWorks: false });
    const tracker = createSessionTracker({ ...page.deps, beacon: () => { throw new Error("no beacon"); } });
    expect(() => tracker.start()).not.toThrow();
    vi.advanceTimersByTime(15_000);
    page.input();
    expect(() => vi.advanceTimersByTime(15_000)).not.toThrow();
    await expect(tracker.end("unload")).resolves.toBeUndefined();
    await vi.runAllTimersAsync();
    expect(page.types()).toEqual(["session_start", "heartbeat", "session_end", "session_summary"]);
  });

  it("on sign-out sends the closing events as awaited requests, before the session is gone", async () => {
    const page = fakePage();
    const stop = startSessionTracking(page.deps);
    vi.advanceTimersByTime(3_000);
    await endSessionForSignOut();
    expect(page.types()).toEqual(["session_start", "session_end", "session_summary"]);
    expect(page.posted[1].metadata).toMatchObject({ sessionDuration: 3, totalTimeActive: 3, reason: "signout" });
    expect(page.beaconed).toEqual([]);
    stop(); // the later unmount sends nothing more
    expect(page.beaconed).toEqual([]);
  });

  it("on unmount ends the session and removes its listeners", () => {
    const page = fakePage();
    const stop = startSessionTracking(page.deps);
    stop();
    expect(page.beaconed.map((b) => b.activityType)).toEqual(["session_end", "session_summary"]);
    page.unload();
    expect(page.beaconed).toHaveLength(2);
  });
});
