import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@worker/db/client";
import { checkBudgets } from "@worker/modules/finances/budget-alerts";

afterEach(() => vi.restoreAllMocks());

describe("budget alerts after an expense is written", () => {
  it("never turn the expense's write into an error when the check fails (a retry would write it twice)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // D1 gone after the expense was written: every read of the check throws.
    const db = new Proxy({}, { get: () => () => { throw new Error("D1_ERROR: storage unavailable"); } }) as unknown as Db;
    const today = new Date().toISOString().slice(0, 10);
    await expect(checkBudgets({ env: {} as Env, db, user: { id: "u1", timeZone: "UTC", language: "pt" }, entitlements: ["finances.advanced"] }, ["groceries"], [today])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("budget alerts not checked"));
  });
});
