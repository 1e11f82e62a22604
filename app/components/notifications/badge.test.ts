import { describe, expect, it } from "vitest";
import { badgeLabel } from "./badge";

describe("badgeLabel", () => {
  it("caps at 99+", () => {
    expect([0, -1, 1, 9, 99, 100, 1234].map(badgeLabel)).toEqual(["", "", "1", "9", "99", "99+", "99+"]);
  });
});
