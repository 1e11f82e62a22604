import { describe, expect, it } from "vitest";
import { isAdmin } from "./roles";

describe("isAdmin (guard of the admin screens)", () => {
  it("needs the admin role and a confirmed address", () => {
    const confirmed = new Date("2026-11-01T00:00:00Z");
    expect(isAdmin({ role: "admin", emailConfirmedAt: confirmed })).toBe(true);
    expect(isAdmin({ role: "admin", emailConfirmedAt: null })).toBe(false);
    expect(isAdmin({ role: "user", emailConfirmedAt: confirmed })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
