import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The queue answers the change it stored (or the one it was folded into).
const enqueueChange = vi.fn(async (change: { key: string; tempId?: string }) => change);
const replayNow = vi.fn(async () => undefined);
// Items created offline that a replay has sent since, by temporary id, with the version they were created at.
const withRealId = (write: { path: string; body: Record<string, unknown> }) =>
  write.path.includes("offline-k1") ? { path: write.path.replace("offline-k1", "real-1"), body: { ...write.body, baseUpdatedAt: "2026-03-10T09:00:00.000Z" } } : write;
// Replaces a refused change unless another tab already did (null).
const replace = vi.fn(async (change: { seq: number }, next: Record<string, unknown>): Promise<Record<string, unknown> | null> => ({ ...change, ...next }));
vi.mock("./runtime", () => ({ enqueueChange, replayNow, withRealId, queue: { replace } }));

const { replaceQueued, writeOrQueue } = await import("./write");
const { setOfflineSnapshot } = await import("./state");

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "retry-after": "5" } });
const write = { kind: "task.create" as const, method: "POST" as const, path: "/tasks", body: { title: "Pão" }, label: "Pão" };

beforeEach(() => {
  setOfflineSnapshot({ userId: "user-1", changes: [] });
  enqueueChange.mockClear();
  replayNow.mockClear();
  replace.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("writeOrQueue under a storage outage", () => {
  it("queues a write answered 503 with its key and replays it (nothing was written)", async () => {
    const fetchMock = vi.fn(async () => answer(503, { error: { code: "service_unavailable", message: "Indisponível" } }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await writeOrQueue(write);
    expect(result).toMatchObject({ queued: true });
    const sentKey = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ path: "/tasks", userId: "user-1", key: sentKey["Idempotency-Key"] }));
    expect(replayNow).toHaveBeenCalledTimes(1);
  });

  it("queues a write that got no answer while the browser says it is online, and replays it (no other write need come)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const result = await writeOrQueue(write);
    expect(result).toMatchObject({ queued: true });
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ path: "/tasks", sent: true }));
    expect(replayNow).toHaveBeenCalledTimes(1);
  });

  it("sends (and queues) a write under the key the screen gives, when it gives one (a later write names it)", async () => {
    const fetchMock = vi.fn(async () => answer(503, { error: { code: "service_unavailable", message: "Indisponível" } }));
    vi.stubGlobal("fetch", fetchMock);
    await writeOrQueue({ ...write, key: "screen-key-1" });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers["Idempotency-Key"]).toBe("screen-key-1");
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ key: "screen-key-1" }));
  });

  it("gives other errors to the screen", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => answer(400, { error: { code: "validation_failed", message: "Campos" } })));
    const result = await writeOrQueue(write);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(enqueueChange).not.toHaveBeenCalled();
  });
});

describe("writeOrQueue for an item created offline", () => {
  it("sends an edit to the item's real id once its creation has been replayed", async () => {
    const fetchMock = vi.fn(async () => answer(200, { entry: { id: "real-1" } }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await writeOrQueue({ kind: "diary.update", method: "PATCH", path: "/diary/offline-k1", body: { content: "mais" }, label: "Dia" });
    expect(result).toMatchObject({ ok: true });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe("/api/v1/diary/real-1");
    expect(enqueueChange).not.toHaveBeenCalled();
  });

  it("sends that edit from the version the creation answered, so a newer one from another device is not replaced (0091)", async () => {
    const fetchMock = vi.fn(async () => answer(200, { entry: { id: "real-1" } }));
    vi.stubGlobal("fetch", fetchMock);
    await writeOrQueue({ kind: "diary.update", method: "PATCH", path: "/diary/offline-k1", body: { content: "mais" }, label: "Dia" });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ content: "mais", baseUpdatedAt: "2026-03-10T09:00:00.000Z" });
  });

  it("queues an edit of an item whose creation still waits, under its temporary id", async () => {
    const fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal("fetch", fetchMock);
    const result = await writeOrQueue({ kind: "diary.update", method: "PATCH", path: "/diary/offline-k2", body: { content: "mais" }, label: "Dia" });
    expect(result).toMatchObject({ queued: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(enqueueChange).toHaveBeenCalledWith(expect.objectContaining({ path: "/diary/offline-k2" }));
  });
});

describe("replaceQueued", () => {
  const refused = { seq: 3, key: "k3", userId: "user-1", kind: "diary.update" as const, method: "PATCH" as const, path: "/diary/e1", body: { content: "sem rede" }, label: "Dia", createdAt: 1, attempts: 1, nextAttemptAt: 1, status: "failed" as const };
  const copy = { kind: "diary.create" as const, method: "POST" as const, path: "/diary", body: { content: "sem rede", draft: true }, label: "Dia (cópia em conflito)" };

  it("puts a creation with its own key and temporary id in the refused change's place, and replays it", async () => {
    const replaced = await replaceQueued(refused, copy);
    const [, next] = replace.mock.calls[0] as unknown as [unknown, { key: string; tempId: string }];
    expect(replace).toHaveBeenCalledWith(refused, expect.objectContaining(copy));
    expect(next.tempId).toBe(`offline-${next.key}`);
    expect(replaced).toMatchObject({ seq: 3, tempId: next.tempId });
    expect(replayNow).toHaveBeenCalledTimes(1);
  });

  it("does nothing more when another tab replaced it first", async () => {
    replace.mockResolvedValueOnce(null);
    expect(await replaceQueued(refused, copy)).toBeNull();
    expect(replayNow).not.toHaveBeenCalled();
  });
});
