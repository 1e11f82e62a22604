// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
afterEach(cleanup);

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
