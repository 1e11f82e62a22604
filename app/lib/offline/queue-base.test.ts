import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { idbStore } from "./idb-store";
import { createQueue, type QueuedChange, type SendResult } from "./queue";

// Edits that name the version they started from (BASE_FIELD), and an edit the server refuses as a
// conflict: docs/decisions/0091-diary-edits-carry-their-base-version.md.

let dbCounter = 0;

function harness(answers: (change: QueuedChange) => SendResult = () => ({ status: 200, body: {} })) {
  const sent: QueuedChange[] = [];
  let keys = 0;
  const queue = createQueue({
    store: idbStore(`test-offline-base-${++dbCounter}`),
    now: () => 1_000_000,
    newKey: () => `key-${++keys}`,
    send: async (change) => {
      sent.push(change);
      return answers(change);
    },
  });
  return { queue, sent };
}

const edit = (content: string, baseUpdatedAt?: string, path = "/diary/e1") => ({
  userId: "u1",
  kind: "diary.update" as const,
  method: "PATCH" as const,
  path,
  body: { title: "Manhã", content, ...(baseUpdatedAt ? { baseUpdatedAt } : {}) },
  label: "Manhã",
});
const conflict: SendResult = { status: 409, body: { error: { code: "conflict", message: "Esta entrada foi alterada noutro dispositivo depois de a abrir aqui. Nada foi mudado." } } };

describe("queued edits and the version they started from", () => {
  it("keeps the first base when autosaves fold into one edit: the version the offline edits began from", async () => {
    const h = harness();
    await h.queue.enqueue(edit("Um", "2026-03-10T09:00:00.000Z"));
    // A later autosave naming a newer version (an editor that loaded it since) does not move the base.
    await h.queue.enqueue(edit("Um dois", "2026-03-10T10:00:00.000Z"));
    const [folded] = await h.queue.list("u1");
    expect(folded.body).toEqual({ title: "Manhã", content: "Um dois", baseUpdatedAt: "2026-03-10T09:00:00.000Z" });
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body)).toEqual([{ title: "Manhã", content: "Um dois", baseUpdatedAt: "2026-03-10T09:00:00.000Z" }]);
  });

  it("gives no base to a creation an edit folds into (it has no earlier version)", async () => {
    const h = harness();
    const created = await h.queue.enqueue({ userId: "u1", kind: "diary.create", method: "POST", path: "/diary", body: { content: "Novo", draft: true }, label: "Novo", tempId: "offline-t1" });
    await h.queue.enqueue(edit("Novo dia", "2026-03-10T09:00:00.000Z", `/diary/${created.tempId}`));
    const [folded] = await h.queue.list("u1");
    expect(folded).toMatchObject({ method: "POST", body: { content: "Novo dia", title: "Manhã", draft: true } });
    expect(folded.body).not.toHaveProperty("baseUpdatedAt");
  });

  it("keeps an edit refused as a conflict, with its words and the reason, without holding up the next changes", async () => {
    const h = harness((change) => (change.path === "/diary/e1" ? conflict : { status: 200, body: {} }));
    await h.queue.enqueue(edit("Escrito sem rede", "2026-03-10T09:00:00.000Z"));
    await h.queue.enqueue(edit("Outra entrada", "2026-03-10T09:00:00.000Z", "/diary/e2"));
    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 1, waiting: 0 });
    const [refused] = await h.queue.list("u1");
    expect(refused).toMatchObject({ status: "failed", body: { content: "Escrito sem rede" }, error: { status: 409, code: "conflict" } });
  });

  it("replaces a refused change, at its place in the order, by a new write that keeps its words, once", async () => {
    const h = harness((change) => (change.method === "PATCH" && change.path === "/diary/e1" ? conflict : { status: 201, body: { entry: { id: "copy-1" } } }));
    await h.queue.enqueue(edit("Escrito sem rede", "2026-03-10T09:00:00.000Z"));
    await h.queue.replay("u1");
    const [refused] = await h.queue.list("u1");
    const copy = { kind: "diary.create" as const, method: "POST" as const, path: "/diary", body: { title: "Manhã (cópia em conflito)", content: "Escrito sem rede", draft: true }, label: "Manhã (cópia em conflito)" };

    const replaced = await h.queue.replace(refused, { ...copy, key: "copy-key", tempId: "offline-copy-key" });
    expect(replaced).toMatchObject({ ...copy, seq: refused.seq, key: "copy-key", tempId: "offline-copy-key", status: "pending", sent: false, attempts: 0 });
    expect(replaced!.error).toBeUndefined();
    // A second tab holding the same refused change writes nothing.
    expect(await h.queue.replace(refused, { ...copy, key: "other-key", tempId: "offline-other-key" })).toBeNull();
    expect((await h.queue.list("u1")).map((c) => c.key)).toEqual(["copy-key"]);

    expect(await h.queue.replay("u1")).toEqual({ sent: 1, failed: 0, waiting: 0 });
    expect(h.sent.at(-1)).toMatchObject({ method: "POST", path: "/diary", key: "copy-key", body: copy.body });
    expect(await h.queue.list("u1")).toEqual([]);
  });

  it("does not replace a change that is no longer refused (tried again meanwhile)", async () => {
    const h = harness(() => conflict);
    await h.queue.enqueue(edit("Escrito sem rede", "2026-03-10T09:00:00.000Z"));
    await h.queue.replay("u1");
    const [refused] = await h.queue.list("u1");
    await h.queue.retry(refused);
    expect(await h.queue.replace(refused, { kind: "diary.create", method: "POST", path: "/diary", body: {}, label: "x", key: "k", tempId: "offline-k" })).toBeNull();
    expect((await h.queue.list("u1"))[0]).toMatchObject({ kind: "diary.update", status: "pending" });
  });
});

describe("an entry created offline, then edited (0091, revised 2026-12-06)", () => {
  const create = { userId: "u1", kind: "diary.create" as const, method: "POST" as const, path: "/diary", body: { content: "Novo", draft: true }, label: "Novo", tempId: "offline-t1" };
  const createdAt = "2026-03-10T09:00:00.000Z";
  const answers = (change: QueuedChange): SendResult =>
    change.method === "POST" ? { status: 201, body: { entry: { id: "e9", updatedAt: createdAt } } } : { status: 200, body: { entry: { id: "e9", updatedAt: "2026-03-10T09:05:00.000Z" } } };

  it("sends an edit queued behind the creation from the version the creation answered", async () => {
    const h = harness(answers);
    // Sent once with no answer: its body is fixed, and the next words queue behind it.
    await h.queue.enqueue({ ...create, sent: true });
    await h.queue.enqueue(edit("Novo dia", undefined, "/diary/offline-t1"));
    await h.queue.replay("u1");
    expect(h.sent[1]).toMatchObject({ method: "PATCH", path: "/diary/e9", body: { content: "Novo dia", baseUpdatedAt: createdAt } });
  });

  it("gives a later edit naming the temporary id the same base, and leaves other modules' edits as they are", async () => {
    const h = harness(answers);
    await h.queue.enqueue(create);
    await h.queue.replay("u1");
    expect(h.queue.withRealId({ kind: "diary.update", path: "/diary/offline-t1", body: { content: "Mais" } })).toEqual({ path: "/diary/e9", body: { content: "Mais", baseUpdatedAt: createdAt } });
    // The writer's own base, once an answer gave it one, is kept.
    expect(h.queue.withRealId({ kind: "diary.update", path: "/diary/offline-t1", body: { baseUpdatedAt: "2026-03-10T09:05:00.000Z" } }).body).toEqual({ baseUpdatedAt: "2026-03-10T09:05:00.000Z" });
    expect(h.queue.withRealId({ kind: "task.update", path: "/tasks/offline-t1", body: { done: true } })).toEqual({ path: "/tasks/e9", body: { done: true } });
  });
});

describe("two edits of one writer queued from the same version (0091, revised 2026-12-06)", () => {
  const base = "2026-03-10T09:00:00.000Z";
  const fromWriter = (content: string, origin: string) => ({ ...edit(content, base), origin });

  it("sends the second from the version the first made, when the first is accepted (its own words, not a conflict)", async () => {
    const h = harness(() => ({ status: 200, body: { entry: { id: "e1", updatedAt: "2026-03-10T09:05:00.000Z" } } }));
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue(fromWriter("Um dois", "w1"));
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body.baseUpdatedAt)).toEqual([base, "2026-03-10T09:05:00.000Z"]);
  });

  it("still checks another writer's edit from that version against the one accepted", async () => {
    const h = harness(() => ({ status: 200, body: { entry: { id: "e1", updatedAt: "2026-03-10T09:05:00.000Z" } } }));
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue(fromWriter("Outro", "w2"));
    await h.queue.replay("u1");
    expect(h.sent.map((c) => c.body.baseUpdatedAt)).toEqual([base, base]);
  });

  it("does not fold another writer's edit into one's own (its words would replace them in the queue)", async () => {
    const h = harness(() => conflict);
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue(fromWriter("Um dois", "w1"));
    await h.queue.enqueue(fromWriter("Outro", "w2"));
    await h.queue.enqueue(fromWriter("Um dois três", "w1"));
    expect((await h.queue.list("u1")).map((c) => c.body.content)).toEqual(["Um", "Um dois", "Outro", "Um dois três"]);
    await h.queue.replay("u1");
    // Each writer's last words are kept, to become one copy each.
    expect((await h.queue.list("u1")).map((c) => c.body.content)).toEqual(["Outro", "Um dois três"]);
  });

  it("keeps one refused edit, the later one holding all the words, when another device wrote in between", async () => {
    const h = harness(() => conflict);
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue(fromWriter("Um dois", "w1"));
    await h.queue.replay("u1");
    const left = await h.queue.list("u1");
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ status: "failed", body: { content: "Um dois" }, error: { code: "conflict" } });
  });

  it("keeps both refused edits when they come from two writers (neither holds the other's words)", async () => {
    const h = harness(() => conflict);
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue(fromWriter("Dois", "w2"));
    await h.queue.replay("u1");
    expect((await h.queue.list("u1")).map((c) => [c.status, c.body.content])).toEqual([
      ["failed", "Um"],
      ["failed", "Dois"],
    ]);
  });

  it("keeps both when the later one lacks a field of the earlier (it does not repeat it whole)", async () => {
    const h = harness(() => conflict);
    await h.queue.enqueue({ ...fromWriter("Um", "w1"), sent: true });
    await h.queue.enqueue({ ...fromWriter("Um dois", "w1"), body: { content: "Um dois", baseUpdatedAt: base } });
    await h.queue.replay("u1");
    expect(await h.queue.list("u1")).toHaveLength(2);
  });
});
