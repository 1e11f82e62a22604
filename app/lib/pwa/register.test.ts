import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The update flow of app/lib/pwa/register.ts against a scripted service worker container (the
 * browser's side is driven by hand: states, controllerchange), so each rule of the specification's
 * "App update" is checked on its own. The real browser runs it in tests/e2e/pwa.spec.ts.
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  /** What the browser does when it finds a new worker script. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become("installed");
  }
  /** A new version found and installed, now waiting. */
  arrives(worker = new FakeWorker()) {
    this.found(worker);
    this.installed(worker);
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  constructor(
    public registration: FakeRegistration,
    public failure: Error | null = null,
  ) {
    super();
  }
  register = vi.fn(async () => {
    if (this.failure) throw this.failure;
    return this.registration;
  });
}

/** The tab's session storage, kept across the page's "reloads" of one test. */
let session: { getItem: (key: string) => string | null; setItem: (key: string, value: string) => void };
const freshSession = () => {
  const values = new Map<string, string>();
  session = { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
};

function setUp({ desktop = true, controlled = true, failure = null as Error | null, confirm = true } = {}) {
  const registration = new FakeRegistration();
  const container = new FakeContainer(registration, failure);
  if (controlled) container.controller = new FakeWorker();
  const reload = vi.fn();
  const confirmUpdate = vi.fn(() => confirm);
  vi.stubGlobal("navigator", { serviceWorker: container });
  // Events can be dispatched on it: the user's keys and clicks count (a page in use is not reloaded).
  vi.stubGlobal(
    "window",
    Object.assign(new EventTarget(), {
      innerWidth: desktop ? 1280 : 412,
      matchMedia: (query: string) => ({ matches: query === "(pointer: coarse)" ? !desktop : false }),
      location: { reload },
    }),
  );
  vi.stubGlobal("document", { addEventListener: vi.fn(), visibilityState: "visible" });
  vi.stubGlobal("localStorage", { getItem: () => null });
  vi.stubGlobal("sessionStorage", session);
  return { registration, container, reload, confirmUpdate };
}

async function start(options: Parameters<typeof setUp>[0] = {}) {
  const world = setUp(options);
  const { registerServiceWorker } = await import("./register");
  const { pwaState } = await import("./state");
  await registerServiceWorker({ confirmUpdate: world.confirmUpdate });
  return { ...world, pwaState };
}

beforeEach(() => {
  freshSession();
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("service worker updates", () => {
  it("desktop: a new worker waiting while another controls the page is an update, applied after 1 s, then one reload", async () => {
    const { registration, container, reload, confirmUpdate, pwaState } = await start();
    const next = new FakeWorker();
    registration.found(next);
    registration.installed(next);
    expect(pwaState().updateAvailable).toBe(true);

    vi.advanceTimersByTime(999);
    expect(next.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(confirmUpdate).not.toHaveBeenCalled();

    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("desktop: a page in use is not reloaded under the user's hands; the update waits until it is left alone 30 s", async () => {
    const { registration, container, reload } = await start();
    // Writing in the diary: a click on a mood, then keys.
    window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event("keydown"));
    const next = registration.arrives();

    // The save, 1.5 s after the last key: still in use, nothing is applied.
    vi.advanceTimersByTime(1_500);
    window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event("wheel"));
    vi.advanceTimersByTime(29_999);
    expect(next.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    // Left alone 30 s since the last scroll: applied, then the one reload.
    vi.advanceTimersByTime(1);
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("desktop: a page last used more than 30 s before the update takes it after the usual 1 s", async () => {
    const { registration } = await start();
    window.dispatchEvent(new Event("input"));
    vi.advanceTimersByTime(30_000);
    const next = registration.arrives();
    vi.advanceTimersByTime(999);
    expect(next.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
  });

  it("reloads anyway when the accepted version is still waiting 4 s later (Chromium left it so)", async () => {
    const { registration, reload } = await start({ desktop: false });
    const next = registration.arrives();
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    vi.advanceTimersByTime(3_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("falls back to a reload once a minute at most: a version that never takes over is no loop", async () => {
    const first = await start({ desktop: false });
    const next = first.registration.arrives();
    vi.advanceTimersByTime(4_000);
    expect(first.reload).toHaveBeenCalledTimes(1);
    // The reloaded page finds the same version waiting, is told yes again, and it still waits.
    vi.resetModules();
    vi.unstubAllGlobals();
    const again = await start({ desktop: false });
    again.registration.arrives(next);
    vi.advanceTimersByTime(4_000);
    expect(again.reload).not.toHaveBeenCalled();
  });

  it("does not reload twice when the new version took over in time", async () => {
    const { registration, container, reload } = await start({ desktop: false });
    const next = registration.arrives();
    registration.waiting = null;
    registration.active = next;
    container.dispatchEvent(new Event("controllerchange"));
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("phone: asks first; a refusal leaves the new version waiting and the page as it is", async () => {
    const asked = await start({ desktop: false });
    const next = new FakeWorker();
    asked.registration.found(next);
    asked.registration.installed(next);
    expect(asked.confirmUpdate).toHaveBeenCalledTimes(1);
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });

    vi.resetModules();
    vi.unstubAllGlobals();
    const refused = await start({ desktop: false, confirm: false });
    const other = new FakeWorker();
    refused.registration.found(other);
    refused.registration.installed(other);
    vi.advanceTimersByTime(5_000);
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(refused.pwaState().updateAvailable).toBe(true);
  });

  it("the first worker taking control (clients.claim) neither counts as an update nor reloads", async () => {
    const { registration, container, reload, pwaState } = await start({ controlled: false });
    const first = new FakeWorker();
    registration.found(first);
    registration.installed(first);
    vi.advanceTimersByTime(2_000);
    expect(first.postMessage).not.toHaveBeenCalled();
    expect(pwaState()).toMatchObject({ offlineReady: true, updateAvailable: false });
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).not.toHaveBeenCalled();
  });

  it("a worker already installing when the page registers (the browser's navigation check) is still offered", async () => {
    const world = setUp();
    const next = new FakeWorker();
    // The browser found it before the page's code ran: its updatefound has already been fired.
    world.registration.installing = next;
    const { registerServiceWorker } = await import("./register");
    await registerServiceWorker({ confirmUpdate: world.confirmUpdate });
    world.registration.installed(next);
    vi.advanceTimersByTime(1_000);
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
  });

  it("offers that worker once when an updatefound for it still arrives after registering", async () => {
    const world = setUp({ desktop: false });
    const next = new FakeWorker();
    world.registration.installing = next;
    const { registerServiceWorker } = await import("./register");
    await registerServiceWorker({ confirmUpdate: world.confirmUpdate });
    world.registration.dispatchEvent(new Event("updatefound"));
    world.registration.installed(next);
    expect(world.confirmUpdate).toHaveBeenCalledTimes(1);
  });

  it("a version already waiting at load is applied at once on desktop (after the delay)", async () => {
    const world = setUp();
    const waiting = new FakeWorker();
    waiting.state = "installed";
    world.registration.waiting = waiting;
    const { registerServiceWorker } = await import("./register");
    const { pwaState } = await import("./state");
    await registerServiceWorker({ confirmUpdate: world.confirmUpdate });
    expect(pwaState().updateAvailable).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
  });

  it("asks the controlling worker whether this page was served from its cache, and follows its answers", async () => {
    const { container, pwaState } = await start();
    expect(container.controller?.postMessage).toHaveBeenCalledWith({ type: "ASK_SERVED_FROM_CACHE" });
    container.dispatchEvent(new MessageEvent("message", { data: { type: "SERVED_FROM_CACHE", url: "/app/tarefas" } }));
    expect(pwaState().servedFromCache).toBe(true);
    // The network answered the page again: the notice goes.
    container.dispatchEvent(new MessageEvent("message", { data: { type: "SERVED_FROM_NETWORK" } }));
    expect(pwaState().servedFromCache).toBe(false);
  });

  it("a registration failure only clears the installing state", async () => {
    const { pwaState, reload } = await start({ failure: new Error("SecurityError") });
    expect(pwaState()).toEqual({ registered: false, installing: false, offlineReady: false, updateAvailable: false, servedFromCache: false });
    expect(reload).not.toHaveBeenCalled();
  });
});
