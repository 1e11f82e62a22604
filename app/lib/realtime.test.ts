import { afterEach, describe, expect, it, vi } from "vitest";

// The tab's realtime client, replaced by one that records what is done with it.
const calls: string[] = [];
vi.mock("./realtime-client", () => ({
  realtime: () => ({
    subscribe: () => {
      calls.push("subscribe");
      return () => calls.push("unsubscribe");
    },
    reset: () => calls.push("reset"),
  }),
}));
const { loadRealtime, resetRealtime, withRealtime } = await import("./realtime");

afterEach(() => void (calls.length = 0));

describe("withRealtime", () => {
  it("starts once the client's code has arrived and undoes it when stopped", async () => {
    const stop = withRealtime((client) => client.subscribe(() => undefined));
    expect(calls).toEqual([]); // the code is still on its way
    await vi.waitFor(() => expect(calls).toEqual(["subscribe"]));
    stop();
    expect(calls).toEqual(["subscribe", "unsubscribe"]);
  });

  it("never starts when stopped before the code arrived (a screen left at once)", async () => {
    const stop = withRealtime((client) => client.subscribe(() => undefined));
    stop();
    await loadRealtime();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});

describe("resetRealtime", () => {
  it("resets the loaded client (sign-out)", async () => {
    await loadRealtime();
    resetRealtime();
    expect(calls).toEqual(["reset"]);
  });
});
