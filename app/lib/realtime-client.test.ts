import { afterEach, describe, expect, it, vi } from "vitest";
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
