import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand";

describe("onDemand", () => {
  it("downloads a module once however often it is asked for, and keeps it at hand", async () => {
    const importer = vi.fn(async () => ({ Panel: "panel" }));
    const module = onDemand(importer);
    expect(module.loaded).toBeUndefined();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    await module.load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(module.loaded).toEqual({ Panel: "panel" });
  });

  it("tries again on the next use after a failed download", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValueOnce({ Panel: "panel" });
    const module = onDemand(importer);
    await expect(module.load()).rejects.toThrow("dynamically imported");
    expect(module.loaded).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ Panel: "panel" });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
