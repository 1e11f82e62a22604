import { describe, expect, it } from "vitest";
import { guessMobileLayout, LAYOUT_COOKIE, layoutCookie } from "./layout-state";

describe("the layout the server renders (decision 0062)", () => {
  it("is the mobile shell for a phone's user agent, or a window that was narrow last time", () => {
    expect(guessMobileLayout(true, null)).toBe(true);
    expect(guessMobileLayout(false, "narrow")).toBe(true);
    expect(guessMobileLayout(false, "wide")).toBe(false);
    expect(guessMobileLayout(false, null)).toBe(false);
    // Anything else in the cookie is no answer.
    expect(guessMobileLayout(false, "mobile")).toBe(false);
  });

  it("remembers the window's answer for a year, for the whole site", () => {
    expect(layoutCookie("narrow")).toBe(`${LAYOUT_COOKIE}=narrow; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(layoutCookie("wide")).toMatch(new RegExp(`^${LAYOUT_COOKIE}=wide;`));
  });

  it("is deleted when functional cookies are not allowed", () => {
    expect(layoutCookie(null)).toBe(`${LAYOUT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  });
});
