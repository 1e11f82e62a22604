import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadOnce } from "./chunk-reload";

describe("failed lazy module loads", () => {
  it("are recognised across browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });

  it("reload once, not in a loop", async () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const reload = vi.fn();
    expect(await reloadOnce(storage, reload)).toBe(true);
    expect(await reloadOnce(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("a lazy module that fails to load offline", () => {
  it("keeps the caches kept for offline use and does not reload into nothing", async () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const deleted: string[] = [];
    vi.stubGlobal("caches", { keys: async () => ["rumo-user-ana-v1"], delete: async (name: string) => deleted.push(name) });
    const reload = vi.fn();
    expect(await reloadOnce(storage, reload, () => true)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(deleted).toEqual([]);
    // Back online, a failure is a deploy's again and the one reload is still there to use.
    expect(await reloadOnce(storage, reload, () => false)).toBe(true);
    expect(deleted).toEqual(["rumo-user-ana-v1"]);
    vi.unstubAllGlobals();
  });
});
