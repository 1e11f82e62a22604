import { describe, expect, it } from "vitest";
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
