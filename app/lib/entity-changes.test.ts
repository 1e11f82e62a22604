import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEntityChangeHub, ENTITY_CHANGE_DEBOUNCE_MS, ENTITY_CHANGE_MAX_WAIT_MS, type EntityChange } from "./entity-changes";
import type { RealtimeMessage } from "./realtime-client";

let seq = 0;
const change = (entity: string, id = "1"): EntityChange => ({ type: "entity.changed", seq: ++seq, entity, id, action: "updated" });

/** A hub over a fake realtime connection that records its revalidations. */
function setup() {
  let send: (message: RealtimeMessage) => void = () => undefined;
  const connection = { subscribed: 0, unsubscribed: 0 };
  const revalidate = vi.fn();
  const hub = createEntityChangeHub({
    subscribe: (listener) => {
      connection.subscribed++;
      send = listener;
      return () => void connection.unsubscribed++;
    },
    revalidate,
  });
  return { hub, revalidate, connection, send: (message: RealtimeMessage) => send(message) };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("entity changes", () => {
  it("revalidates for the screen's entities only, never for notifications", () => {
    const { hub, send, revalidate } = setup();
    const onChange = vi.fn();
    hub.register({ filter: ["task"], onChange });
    send(change("goal"));
    send({ type: "notification.deleted", seq: ++seq, ids: ["n1"] });
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).not.toHaveBeenCalled();
    send(change("task", "t1"));
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ entity: "task", id: "t1" })]);
  });

  it("takes a predicate", () => {
    const { hub, send, revalidate } = setup();
    hub.register({ filter: (c) => c.entity === "transaction" && c.action === "updated" });
    send({ type: "entity.changed", seq: ++seq, entity: "transaction", id: "x", action: "created" });
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).not.toHaveBeenCalled();
    send(change("transaction"));
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("revalidates a burst once, and once however many screens match", () => {
    const { hub, send, revalidate } = setup();
    const first = vi.fn();
    const second = vi.fn();
    hub.register({ filter: ["task"], onChange: first });
    hub.register({ filter: ["task", "goal"], onChange: second });
    for (let i = 0; i < 20; i++) {
      send(change(i % 2 ? "task" : "goal", String(i)));
      vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS / 5);
    }
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(first.mock.calls[0][0]).toHaveLength(10);
    expect(second.mock.calls[0][0]).toHaveLength(20);
  });

  it("does not hold a change back for longer than the maximum wait during a long burst", () => {
    const { hub, send, revalidate } = setup();
    hub.register({ filter: ["task"] });
    const step = ENTITY_CHANGE_DEBOUNCE_MS / 2;
    for (let elapsed = 0; elapsed <= ENTITY_CHANGE_MAX_WAIT_MS; elapsed += step) {
      send(change("task"));
      vi.advanceTimersByTime(step);
    }
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("treats a resync as a change for every screen", () => {
    const { hub, send, revalidate } = setup();
    const onChange = vi.fn();
    hub.register({ filter: ["task"], onChange });
    send({ type: "resync", seq: ++seq });
    vi.advanceTimersByTime(ENTITY_CHANGE_DEBOUNCE_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it("shares one subscription and drops it (and what was pending) when the last screen leaves", () => {
    const { hub, send, revalidate, connection } = setup();
    const leaveA = hub.register({ filter: ["task"] });
    const leaveB = hub.register({ filter: ["goal"] });
    expect(connection.subscribed).toBe(1);
    send(change("task"));
    leaveA();
    leaveB();
    expect(connection.unsubscribed).toBe(1);
    vi.advanceTimersByTime(ENTITY_CHANGE_MAX_WAIT_MS);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
