// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onDemand, useOnDemand, type OnDemand } from "./on-demand";

type Module = { Widget: () => ReactElement };

/** A widget whose first render waits for `release` (it suspends), as a slow render would take its time. */
function suspendingModule() {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  let done = false;
  void ready.then(() => (done = true));
  const module = onDemand<Module>(async () => ({
    Widget: () => {
      if (!done) throw ready;
      return <p>widget</p>;
    },
  }));
  return { module, release: () => act(async () => release()) };
}

function Host({ module }: { module: OnDemand<Module> }) {
  const [loaded, request] = useOnDemand(module);
  return (
    <Suspense fallback={<p>fallback</p>}>
      {loaded ? (
        <loaded.Widget />
      ) : (
        <button type="button" onClick={request}>
          stand-in
        </button>
      )}
    </Suspense>
  );
}

let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
  vi.stubGlobal("cancelIdleCallback", () => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useOnDemand", () => {
  it("mounts a widget fetched in an idle moment as a transition: the stand-in stays until the widget is ready (decision 0059)", async () => {
    const { module, release } = suspendingModule();
    render(<Host module={module} />);
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]());
    // An urgent mount would have replaced the stand-in with the fallback; a transition keeps what is shown.
    expect(screen.getByRole("button", { name: "stand-in" })).toBeTruthy();
    expect(screen.queryByText("fallback")).toBeNull();
    await release();
    expect(screen.getByText("widget")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "stand-in" })).toBeNull();
  });

  it("mounts at once when the user reaches for it before the idle moment", async () => {
    const { module, release } = suspendingModule();
    render(<Host module={module} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "stand-in" })));
    // Urgent: React shows the boundary's fallback rather than wait in the old UI.
    expect(screen.getByText("fallback")).toBeTruthy();
    await release();
    expect(screen.getByText("widget")).toBeTruthy();
  });
});
