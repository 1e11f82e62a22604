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
