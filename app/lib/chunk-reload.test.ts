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
