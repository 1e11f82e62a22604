import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_DELETED_EVENT, SESSION_CHANGED_EVENT } from "./api";
import { backoffDelay, RealtimeClient, type RealtimeMessage } from "./realtime-client";

describe("realtime client", () => {
  it("backs off from 1 s, doubling, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("delivers each event once, in order, and passes resync on", () => {
    const client = new RealtimeClient(() => "ws://unused");
    const seen: RealtimeMessage[] = [];
    // No WebSocket in node: subscribing only registers the listener.
    client.subscribe((m) => seen.push(m));
    client.receive(JSON.stringify({ type: "hello", seq: 4 }));
    client.receive(JSON.stringify({ type: "notification.deleted", seq: 4, ids: ["old"] }));
    client.receive(JSON.stringify({ type: "notification.deleted", seq: 5, ids: ["a"] }));
    client.receive(JSON.stringify({ type: "notification.deleted", seq: 5, ids: ["a"] }));
    client.receive("not json");
    client.receive(JSON.stringify({ type: "resync", seq: 9 }));
    expect(seen.map((m) => [m.type, m.seq])).toEqual([
      ["notification.deleted", 5],
      ["resync", 9],
    ]);
  });
});

/** A WebSocket that opens and closes when the test says (node has none that reaches a server). */
class FakeSocket {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send() {}
  /** The close handshake ends later, as in a browser. */
  close() {
    this.readyState = 3;
  }
  closed(code: number) {
    this.onclose?.({ code });
  }
}

describe("realtime client reconnects", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.opened = [];
  });

  it("opens no socket after a sign-out reset when the old socket's close arrives late", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const client = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    // The bell stays subscribed while the sign-out runs.
    client.subscribe(() => undefined);
    expect(FakeSocket.opened).toHaveLength(1);
    client.reset();
    FakeSocket.opened[0].closed(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(client.status).toBe("idle");
  });

  it("keeps the new socket when the one it replaced closes late (never two sockets)", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const client = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    const stop = client.subscribe(() => undefined);
    stop();
    client.subscribe(() => undefined);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1].readyState = FakeSocket.OPEN;
    FakeSocket.opened[1].onopen?.();
    FakeSocket.opened[0].closed(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(client.status).toBe("open");
    // The current socket's own close still reconnects.
    FakeSocket.opened[1].closed(1006);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.opened).toHaveLength(3);
  });
});

describe("realtime client, when the server ends the session", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.opened = [];
  });

  it("stops reconnecting on 4002 (session ended) and tells the shell, which leaves the page", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const left = vi.fn();
    page.addEventListener(SESSION_CHANGED_EVENT, left);
    const client = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    client.subscribe(() => undefined);
    FakeSocket.opened[0].closed(4002);
    vi.advanceTimersByTime(60_000);
    // Before: it reconnected, met a 401 and tried again forever.
    expect(FakeSocket.opened).toHaveLength(1);
    expect(client.status).toBe("closed");
    expect(left).toHaveBeenCalledTimes(1);
  });

  it("still reconnects after an ordinary close, without telling the shell", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const left = vi.fn();
    page.addEventListener(SESSION_CHANGED_EVENT, left);
    const client = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    client.subscribe(() => undefined);
    FakeSocket.opened[0].closed(1006);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(left).not.toHaveBeenCalled();
  });
});

/** Tabs of one browser: a BroadcastChannel that delivers to the other instances of its name. */
class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.all.push(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.all) if (other !== this && other.name === this.name) other.onmessage?.({ data });
  }
  close() {
    FakeChannel.all = FakeChannel.all.filter((channel) => channel !== this);
  }
}

describe("realtime client across tabs, when the server ends the session", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.opened = [];
    FakeChannel.all = [];
  });

  it("the tab holding the socket tells the others, which leave too", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("BroadcastChannel", FakeChannel);
    // The first tab to ask gets the lock (the leader); the other waits.
    let held = false;
    vi.stubGlobal("navigator", { locks: { request: (_name: string, _options: unknown, lead: () => Promise<void>) => (held ? new Promise(() => {}) : ((held = true), lead())) } });
    // Each tab is its own window; here both tabs' events land on one target, so they are counted by tab.
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const left = vi.fn();
    page.addEventListener(SESSION_CHANGED_EVENT, left);
    const leader = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    const follower = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    leader.subscribe(() => undefined);
    follower.subscribe(() => undefined);
    expect(FakeSocket.opened).toHaveLength(1);
    FakeSocket.opened[0].closed(4002);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    // Once for the leader's tab, once for the follower's.
    expect(left).toHaveBeenCalledTimes(2);
  });
});

describe("realtime client, when the account is deleted", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.opened = [];
    FakeChannel.all = [];
  });

  it("stops reconnecting on 4001 and tells the shell, in the tab holding the socket and in the others (which forget the user)", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("BroadcastChannel", FakeChannel);
    let held = false;
    vi.stubGlobal("navigator", { locks: { request: (_name: string, _options: unknown, lead: () => Promise<void>) => (held ? new Promise(() => {}) : ((held = true), lead())) } });
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const deleted = vi.fn();
    const sessionChanged = vi.fn();
    page.addEventListener(ACCOUNT_DELETED_EVENT, deleted);
    page.addEventListener(SESSION_CHANGED_EVENT, sessionChanged);
    const leader = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    const follower = new RealtimeClient(() => "ws://rumo.test/api/v1/realtime?user=a");
    leader.subscribe(() => undefined);
    follower.subscribe(() => undefined);
    FakeSocket.opened[0].closed(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    // Once for the leader's tab, once for the follower's; not taken for another session's sign-in.
    expect(deleted).toHaveBeenCalledTimes(2);
    expect(sessionChanged).not.toHaveBeenCalled();
  });
});
