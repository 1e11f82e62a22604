import { describe, expect, it } from "vitest";
import { isServiceUnavailable } from "./unavailable";

describe("isServiceUnavailable", () => {
  it("recognises D1, KV and Durable Object outages, also wrapped as a cause (drizzle)", () => {
    const d1 = new Error("D1_ERROR: Network connection lost.");
    expect(isServiceUnavailable(d1)).toBe(true);
    expect(isServiceUnavailable(new Error("Failed query: select 1", { cause: d1 }))).toBe(true);
    expect(isServiceUnavailable(new Error("D1_ERROR: D1 DB is overloaded. Too many requests queued."))).toBe(true);
    expect(isServiceUnavailable(new Error("KV GET failed: 503 Service Unavailable"))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error("Durable Object reset because its code was updated."), { retryable: true }))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error("Too many requests"), { overloaded: true }))).toBe(true);
  });

  it("leaves bugs and constraint failures as 500s", () => {
    expect(isServiceUnavailable(new Error("D1_ERROR: UNIQUE constraint failed: tasks.id: SQLITE_CONSTRAINT"))).toBe(false);
    expect(isServiceUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isServiceUnavailable(new Error("KV PUT failed: 400 Bad Request"))).toBe(false);
    expect(isServiceUnavailable("D1_ERROR: Network connection lost.")).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error("x"), { retryable: false }))).toBe(false);
  });
});
