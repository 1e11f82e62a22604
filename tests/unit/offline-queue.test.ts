import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { idbStore } from "~/lib/offline/idb-store";
import { backoff, createQueue, QueueStorageError, type QueuedChange, type QueueStore, type SendResult } from "~/lib/offline/queue";

let dbCounter = 0;
/** A fresh IndexedDB (fake-indexeddb) per test, through the real store. */
const freshStore = () => idbStore(`test-offline-${++dbCounter}`);

function harness(answers: (change: QueuedChange) => SendResult | Promise<SendResult>, store: QueueStore = freshStore()) {
  let clock = 1_000_000;
  const sent: QueuedChange[] = [];
  let keys = 0;
  const queue = createQueue({
    store,
    now: () => clock,
    newKey: () => `key-${++keys}`,
    send: async (change) => {
      sent.push(change);
      return answers(change);
    },
  });
  return { queue, sent, store, advance: (ms: number) => (clock += ms), now: () => clock };
}

const task = (title: string, extra: Partial<QueuedChange> = {}) => ({ userId: "u1", kind: "task.create" as const, method: "POST" as const, path: "/tasks", body: { title }, label: title, ...extra });

describe("offline write queue", () => {
  it("replays in the order the changes were made, and empties itself", async () => {
    const h = harness(() => ({ status: 201, body: {} }));
    await h.queue.enqueue(task("primeira"));
    await h.queue.enqueue(task("segunda"));
    await h.queue.enqueue({ ...task("terceira"), kind: "transaction.create", path: "/transactions" });
    expect(await h.queue.replay("u1")).toEqual({ sent: 3, failed: 0, waiting: 0 });
    expect(h.sent.map((c) => c.label)).toEqual(["primeira", "segunda", "terceira"]);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("keeps what it holds across a reopen of the database (a closed tab)", async () => {
    const name = `persist-${++dbCounter}`;
    await harness(() => ({ status: 0, body: null }), idbStore(name)).queue.enqueue(task("sem rede"));
    const reopened = await idbStore(name).list("u1");
    expect(reopened.map((c) => c.label)).toEqual(["sem rede"]);
  });

  it("sends each change with one idempotency key, the same on every retry", async () => {
    let online = false;
    const h = harness(() => (online ? { status: 201, body: {} } : { status: 0, body: null }));
    await h.queue.enqueue(task("uma"));
    await h.queue.replay("u1");
    h.advance(backoff(1));
    online = true;
    await h.queue.replay("u1");
    expect(h.sent).toHaveLength(2);
    expect(h.sent[0].key).toBe(h.sent[1].key);
  });

  it("waits with a growing delay when there is no answer, and holds later changes back (order)", async () => {
    const h = harness(() => ({ status: 0, body: null }));
    await h.queue.enqueue(task("a"));
    await h.queue.enqueue(task("b"));
    expect(await h.queue.replay("u1")).toEqual({ sent: 0, failed: 0, waiting: 1 });
    expect(h.sent.map((c) => c.label)).toEqual(["a"]);
    const [first] = await h.queue.list("u1");
    expect(first.attempts).toBe(1);
    expect(first.nextAttemptAt - h.now()).toBe(2_000);
    // Not due yet: nothing is sent.
    await h.queue.replay("u1");
    expect(h.sent).toHaveLength(1);
    h.advance(2_000);
    await h.queue.replay("u1");
    expect(((await h.queue.list("u1"))[0]).nextAttemptAt - h.now()).toBe(4_000);
    expect([backoff(1), backoff(2), backoff(3), backoff(20)]).toEqual([2_000, 4_000, 8_000, 300_000]);
  });

  it("honours Retry-After (a key still being processed, 429) instead of failing the change", async () => {
    const h = harness(() => ({ status: 409, body: { error: { code: "conflict", message: "em curso" } }, retryAfterSeconds: 2 }));
    await h.queue.enqueue(task("a"));
    await h.queue.replay("u1");
    const [change] = await h.queue.list("u1");
    expect(change.status).toBe("pending");
    expect(change.nextAttemptAt - h.now()).toBe(2_000);
  });

  it("reports a change the server refuses with its reason, and goes on with the next ones", async () => {
    const h = harness((change) =>
      change.label === "má"
        ? { status: 400, body: { error: { code: "validation_failed", message: "Alguns campos não são válidos.", fields: { title: "Campo obrigatório." } } } }
        : change.label === "paga"
          ? { status: 402, body: { error: { code: "premium_required", message: "Funcionalidade Premium" } } }
          : { status: 201, body: {} },
    );
    await h.queue.enqueue(task("má"));
    await h.queue.enqueue(task("paga"));
    await h.queue.enqueue(task("boa"));
    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 2, waiting: 0 });
    const left = await h.queue.list("u1");
    expect(left.map((c) => [c.label, c.status, c.error?.status, c.error?.message])).toEqual([
      ["má", "failed", 400, "Alguns campos não são válidos."],
      ["paga", "failed", 402, "Funcionalidade Premium"],
    ]);
    expect(left[0].error?.fields).toEqual({ title: "Campo obrigatório." });
    // A failed change is not sent again by itself: it waits for the user's edit or discard.
    await h.queue.replay("u1");
    expect(h.sent).toHaveLength(3);
  });

  it("sends an edited change as a new request (new key); a discarded one never", async () => {
    const h = harness((change) => (change.body.title === "" ? { status: 400, body: { error: { code: "validation_failed", message: "x" } } } : { status: 201, body: {} }));
    await h.queue.enqueue(task(""));
    await h.queue.enqueue({ ...task("", { label: "outra" }) });
    await h.queue.replay("u1");
    const [bad, other] = await h.queue.list("u1");
    await h.queue.edit(bad, { title: "corrigida" }, "corrigida");
    await h.queue.discard(other);
    await h.queue.replay("u1");
    expect(h.sent.at(-1)).toMatchObject({ label: "corrigida", body: { title: "corrigida" } });
    expect(h.sent.at(-1)!.key).not.toBe(bad.key);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("gives a change made to an item created offline the item's real id", async () => {
    const h = harness((change) => (change.method === "POST" ? { status: 201, body: { task: { id: "real-1" } } } : { status: 200, body: {} }));
    await h.queue.enqueue(task("nova", { tempId: "offline-abc" }));
    await h.queue.enqueue({ ...task("nova"), kind: "task.update", method: "PATCH", path: "/tasks/offline-abc", body: { status: "done" } });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /tasks", "PATCH /tasks/real-1"]);
  });

  it("keeps each user's changes apart", async () => {
    const h = harness(() => ({ status: 201, body: {} }));
    await h.queue.enqueue(task("da ana"));
    await h.queue.enqueue({ ...task("do rui"), userId: "u2" });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.label)).toEqual(["da ana"]);
    expect((await h.queue.list("u2")).map((c) => c.label)).toEqual(["do rui"]);
  });

  it("reports a full storage instead of losing the change silently", async () => {
    const full: QueueStore = {
      add: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
      put: async () => {},
      remove: async () => {},
      list: async () => [],
    };
    const h = harness(() => ({ status: 201, body: {} }), full);
    const error = await h.queue.enqueue(task("grande")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueStorageError);
    expect((error as QueueStorageError).reason).toBe("quota");
  });

  it("runs one replay at a time (online event and start together send each change once)", async () => {
    const h = harness(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 201, body: {} };
    });
    await h.queue.enqueue(task("só uma vez"));
    await Promise.all([h.queue.replay("u1"), h.queue.replay("u1")]);
    expect(h.sent).toHaveLength(1);
  });
});
