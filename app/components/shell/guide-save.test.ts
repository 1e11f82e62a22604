// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { unsavedGuides, useSaveCompletedGuides } from "./guide-save";

const sent: unknown[] = [];
let online = false;

beforeEach(() => {
  sent.length = 0;
  online = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      if (!online) throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ user: {} }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const body = (guides: string[]) => ({
  preferences: { completedGuides: guides },
});

describe("saving finished tours", () => {
  it("saves again on the next navigation after a failed save, and not once saved", async () => {
    const { result, rerender } = renderHook(
      ({ path }) => useSaveCompletedGuides(path, "u1"),
      { initialProps: { path: "/app/meu-impacto" } },
    );
    await act(() => result.current(["dashboard"]));
    expect(sent).toEqual([body(["dashboard"])]);
    online = true;
    await act(async () => rerender({ path: "/app/tarefas" }));
    await vi.waitFor(() =>
      expect(sent).toEqual([body(["dashboard"]), body(["dashboard"])]),
    );
    await act(async () => rerender({ path: "/app/calendario" }));
    expect(sent).toHaveLength(2);
  });

  it("saves again when the browser is back online", async () => {
    const { result } = renderHook(() => useSaveCompletedGuides("/app/tarefas", "u1"));
    await act(() => result.current(["dashboard", "tasks"]));
    online = true;
    await act(async () => void window.dispatchEvent(new Event("online")));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        body(["dashboard", "tasks"]),
        body(["dashboard", "tasks"]),
      ]),
    );
    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(sent).toHaveLength(2);
  });

  it("keeps a save cut off by a reload for the next page, which sends it and leaves the tour closed", async () => {
    // Before: the list lived in the page only, and a reload right after "Concluir" brought the tour back.
    const first = renderHook(() => useSaveCompletedGuides("/app/meu-impacto", "u1"));
    await act(() => first.result.current(["impact"]));
    first.unmount();
    expect(unsavedGuides("u1")).toEqual(["impact"]);
    expect(unsavedGuides("u2")).toEqual([]);

    // The next page load: sent at once, and the kept list goes once the server has it.
    online = true;
    renderHook(() => useSaveCompletedGuides("/app/meu-impacto", "u1"));
    await vi.waitFor(() => expect(sent).toEqual([body(["impact"]), body(["impact"])]));
    await vi.waitFor(() => expect(unsavedGuides("u1")).toEqual([]));
  });

  it("sends a kept list with the next tour's, never dropping it", async () => {
    localStorage.setItem("rumo-unsaved-guides:u1", JSON.stringify(["impact"]));
    const { result } = renderHook(() => useSaveCompletedGuides("/app/tarefas", "u1"));
    await act(() => result.current(["tasks"]));
    expect(sent.at(-1)).toEqual(body(["impact", "tasks"]));
    expect(unsavedGuides("u1")).toEqual(["impact", "tasks"]);
  });
});
