// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSaveCompletedGuides } from "./guide-save";

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
  vi.unstubAllGlobals();
});

const body = (guides: string[]) => ({
  preferences: { completedGuides: guides },
});

describe("saving finished tours", () => {
  it("saves again on the next navigation after a failed save, and not once saved", async () => {
    const { result, rerender } = renderHook(
      ({ path }) => useSaveCompletedGuides(path),
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
    const { result } = renderHook(() => useSaveCompletedGuides("/app/tarefas"));
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
});
