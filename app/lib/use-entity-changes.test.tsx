// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RealtimeMessage } from "./realtime-client";
import { IDLE_TIMEOUT_MS } from "./after-first-paint";
import { ENTITY_CHANGE_DEBOUNCE_MS } from "./entity-changes";

// The tab's realtime connection, replaced by one the test drives.
const listeners = new Set<(message: RealtimeMessage) => void>();
vi.mock("./realtime-client", () => ({
  realtime: () => ({
    subscribe: (listener: (message: RealtimeMessage) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }),
}));
const { useEntityChanges } = await import("./use-entity-changes");
// The hub and its realtime glue are fetched (import()) after the first paint: fetched here first,
// so that the fake clock's ticks are enough for them to be there.
await import("./entity-change-hub");

const push = (message: RealtimeMessage) => listeners.forEach((listener) => listener(message));
let seq = 0;

function Screen({ entities }: { entities: string[] }) {
  useEntityChanges(entities);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useEntityChanges", () => {
  it("revalidates the page's loaders once for a burst, with two screens listening, and never for other entities", async () => {
    vi.useFakeTimers();
    // Frames and idle moments on the fake clock: the subscription waits for the first paint.
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 50));
    let loads = 0;
    const router = createMemoryRouter([
      {
        path: "/",
        loader: () => ++loads,
        element: (
          <>
            <Screen entities={["task"]} />
            <Screen entities={["task", "goal"]} />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10)));
    expect(loads).toBe(1);
    // The screens are there, but subscribing waits for the first paint and an idle moment: it is
    // not part of hydration's effects task.
    expect(listeners.size).toBe(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 3)));
    expect(listeners.size).toBe(1); // one subscription for both screens

    await act(async () => {
      push({ type: "entity.changed", seq: ++seq, entity: "transaction", id: "x", action: "created" });
      await vi.advanceTimersByTimeAsync(ENTITY_CHANGE_DEBOUNCE_MS * 2);
    });
    expect(loads).toBe(1);

    await act(async () => {
      for (let i = 0; i < 5; i++) push({ type: "entity.changed", seq: ++seq, entity: "task", id: String(i), action: "updated" });
      await vi.advanceTimersByTimeAsync(ENTITY_CHANGE_DEBOUNCE_MS * 2);
    });
    expect(loads).toBe(2);
  });
});
