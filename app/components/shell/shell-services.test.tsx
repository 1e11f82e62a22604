// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS } from "~/lib/after-first-paint";
import { ACCOUNT_DELETED_EVENT } from "~/lib/api";
import { ACCOUNT_ENTITY, ENTITY_CHANGE_DEBOUNCE_MS } from "~/lib/entity-changes";
import type { RealtimeMessage } from "~/lib/realtime-client";

// The tab's realtime connection, replaced by one the test drives; the other services do nothing here.
const listeners = new Set<(message: RealtimeMessage) => void>();
vi.mock("~/lib/realtime-client", () => ({
  realtime: () => ({
    reset: () => undefined,
    subscribe: (listener: (message: RealtimeMessage) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }),
}));
vi.mock("~/components/notifications/use-feature-announcements", () => ({ useFeatureAnnouncements: () => undefined }));
vi.mock("~/lib/activity/security-probe", () => ({ useSecurityProbe: () => undefined }));
const { ShellServices } = await import("./shell-services");
// useEntityChanges fetches its hub and the realtime glue (import()) after the first paint: fetched
// here first, so that the fake clock's ticks are enough for them to be there.
await import("~/lib/entity-change-hub");

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the shell's services", () => {
  it("reload the layout's data when the account changes elsewhere (plan, 'Ocultar valores', language), once per burst", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 50));
    let loads = 0;
    // The layout's route, with the services where the layout renders them.
    const router = createMemoryRouter([{ path: "/app", loader: () => ++loads, element: <ShellServices userId="u1" activityTracking={false} /> }], { initialEntries: ["/app"] });
    render(<RouterProvider router={router} />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 4)));
    expect(loads).toBe(1);
    let seq = 0;
    await act(async () => {
      listeners.forEach((listener) => listener({ type: "entity.changed", seq: ++seq, entity: "task", id: "t1", action: "updated" }));
      await vi.advanceTimersByTimeAsync(ENTITY_CHANGE_DEBOUNCE_MS * 2);
    });
    expect(loads).toBe(1);
    await act(async () => {
      // PATCH /me and the plan's webhook in quick succession.
      listeners.forEach((listener) => listener({ type: "entity.changed", seq: ++seq, entity: ACCOUNT_ENTITY, id: "u1", action: "updated" }));
      listeners.forEach((listener) => listener({ type: "entity.changed", seq: ++seq, entity: ACCOUNT_ENTITY, id: "u1", action: "updated" }));
      await vi.advanceTimersByTimeAsync(ENTITY_CHANGE_DEBOUNCE_MS * 2);
    });
    expect(loads).toBe(2);
  });
});

describe("the shell's services, on a page change", () => {
  it("move the focus to the new page's heading after a client-side navigation", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 50));
    // The layout: the screen in the shell's main, the services after it.
    const router = createMemoryRouter(
      [
        {
          path: "/app",
          element: (
            <>
              <main id="conteudo" tabIndex={-1}>
                <Outlet />
              </main>
              <ShellServices userId="u1" activityTracking={false} />
            </>
          ),
          children: [
            { path: "tarefas", element: <h1>Tarefas</h1> },
            { path: "objetivos", element: <h1>Objetivos</h1> },
          ],
        },
      ],
      { initialEntries: ["/app/tarefas"] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10)));
    expect(document.activeElement).toBe(document.body);
    await act(async () => void (await router.navigate("/app/objetivos")));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Objetivos" }));
  });
});

describe("the shell's services, when the account is deleted elsewhere", () => {
  it("leave the page for the home page (what is forgotten first: app/components/offline/forget-user.test.ts)", async () => {
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "/app", element: <ShellServices userId="u1" activityTracking={false} /> }], { initialEntries: ["/app"] });
    render(<RouterProvider router={router} />);
    window.dispatchEvent(new CustomEvent(ACCOUNT_DELETED_EVENT));
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith("/?notice=account-deleted"), { timeout: 5000, interval: 20 });
  });
});
