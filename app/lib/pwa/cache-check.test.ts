import { describe, expect, it } from "vitest";
import { isUsableCachedBody } from "./cache-check";

describe("cached answers served offline", () => {
  it("keeps whole answers", () => {
    expect(isUsableCachedBody("application/json; charset=utf-8", '{"items":[]}')).toBe(true);
    expect(isUsableCachedBody("text/html; charset=utf-8", "<!DOCTYPE html><html><body>Rumo</body></html>\n")).toBe(true);
    expect(isUsableCachedBody("text/x-script", '[{"_1":2},"routes/app/layout"]')).toBe(true);
  });

  it("drops damaged ones: JSON that does not parse, a page cut short, empty loader data", () => {
    expect(isUsableCachedBody("application/json", '{"items":[{"id":"a"')).toBe(false);
    expect(isUsableCachedBody("text/html", "<!DOCTYPE html><html><body>Rum")).toBe(false);
    expect(isUsableCachedBody("text/x-script", "  ")).toBe(false);
  });
});
