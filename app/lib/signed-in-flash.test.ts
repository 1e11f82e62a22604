import { describe, expect, it } from "vitest";
import { clearedSignedInCookie, hasSignedInFlash, signedInCookie } from "./signed-in-flash";

describe("the sign-in welcome flash", () => {
  it("is found among the page's cookies only when set, and cleared by an expired one", () => {
    expect(signedInCookie()).toMatch(/^rumo-signed-in=1;/);
    expect(hasSignedInFlash("rumo-cookie-consent=rejected; rumo-signed-in=1")).toBe(true);
    expect(hasSignedInFlash("rumo-cookie-consent=rejected")).toBe(false);
    expect(hasSignedInFlash("rumo-signed-in=")).toBe(false);
    expect(clearedSignedInCookie()).toMatch(/^rumo-signed-in=; .*Max-Age=0/);
  });
});
