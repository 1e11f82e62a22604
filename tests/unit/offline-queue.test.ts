import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { idbStore } from "~/lib/offline/idb-store";
import { openDB } from "idb";
import { backoff, createQueue, isQueuedChange, KEY_REMEMBERED_MS, movedParts, QueueStorageError, type QueuedChange, type QueueStore, type SendResult } from "~/lib/offline/queue";

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
    // Already sent once (no answer): the edit cannot be folded into it and queues behind.
    await h.queue.enqueue(task("nova", { tempId: "offline-abc", sent: true }));
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

  it("does not send again, a day after its first sending, a change that never got an answer (the server forgets keys after a day): it fails as unconfirmed", async () => {
    let online = false;
    const h = harness(() => (online ? { status: 201, body: {} } : { status: 0, body: null }));
    await h.queue.enqueue(task("café 2,50"));
    await h.queue.enqueue({ ...task("pão"), kind: "transaction.create", path: "/transactions" });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.label)).toEqual(["café 2,50"]);
    // Two days later the app is opened with a connection.
    h.advance(2 * 24 * 60 * 60_000);
    online = true;
    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 1, waiting: 0 });
    expect(h.sent.map((c) => c.label)).toEqual(["café 2,50", "pão"]);
    const [unconfirmed] = await h.queue.list("u1");
    expect(unconfirmed).toMatchObject({ label: "café 2,50", status: "failed", error: { code: "unconfirmed" } });
    // The person checked the screen and sends it again: it goes, with its key.
    await h.queue.retry(unconfirmed);
    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect(h.sent[2]).toMatchObject({ label: "café 2,50", key: h.sent[0].key });
  });

  it("keeps sending a change within the day its key is remembered", async () => {
    let online = false;
    const h = harness(() => (online ? { status: 201, body: {} } : { status: 0, body: null }));
    await h.queue.enqueue(task("café"));
    await h.queue.replay("u1");
    h.advance(KEY_REMEMBERED_MS - 60_000);
    online = true;
    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 0, waiting: 0 });
  });

  it("counts the day from the first sending of a change queued after a write that got no answer", async () => {
    const h = harness(() => ({ status: 201, body: {} }));
    await h.queue.enqueue({ ...task("jantar"), key: "sent-once", sent: true });
    h.advance(KEY_REMEMBERED_MS + 1);
    expect(await h.queue.replay("u1")).toEqual({ sent: 0, failed: 1, waiting: 0 });
    expect(h.sent).toEqual([]);
  });

  it("does not fail a change when the session ended (401): it waits for the next sign-in", async () => {
    const h = harness(() => ({ status: 401, body: { error: { code: "unauthorized", message: "Sessão terminada" } } }));
    await h.queue.enqueue(task("depois do login"));
    expect(await h.queue.replay("u1")).toEqual({ sent: 0, failed: 0, waiting: 1 });
    const [change] = await h.queue.list("u1");
    expect(change.status).toBe("pending");
  });
});

/** docs/decisions/0044-offline-queue-rules.md */
describe("offline queue: edits of items created offline", () => {
  const complete = (temp: string, body: Record<string, unknown> = { status: "done" }) => ({
    ...task("nova"),
    kind: "task.update" as const,
    method: "PATCH" as const,
    path: `/tasks/${temp}`,
    body,
  });

  it("folds an edit of a task created offline and never sent into its creation: one POST with the final state", async () => {
    const h = harness(() => ({ status: 201, body: { task: { id: "real-1" } } }));
    await h.queue.enqueue(task("nova", { tempId: "offline-a" }));
    await h.queue.enqueue({ ...complete("offline-a", { title: "nova, editada" }), label: "nova, editada" });
    await h.queue.enqueue(complete("offline-a"));
    const queued = await h.queue.list("u1");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: "task.create", label: "nova", body: { title: "nova, editada", status: "done" } });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`)).toEqual(['POST /tasks {"title":"nova, editada","status":"done"}']);
  });

  it("queues the edit behind a creation that may have reached the server (same key kept), and gives it the real id", async () => {
    let online = false;
    const h = harness((change) => (!online ? { status: 0, body: null } : change.method === "POST" ? { status: 201, body: { task: { id: "real-7" } } } : { status: 200, body: {} }));
    const created = await h.queue.enqueue(task("nova", { tempId: "offline-b" }));
    await h.queue.replay("u1"); // sent, no answer: the server may have it under this key
    await h.queue.enqueue(complete("offline-b"));
    const queued = await h.queue.list("u1");
    expect(queued.map((c) => [c.kind, c.body])).toEqual([
      ["task.create", { title: "nova" }],
      ["task.update", { status: "done" }],
    ]);
    expect(queued[0].key).toBe(created.key);
    online = true;
    h.advance(backoff(1));
    await h.queue.replay("u1");
    expect(h.sent.slice(1).map((c) => `${c.method} ${c.path}`)).toEqual(["POST /tasks", "PATCH /tasks/real-7"]);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("writes the real id into later changes before the creation leaves the queue (a tab closed mid-replay)", async () => {
    const h = harness((change) => (change.method === "POST" ? { status: 201, body: { task: { id: "real-9" } } } : { status: 0, body: null }));
    await h.queue.enqueue(task("nova", { tempId: "offline-c", sent: true }));
    await h.queue.enqueue(complete("offline-c"));
    await h.queue.replay("u1");
    const [left] = await h.queue.list("u1");
    expect(left.path).toBe("/tasks/real-9");
  });

  it("folds repeated edits of one item that were not sent yet (a diary autosaving offline is one request)", async () => {
    const h = harness(() => ({ status: 200, body: {} }));
    const edit = (content: string) => ({ userId: "u1", kind: "diary.update" as const, method: "PATCH" as const, path: "/diary/e1", body: { content }, label: "Dia" });
    await h.queue.enqueue(edit("a"));
    await h.queue.enqueue(edit("ab"));
    await h.queue.enqueue({ ...edit("abc"), body: { content: "abc", draft: false } });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body)).toEqual([{ content: "abc", draft: false }]);
  });

  it("holds the edits of a refused creation (never sent to a temporary id), and discarding the creation discards them", async () => {
    const h = harness((change) => (change.method === "POST" ? { status: 402, body: { error: { code: "premium_required", message: "Funcionalidade Premium" } } } : { status: 200, body: {} }));
    const created = await h.queue.enqueue(task("nova", { tempId: "offline-d", sent: true }));
    await h.queue.enqueue(complete("offline-d"));
    await h.queue.enqueue(task("outra"));
    expect(await h.queue.replay("u1")).toEqual({ sent: 0, failed: 2, waiting: 0 });
    expect(h.sent.map((c) => c.path)).toEqual(["/tasks", "/tasks"]);
    expect(await h.queue.nextAttemptAt("u1")).toBeNull();
    const [refused] = await h.queue.list("u1");
    expect((await h.queue.dependents(refused)).map((c) => c.kind)).toEqual(["task.update"]);
    await h.queue.discard({ ...created, seq: refused.seq });
    expect((await h.queue.list("u1")).map((c) => c.label)).toEqual(["outra"]);
  });

  it("sends the held edits once the refused creation is corrected", async () => {
    let paid = false;
    const h = harness((change) =>
      change.method === "POST" ? (paid ? { status: 201, body: { task: { id: "real-2" } } } : { status: 402, body: { error: { code: "premium_required", message: "Premium" } } }) : { status: 200, body: {} },
    );
    await h.queue.enqueue(task("nova", { tempId: "offline-e", sent: true }));
    await h.queue.enqueue(complete("offline-e"));
    await h.queue.replay("u1");
    paid = true;
    await h.queue.retry((await h.queue.list("u1"))[0]);
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /tasks", "POST /tasks", "PATCH /tasks/real-2"]);
  });

  it("sends an edit folded in while earlier changes were being sent (never a stale body)", async () => {
    let h: ReturnType<typeof harness>;
    h = harness(async (change) => {
      // While the first change is on its way, the user edits the item created second.
      if (change.label === "primeira") await h.queue.enqueue(complete("offline-f", { title: "segunda, editada" }));
      return { status: 201, body: { task: { id: `real-${change.label}` } } };
    });
    await h.queue.enqueue(task("primeira"));
    await h.queue.enqueue(task("segunda", { tempId: "offline-f" }));
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body)).toEqual([{ title: "primeira" }, { title: "segunda, editada" }]);
  });

  it("sends an edit of an item created offline to its real id once the creation has been sent (the diary's writer keeps the temporary id)", async () => {
    const h = harness((change) => (change.method === "POST" ? { status: 201, body: { task: { id: "real-g" } } } : { status: 200, body: {} }));
    await h.queue.enqueue(task("nova", { tempId: "offline-g" }));
    await h.queue.replay("u1");
    expect(h.queue.realPath("/tasks/offline-g")).toBe("/tasks/real-g");
    await h.queue.enqueue(complete("offline-g"));
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /tasks", "PATCH /tasks/real-g"]);
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("never loses an edit folded in at the moment the replay starts sending its creation", async () => {
    const h = harness((change) => (change.method === "POST" ? { status: 201, body: { task: { id: "real-h" } } } : { status: 200, body: {} }));
    await h.queue.enqueue(task("nova", { tempId: "offline-h" }));
    // The connection comes back (replay) as the user completes the task (an edit of the queued creation).
    const replaying = h.queue.replay("u1");
    await h.queue.enqueue(complete("offline-h"));
    await replaying;
    await h.queue.replay("u1");
    expect(h.sent.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`).join(" | ")).toContain('"status":"done"');
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("counts a replayed removal of something already gone (404) as done, not as refused", async () => {
    const h = harness(() => ({ status: 404, body: { error: { code: "not_found", message: "Não encontrado." } } }));
    await h.queue.enqueue({ userId: "u1", kind: "cycle.unmarkLong", method: "DELETE", path: "/cycle/long-cycles/2026-10-01", body: {}, label: "1 de outubro" });
    await h.queue.enqueue({ userId: "u1", kind: "diary.delete", method: "DELETE", path: "/diary/e-gone", body: {}, label: "Dia" });
    expect(await h.queue.replay("u1")).toEqual({ sent: 2, failed: 0, waiting: 0 });
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("reports a replayed edit of an item deleted meanwhile (404) as failed with the reason", async () => {
    const h = harness(() => ({ status: 404, body: { error: { code: "not_found", message: "Não encontrado." } } }));
    await h.queue.enqueue(complete("t-gone"));
    await h.queue.replay("u1");
    const [change] = await h.queue.list("u1");
    expect(change).toMatchObject({ status: "failed", error: { status: 404, code: "not_found" } });
  });
});

describe("offline queue: a routine's count of a day, a PUT of the whole state (decision 0117)", () => {
  const count = (path: string, value: number) => ({ userId: "u1", kind: "routine.count" as const, method: "PUT" as const, path, body: { count: value }, label: `Água · ${value}` });
  const today = "/routines/r1/counts/2026-12-07";

  it("replaces a queued count of the same day not sent yet: eight taps offline are one request with the last count", async () => {
    const h = harness(() => ({ status: 200, body: {} }));
    for (let n = 1; n <= 8; n++) await h.queue.enqueue(count(today, n));
    // Another day's and another routine's counts are theirs.
    await h.queue.enqueue(count("/routines/r1/counts/2026-12-06", 2));
    await h.queue.enqueue(count("/routines/r2/counts/2026-12-07", 1));
    expect((await h.queue.list("u1")).map((c) => [c.path, c.body.count])).toEqual([
      [today, 8],
      ["/routines/r1/counts/2026-12-06", 2],
      ["/routines/r2/counts/2026-12-07", 1],
    ]);
    await h.queue.replay("u1");
    expect(h.sent.map((c) => [c.method, c.path, c.body.count])).toEqual([
      ["PUT", today, 8],
      ["PUT", "/routines/r1/counts/2026-12-06", 2],
      ["PUT", "/routines/r2/counts/2026-12-07", 1],
    ]);
  });

  it("goes after what was queued in between (a check-in undone, then counted again)", async () => {
    const h = harness(() => ({ status: 200, body: {} }));
    await h.queue.enqueue(count(today, 3));
    await h.queue.enqueue(task("entre"));
    await h.queue.enqueue(count(today, 4));
    expect((await h.queue.list("u1")).map((c) => c.label)).toEqual(["entre", "Água · 4"]);
  });

  it("queues behind a count that may have reached the server (sent without an answer), which keeps its body and key", async () => {
    let online = false;
    const h = harness(() => (online ? { status: 200, body: {} } : { status: 0, body: null }));
    await h.queue.enqueue(count(today, 3));
    await h.queue.replay("u1");
    await h.queue.enqueue(count(today, 5));
    const [sent, later] = await h.queue.list("u1");
    expect([sent.body.count, sent.sent, later.body.count]).toEqual([3, true, 5]);
    online = true;
    h.advance(backoff(1));
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body.count)).toEqual([3, 3, 5]);
    expect(h.sent[0].key).toBe(h.sent[1].key);
  });

  it("reads a queued PUT back from storage", () => {
    expect(isQueuedChange({ ...count(today, 1), seq: 1, key: "k", createdAt: 1, attempts: 0, nextAttemptAt: 1, status: "pending" })).toBe(true);
  });
});

describe("offline queue: damaged storage", () => {
  it("removes rows it cannot read (damaged, older shape) and says how many, instead of crashing", async () => {
    const name = `damaged-${++dbCounter}`;
    const store = idbStore(name);
    let dropped = 0;
    const queue = createQueue({ store, send: async () => ({ status: 201, body: {} }), onDropped: (n) => (dropped += n) });
    await queue.enqueue(task("boa"));
    const raw = await openDB(name, 1);
    await raw.add("changes", { userId: "u1", kind: "task.create", path: 42 });
    await raw.add("changes", { userId: "u1", note: "left by an old version" });
    raw.close();
    expect((await queue.list("u1")).map((c) => c.label)).toEqual(["boa"]);
    expect(dropped).toBe(2);
    expect((await store.list("u1")).length).toBe(1);
    expect(isQueuedChange({ ...(await store.list("u1"))[0] })).toBe(true);
  });

  it("reports an unreadable database as unavailable storage", async () => {
    const broken: QueueStore = {
      add: async () => 1,
      put: async () => {},
      remove: async () => {},
      list: async () => {
        throw new DOMException("Internal error opening backing store", "UnknownError");
      },
    };
    const h = harness(() => ({ status: 201, body: {} }), broken);
    const error = await h.queue.list("u1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueStorageError);
    expect((error as QueueStorageError).reason).toBe("unavailable");
  });

  it("opens a database left by a newer version of the app (a rollback) and keeps its changes", async () => {
    const name = `newer-${++dbCounter}`;
    // What a newer version left: its own version number, our store still in it.
    const newer = await openDB(name, 3, {
      upgrade(database) {
        database.createObjectStore("changes", { keyPath: "seq", autoIncrement: true }).createIndex("byUser", "userId");
      },
    });
    await newer.add("changes", { key: "k-1", userId: "u1", kind: "task.create", method: "POST", path: "/tasks", body: { title: "de antes" }, label: "de antes", createdAt: 1, attempts: 0, nextAttemptAt: 1, status: "pending" });
    newer.close();
    expect((await idbStore(name).list("u1")).map((c) => c.label)).toEqual(["de antes"]);
  });
});

describe("offline queue and the server's memory of keys", () => {
  it("stops sending a change with its key before the server forgets the key", async () => {
    const { IDEMPOTENCY_TTL_MS } = await import("../../worker/db/idempotency");
    expect(KEY_REMEMBERED_MS).toBeLessThan(IDEMPOTENCY_TTL_MS);
  });
});

describe("ticks of the steps of a task created offline (0114, revised 2026-12-07)", () => {
  const steps = (...texts: string[]) => texts.map((text) => ({ text }));
  const tick = (path: string, done = true) => ({ userId: "u1", kind: "task.stepTick" as const, method: "PATCH" as const, path, body: { done }, label: "passo" });
  const answer = (change: QueuedChange): SendResult =>
    change.method === "POST" ? { status: 201, body: { task: { id: "t-real", updatedAt: "2026-12-07T10:00:00.000Z", steps: [{ id: "s-farinha" }, { id: "s-ovos" }, { id: "s-leite" }] } } } : { status: 200, body: {} };

  it("queues a tick as a change of its own behind the creation (not folded into it), then sends it to the real step", async () => {
    const h = harness(answer);
    await h.queue.enqueue(task("Bolo", { tempId: "offline-k", body: { title: "Bolo", steps: steps("Farinha", "Ovos", "Leite") } }));
    await h.queue.enqueue(tick("/tasks/offline-k/steps/offline-k-1"));
    const queued = await h.queue.list("u1");
    // Folded into the creation, `done: true` would have completed the whole task (or been refused).
    expect(queued.map((c) => [c.method, c.path])).toEqual([
      ["POST", "/tasks"],
      ["PATCH", "/tasks/offline-k/steps/offline-k-1"],
    ]);
    expect(queued[0].body).toEqual({ title: "Bolo", steps: steps("Farinha", "Ovos", "Leite") });
    expect(await h.queue.replay("u1")).toEqual({ sent: 2, failed: 0, waiting: 0 });
    expect(h.sent.map((c) => c.path)).toEqual(["/tasks", "/tasks/t-real/steps/s-ovos"]);
    expect(h.sent[1].body).toEqual({ done: true });
  });

  it("keeps one tick per step: untick after tick folds into one change", async () => {
    const h = harness(answer);
    await h.queue.enqueue(task("Bolo", { tempId: "offline-l", body: { title: "Bolo", steps: steps("Farinha", "Ovos") } }));
    await h.queue.enqueue(tick("/tasks/offline-l/steps/offline-l-0"));
    await h.queue.enqueue(tick("/tasks/offline-l/steps/offline-l-0", false));
    expect((await h.queue.list("u1")).map((c) => c.body)).toEqual([{ title: "Bolo", steps: steps("Farinha", "Ovos") }, { done: false }]);
  });

  it("moves a queued tick with its step's words when an edit of the creation reorders the steps, and drops the tick of a step removed", async () => {
    const h = harness(answer);
    await h.queue.enqueue(task("Bolo", { tempId: "offline-m", body: { title: "Bolo", steps: steps("Farinha", "Ovos", "Leite") } }));
    await h.queue.enqueue(tick("/tasks/offline-m/steps/offline-m-2")); // Leite
    await h.queue.enqueue(tick("/tasks/offline-m/steps/offline-m-1")); // Ovos
    // The edit dialog sends the whole list: Leite first, Ovos removed.
    await h.queue.enqueue({ userId: "u1", kind: "task.update", method: "PATCH", path: "/tasks/offline-m", body: { title: "Bolo", steps: steps("Leite", "Farinha", "Açúcar") }, label: "Bolo" });
    expect((await h.queue.list("u1")).map((c) => c.path)).toEqual(["/tasks", "/tasks/offline-m/steps/offline-m-0"]);
    await h.queue.replay("u1");
    // Leite is the real list's first step now.
    expect(h.sent.map((c) => c.path)).toEqual(["/tasks", "/tasks/t-real/steps/s-farinha"]);
  });

  it("sends a tick made after the creation was answered straight to the real step", async () => {
    const h = harness(answer);
    await h.queue.enqueue(task("Bolo", { tempId: "offline-n", body: { title: "Bolo", steps: steps("Farinha", "Ovos", "Leite") } }));
    await h.queue.replay("u1");
    expect(h.queue.withRealId(tick("/tasks/offline-n/steps/offline-n-2"))).toEqual({ path: "/tasks/t-real/steps/s-leite", body: { done: true } });
  });
});

describe("movedParts", () => {
  it("follows each step by its words, the first unclaimed one for repeated words, and says which are gone", () => {
    expect([...movedParts([{ text: "a" }, { text: "b" }, { text: "a" }, { text: "c" }], [{ text: "a" }, { text: "c" }, { text: "a " }])]).toEqual([
      [0, 0],
      [1, null],
      [2, 2],
      [3, 1],
    ]);
    expect([...movedParts(undefined, [{ text: "a" }])]).toEqual([]);
  });
});
