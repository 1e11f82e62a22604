import { describe, expect, it, vi } from "vitest";
import { isUnavailable, withFallback } from "./bridge";
import { DOUBLE_TAP_MS, zoomGuard } from "./zoom";

describe("native bridge fallbacks", () => {
  it("uses the web behaviour when a plugin is UNIMPLEMENTED or UNAVAILABLE", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const code of ["UNIMPLEMENTED", "UNAVAILABLE"]) {
      const result = await withFallback(() => Promise.reject(Object.assign(new Error("no plugin"), { code })), () => "web");
      expect(result).toBe("web");
    }
    expect(warn).not.toHaveBeenCalled();
    // Another failure also falls back, but is reported.
    expect(await withFallback(() => Promise.reject(new Error("boom")), () => "web")).toBe("web");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(isUnavailable({ code: "OTHER" })).toBe(false);
    warn.mockRestore();
  });
});

describe("native zoom guard", () => {
  it("blocks a second tap within 300 ms and pinches, not slower taps", () => {
    const guard = zoomGuard();
    expect(guard.touchEnd(1000)).toBe(false);
    expect(guard.touchEnd(1000 + DOUBLE_TAP_MS)).toBe(true);
    expect(guard.touchEnd(2000)).toBe(false);
    expect(guard.touchStart(1)).toBe(false);
    expect(guard.touchStart(2)).toBe(true);
  });
});
