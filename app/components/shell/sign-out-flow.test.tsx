// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowserData, forgetServiceWorker } from "~/components/offline/browser-data.test-utils";
import { renderWithI18n } from "~/components/ui/test-utils";
import type { SignOutSteps } from "~/lib/sign-out";

// The steps themselves have tests of their own (app/lib/sign-out.test.ts): here, when they run.
const signOut = vi.fn(async (_steps: SignOutSteps, _choice: { keepQueue: boolean }) => {});
vi.mock("~/lib/sign-out", () => ({ signOut: (steps: SignOutSteps, choice: { keepQueue: boolean }) => signOut(steps, choice) }));

beforeEach(() => {
  // A fresh shell each time: the sign-out's code, once loaded, stays loaded (module state).
  vi.resetModules();
  signOut.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetServiceWorker();
  localStorage.clear();
});

async function renderShell() {
  const { DesktopShell } = await import("./app-shell");
  const Stub = createRoutesStub([
    {
      path: "/app/tarefas",
      Component: () => (
        <DesktopShell user={{ fullName: "Ana", email: "ana@example.com", provider: "email" }} entitlements={[]} onSearch={() => {}} sidebarOpen>
          <p>ecrã</p>
        </DesktopShell>
      ),
    },
  ]);
  renderWithI18n(
    <StrictMode>
      <Stub initialEntries={["/app/tarefas"]} />
    </StrictMode>,
  );
  return vi.waitFor(() => screen.getByRole("button", { name: "Terminar sessão" }), { timeout: 5000, interval: 20 });
}

describe("the shell's sign-out (loaded on first use, decision 0094)", () => {
  it("signs out on a press made before its code had arrived, once it has, and once only", async () => {
    const button = await renderShell();
    fireEvent.click(button);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1), { timeout: 5000, interval: 20 });
    expect(signOut.mock.calls[0][1]).toEqual({ keepQueue: false });
    // Nothing more happens on its own (development's StrictMode runs effects twice).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(signOut).toHaveBeenCalledTimes(1);
    // A second press signs out again, as the button always did.
    fireEvent.click(button);
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(2), { timeout: 5000, interval: 20 });
  });
});

describe("the shell's sign-out when a step fails (a chunk that no longer loads after a deploy)", () => {
  it("takes the user's caches, the service worker's record of them and the recent searches before starting over at /auth", async () => {
    const browser = fakeBrowserData(["rumo-user-ana-v1", "critical-v1"]);
    localStorage.setItem("rumo-recent-searches:ana", JSON.stringify(["terapia"]));
    const atAuth: unknown[] = [];
    vi.spyOn(window.location, "replace").mockImplementation((url) => void atAuth.push({ url, caches: browser.cacheNames(), toWorker: [...browser.toWorker], searches: localStorage.getItem("rumo-recent-searches:ana") }));
    fireEvent.click(await renderShell());
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1), { timeout: 5000, interval: 20 });
    // The shell's own steps, run by the real rules, with the closing events' download failing.
    const { signOut: realSignOut } = await vi.importActual<typeof import("~/lib/sign-out")>("~/lib/sign-out");
    const steps: SignOutSteps = { ...signOut.mock.calls[0][0], endTracking: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) };
    await expect(realSignOut(steps, { keepQueue: false })).rejects.toThrow("Failed to fetch");
    expect(atAuth).toEqual([{ url: "/auth", caches: ["critical-v1"], toWorker: [{ type: "CLEAR_USER" }], searches: null }]);
  });
});
