import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { idbStore } from "./idb-store";
import { backoff, createQueue, isQueuedChange, type QueuedChange, type SendResult } from "./queue";

// Calendar events on the offline queue: "event.create" (POST /events) and "event.update"
// (PATCH /events/:id, of a whole event or series, or `?occurrence=&scope=one` of one occurrence).

let dbCounter = 0;

function harness(answers: (change: QueuedChange) => SendResult) {
  let clock = 1_000_000;
  const sent: QueuedChange[] = [];
  let keys = 0;
  const store = idbStore(`test-offline-events-${++dbCounter}`);
  const queue = (send = answers) =>
    createQueue({
      store,
      now: () => clock,
      newKey: () => `key-${++keys}`,
      send: async (change) => {
        sent.push(change);
        return send(change);
      },
    });
  return { queue: queue(), reopened: () => queue(), sent, advance: (ms: number) => (clock += ms) };
}

const created = { event: { id: "ev-real", title: "Dentista" } };
const dentist = { start: "2026-12-02T09:00:00+00:00", end: "2026-12-02T10:00:00+00:00", timeZone: "Europe/Lisbon", allDay: false };
const create = (extra: Partial<QueuedChange> = {}) => ({ userId: "u1", kind: "event.create" as const, method: "POST" as const, path: "/events", body: { title: "Dentista", ...dentist }, label: "Dentista", tempId: "offline-e1", ...extra });
const update = (path: string, body: Record<string, unknown>) => ({ userId: "u1", kind: "event.update" as const, method: "PATCH" as const, path, body, label: String(body.title ?? "Dentista") });

describe("offline queue: calendar events", () => {
  it("keeps new events, their edits and goal steps across a reopen (a closed tab): rows of these kinds are read back, not dropped as unreadable", async () => {
    const h = harness(() => ({ status: 0, body: null }));
    await h.queue.enqueue(create());
    await h.queue.enqueue(update("/events/ev-2?occurrence=2026-11-30T18%3A00%3A00%2B00%3A00&scope=one", { title: "Natação livre" }));
    // A goal's step (or a milestone's tick) made offline, too.
    await h.queue.enqueue({ userId: "u1", kind: "goal.update", method: "PATCH", path: "/goals/g1", body: { progress: 40 }, label: "Correr 10 km" });
    const rows = await h.reopened().list("u1");
    expect(rows.map((row) => [row.kind, row.label])).toEqual([
      ["event.create", "Dentista"],
      ["event.update", "Natação livre"],
      ["goal.update", "Correr 10 km"],
    ]);
    expect(rows.every(isQueuedChange)).toBe(true);
  });

  it("keeps cycle days logged, changed, deleted and a period logged offline across a reopen (not dropped as unreadable), and replays them in order, a delete too", async () => {
    const h = harness(() => ({ status: 204, body: null }));
    await h.queue.enqueue({ userId: "u1", kind: "cycle.period", method: "POST", path: "/cycle/days/range", body: { start: "2026-11-20", flow: "heavy" }, label: "20 de novembro" });
    await h.queue.enqueue({ userId: "u1", kind: "cycle.log", method: "POST", path: "/cycle/days", body: { date: "2026-11-18", flow: "spotting" }, label: "18 de novembro" });
    await h.queue.enqueue({ userId: "u1", kind: "cycle.update", method: "PATCH", path: "/cycle/days/d1", body: { flow: "light" }, label: "10 de novembro" });
    await h.queue.enqueue({ userId: "u1", kind: "cycle.delete", method: "DELETE", path: "/cycle/days/d2", body: {}, label: "11 de novembro" });
    const rows = await h.reopened().list("u1");
    expect(rows.map((row) => row.kind)).toEqual(["cycle.period", "cycle.log", "cycle.update", "cycle.delete"]);
    expect(rows.every(isQueuedChange)).toBe(true);
    await h.reopened().replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /cycle/days/range", "POST /cycle/days", "PATCH /cycle/days/d1", "DELETE /cycle/days/d2"]);
  });

  it("folds an edit of an event created offline and never sent into its creation: one POST", async () => {
    const h = harness(() => ({ status: 201, body: created }));
    await h.queue.enqueue(create());
    await h.queue.enqueue(update("/events/offline-e1", { title: "Dentista (Dr. Silva)", start: "2026-12-02T09:30:00+00:00", end: "2026-12-02T10:30:00+00:00" }));
    const queued = await h.queue.list("u1");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: "event.create", label: "Dentista (Dr. Silva)", body: { title: "Dentista (Dr. Silva)", start: "2026-12-02T09:30:00+00:00", timeZone: "Europe/Lisbon" } });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /events"]);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("sends an edit queued behind a creation that may have landed to the event's real id, its query kept", async () => {
    let online = false;
    const h = harness((change) => (!online ? { status: 0, body: null } : change.method === "POST" ? { status: 201, body: created } : { status: 200, body: { event: { id: "ev-real" } } }));
    const first = await h.queue.enqueue(create());
    await h.queue.replay("u1"); // sent, no answer: its body is fixed, the edit queues behind it
    await h.queue.enqueue(update("/events/offline-e1", { title: "Dentista às 9h30" }));
    // A path naming the temporary id before a query is given the real id too.
    await h.queue.enqueue(update("/events/offline-e1?occurrence=2026-12-09T09%3A00%3A00%2B00%3A00&scope=one", { title: "Só esta" }));
    online = true;
    h.advance(backoff(1));
    await h.queue.replay("u1");
    expect(h.sent.slice(1).map((c) => `${c.method} ${c.path} ${c.key === first.key ? "same key" : ""}`.trim())).toEqual([
      "POST /events same key",
      "PATCH /events/ev-real",
      "PATCH /events/ev-real?occurrence=2026-12-09T09%3A00%3A00%2B00%3A00&scope=one",
    ]);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("folds repeated edits of one occurrence, and keeps an edit of the whole series apart from it (another request)", async () => {
    const h = harness(() => ({ status: 200, body: {} }));
    const one = "/events/ev-2?occurrence=2026-11-30T18%3A00%3A00%2B00%3A00&scope=one";
    await h.queue.enqueue(update(one, { title: "Natação" }));
    await h.queue.enqueue(update(one, { start: "2026-11-30T18:30:00+00:00", end: "2026-11-30T19:30:00+00:00" }));
    await h.queue.enqueue(update("/events/ev-2", { location: "Piscina municipal" }));
    const queued = await h.queue.list("u1");
    expect(queued.map((c) => [c.path, c.body])).toEqual([
      [one, { title: "Natação", start: "2026-11-30T18:30:00+00:00", end: "2026-11-30T19:30:00+00:00" }],
      ["/events/ev-2", { location: "Piscina municipal" }],
    ]);
  });
});
