// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, pauseToast, resumeToast, subscribeToasts, toast, type Toast } from "~/components/shell/toast-store";
import { apiFetch, KEEPALIVE_BODY_LIMIT } from "~/lib/api";
import { deleteWithUndo, flushPendingDeletes, sendPendingDelete } from "./undo";

let shown: Toast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  unsubscribe = subscribeToasts((toasts) => (shown = toasts));
});
afterEach(() => {
  for (const item of shown) dismissToast(item.id);
  unsubscribe();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setup = (commit: () => Promise<unknown> = () => Promise.resolve(true)) => {
  const calls: string[] = [];
  const spy = vi.fn(async () => {
    calls.push("commit");
    return commit();
  });
  const cancel = deleteWithUndo({
    title: "Tarefa eliminada",
    undoLabel: "Anular",
    failedTitle: "Erro ao eliminar",
    hide: () => calls.push("hide"),
    restore: () => calls.push("restore"),
    commit: spy,
  });
  return { calls, spy, cancel };
};

describe("deleteWithUndo", () => {
  it("hides at once and sends the DELETE only after the undo window", async () => {
    const { calls, spy } = setup();
    expect(calls).toEqual(["hide"]);
    expect(shown.at(-1)).toMatchObject({ title: "Tarefa eliminada", action: { label: "Anular" } });
    await vi.advanceTimersByTimeAsync(4999);
    expect(spy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["hide", "commit"]);
  });

  it("undo restores the item and never sends the DELETE", async () => {
    const { calls, spy } = setup();
    shown.at(-1)!.action!.onClick();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy).not.toHaveBeenCalled();
    expect(calls).toEqual(["hide", "restore"]);
  });

  it("a failed DELETE puts the item back and says so", async () => {
    const { calls } = setup(() => Promise.reject(new Error("offline")));
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(["hide", "commit", "restore"]);
    expect(shown.at(-1)).toMatchObject({ title: "Erro ao eliminar", tone: "error" });
  });

  it("leaving the page sends pending deletes at once, and undo after that does nothing", async () => {
    const { calls, cancel } = setup();
    flushPendingDeletes();
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(["hide", "commit"]);
  });

  it("the deletes sent as the page goes away are keepalive requests, so they outlive the page", async () => {
    const requests: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(init);
        return new Response(null, { status: 204 });
      }),
    );
    const remove = (path: string, body?: unknown) =>
      deleteWithUndo({ title: "Eliminada", undoLabel: "Anular", failedTitle: "Erro", hide: () => {}, restore: () => {}, commit: () => apiFetch(path, { method: "DELETE", body }) });
    remove("/tasks/1");
    remove("/tasks/2", { note: "x".repeat(KEEPALIVE_BODY_LIMIT) });
    flushPendingDeletes();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => [r.method, r.keepalive])).toEqual([
      ["DELETE", true],
      // Over the browser's 64 KiB keepalive quota a request would be refused: sent as usual.
      ["DELETE", undefined],
    ]);
    // Outside a page close, deletes are plain requests again.
    remove("/tasks/3");
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests[2]).toMatchObject({ method: "DELETE" });
    expect(requests[2].keepalive).toBeUndefined();
  });

  it("the DELETE waits while the toast is held (pointer over it, focus in it), and goes in its time after", async () => {
    const { spy } = setup();
    const undo = shown.at(-1)!;
    await vi.advanceTimersByTimeAsync(3000);
    pauseToast(undo.id);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spy).not.toHaveBeenCalled();
    resumeToast(undo.id);
    await vi.advanceTimersByTimeAsync(1999);
    expect(spy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("closing the toast, or newer toasts pushing it out, sends the DELETE at once: 'Anular' is gone", async () => {
    const closed = setup();
    dismissToast(shown.at(-1)!.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(closed.calls).toEqual(["hide", "commit"]);
    const pushed = setup();
    for (let i = 0; i < 3; i++) toast({ title: `Guardado ${i}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(pushed.calls).toEqual(["hide", "commit"]);
  });

  it("tells the toast's returnFocus whether the delete was undone (the item is coming back) or not", () => {
    const told: boolean[] = [];
    const options = { title: "x", undoLabel: "Anular", failedTitle: "y", hide: () => {}, restore: () => {}, commit: () => Promise.resolve(true), returnFocus: (undone: boolean) => told.push(undone) > 0 };
    deleteWithUndo(options);
    const undone = shown.at(-1)!;
    undone.action!.onClick();
    undone.returnFocus!();
    deleteWithUndo(options);
    shown.at(-1)!.returnFocus!();
    expect(told).toEqual([true, false]);
  });

  it("a cancel from the screen takes the toast away too", () => {
    const { calls, cancel } = setup();
    cancel();
    expect(calls).toEqual(["hide", "restore"]);
    expect(shown.some((t) => t.title === "Tarefa eliminada")).toBe(false);
  });
});

describe("sendPendingDelete", () => {
  it("sends the named delete at once, takes its toast away, and resolves when the DELETE has answered", async () => {
    let answer = (_ok: boolean) => {};
    const commit = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    deleteWithUndo({ key: "budget:groceries", title: "Orçamento eliminado", undoLabel: "Anular", failedTitle: "Erro ao eliminar", hide: () => {}, restore: () => {}, commit });
    let done = false;
    const sent = sendPendingDelete("budget:groceries").then(() => (done = true));
    expect(commit).toHaveBeenCalledOnce();
    expect(shown.some((item) => item.title === "Orçamento eliminado")).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    answer(true);
    await sent;
    // Sent once: the toast's end sends nothing more, and the name is free again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(commit).toHaveBeenCalledOnce();
    await expect(sendPendingDelete("budget:groceries")).resolves.toBeUndefined();
  });

  it("resolves at once for a name with no pending delete, or one undone", async () => {
    await expect(sendPendingDelete("budget:none")).resolves.toBeUndefined();
    const commit = vi.fn(async () => true);
    const cancel = deleteWithUndo({ key: "budget:home", title: "x", undoLabel: "Anular", failedTitle: "y", hide: () => {}, restore: () => {}, commit });
    cancel();
    await sendPendingDelete("budget:home");
    expect(commit).not.toHaveBeenCalled();
  });
});
