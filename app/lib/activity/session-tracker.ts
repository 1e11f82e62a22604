/**
 * Session tracking (section 4 of the specification; docs/decisions/0037). A session starts when
 * the signed-in app mounts; it goes inactive after 30 s without input or when the tab is hidden,
 * and back to active on input or when the tab is visible again; a heartbeat goes every 30 s while
 * active; session_end and session_summary go on sign-out, unmount or page unload. Every failure is
 * swallowed: tracking must never disturb the app.
 */

export const IDLE_AFTER_MS = 30_000;
export const HEARTBEAT_MS = 30_000;
/** The session timer's tick (section 9), which also notices idleness. */
export const TICK_MS = 1_000;

export type ActivityType = "session_start" | "heartbeat" | "session_end" | "session_summary";
export type ActivityPost = { activityType: ActivityType; metadata: Record<string, unknown> };
export type EndReason = "signout" | "unmount" | "unload";

/** Where the tracker reads the page and sends events; the browser's by default, fakes in tests. */
export type TrackerDeps = {
  now: () => number;
  url: () => string;
  userAgent: string;
  /** A normal request (awaited on sign-out, before the session is gone). */
  post: (activity: ActivityPost) => Promise<unknown>;
  /** A request that survives the page going away (navigator.sendBeacon); false when refused. */
  beacon: (activity: ActivityPost) => boolean;
  /** Where input, `pagehide` and `visibilitychange` are heard. */
  events: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  hidden: () => boolean;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
};

const INPUT_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "scroll"] as const;

const swallow = (fn: () => unknown) => {
  try {
    const result = fn();
    if (result instanceof Promise) result.catch(() => undefined);
    return result;
  } catch {
    return undefined;
  }
};

export type SessionTracker = ReturnType<typeof createSessionTracker>;

export function createSessionTracker(deps: TrackerDeps) {
  const sessionStart = deps.now();
  let lastInput = sessionStart;
  let active = false;
  let activeSince = 0;
  let activeMs = 0;
  let ended = false;
  const timers: unknown[] = [];

  const iso = (ms: number) => new Date(ms).toISOString();
  const send = (activity: ActivityPost) => swallow(() => deps.post(activity));

  const becomeActive = () => {
    if (active || ended) return;
    active = true;
    activeSince = deps.now();
  };
  const becomeInactive = (at = deps.now()) => {
    if (!active) return;
    active = false;
    activeMs += Math.max(0, at - activeSince);
  };

  const onInput = () => {
    lastInput = deps.now();
    if (!deps.hidden()) becomeActive();
  };
  const onVisibility = () => {
    if (deps.hidden()) becomeInactive();
    else {
      lastInput = deps.now();
      becomeActive();
    }
  };
  const onPageHide = () => void end("unload");

  const tick = () => {
    if (active && deps.now() - lastInput >= IDLE_AFTER_MS) becomeInactive();
  };
  const heartbeat = () => {
    if (active) send({ activityType: "heartbeat", metadata: { sessionTime: Math.round((deps.now() - sessionStart) / 1000), currentUrl: deps.url() } });
  };

  /** The two closing events; on sign-out sent as normal requests and awaited, otherwise as beacons. */
  async function end(reason: EndReason) {
    if (ended) return;
    const sessionEnd = deps.now();
    becomeInactive(sessionEnd);
    ended = true;
    for (const id of timers) swallow(() => deps.clearInterval(id));
    for (const type of INPUT_EVENTS) swallow(() => deps.events.removeEventListener(type, onInput));
    swallow(() => deps.events.removeEventListener("visibilitychange", onVisibility));
    swallow(() => deps.events.removeEventListener("pagehide", onPageHide));
    const metadata = {
      sessionStart: iso(sessionStart),
      sessionEnd: iso(sessionEnd),
      sessionDuration: Math.round((sessionEnd - sessionStart) / 1000),
      totalTimeActive: Math.round(activeMs / 1000),
      reason,
    };
    const closing: ActivityPost[] = [
      { activityType: "session_end", metadata },
      { activityType: "session_summary", metadata },
    ];
    if (reason === "signout") {
      await Promise.all(closing.map((activity) => Promise.resolve(swallow(() => deps.post(activity))).catch(() => undefined)));
      return;
    }
    for (const activity of closing) if (!swallow(() => deps.beacon(activity))) send(activity);
  }

  function start() {
    for (const type of INPUT_EVENTS) swallow(() => deps.events.addEventListener(type, onInput));
    swallow(() => deps.events.addEventListener("visibilitychange", onVisibility));
    swallow(() => deps.events.addEventListener("pagehide", onPageHide));
    if (!deps.hidden()) becomeActive();
    send({ activityType: "session_start", metadata: { sessionStart: iso(sessionStart), userAgent: deps.userAgent.slice(0, 300), url: deps.url() } });
    timers.push(deps.setInterval(tick, TICK_MS), deps.setInterval(heartbeat, HEARTBEAT_MS));
  }

  return {
    start,
    end,
    /** For the screen and tests: whether the user counts as present now. */
    isActive: () => active,
    activeSeconds: () => Math.round((activeMs + (active ? deps.now() - activeSince : 0)) / 1000),
  };
}

const ACTIVITIES_URL = "/api/v1/activities";

/** The browser's dependencies: same-origin JSON posts (keepalive) and sendBeacon. */
export function browserDeps(): TrackerDeps {
  return {
    now: () => Date.now(),
    url: () => window.location.pathname,
    userAgent: navigator.userAgent,
    post: (activity) =>
      fetch(ACTIVITIES_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(activity), credentials: "same-origin", keepalive: true }),
    beacon: (activity) =>
      typeof navigator.sendBeacon === "function" && navigator.sendBeacon(ACTIVITIES_URL, new Blob([JSON.stringify(activity)], { type: "application/json" })),
    // Input and pagehide reach window; visibilitychange is fired at document and does not bubble to window.
    events: {
      addEventListener: (type: string, fn: EventListenerOrEventListenerObject | null) => (type === "visibilitychange" ? document : window).addEventListener(type, fn as EventListenerOrEventListenerObject, { passive: true }),
      removeEventListener: (type: string, fn: EventListenerOrEventListenerObject | null) => (type === "visibilitychange" ? document : window).removeEventListener(type, fn as EventListenerOrEventListenerObject),
    },
    hidden: () => document.visibilityState === "hidden",
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  };
}

/** The one running tracker of this tab, so sign-out can close it before the session ends. */
let current: SessionTracker | null = null;

export function startSessionTracking(deps: TrackerDeps = browserDeps()) {
  void current?.end("unmount");
  const tracker = createSessionTracker(deps);
  current = tracker;
  tracker.start();
  return () => {
    if (current === tracker) current = null;
    void tracker.end("unmount");
  };
}

/** Sign-out: sends the closing events while the session still exists; never throws. */
export async function endSessionForSignOut() {
  const tracker = current;
  current = null;
  await tracker?.end("signout").catch(() => undefined);
}
