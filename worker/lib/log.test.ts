import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log, withoutBoundValues } from "./log";

afterEach(() => vi.restoreAllMocks());

describe("logs never carry the values a failed query was bound to", () => {
  const failed = () => new DrizzleQueryError('insert into "diary_entries" ("id", "content") values (?, ?)', ["x", "Hoje senti-me\nmuito em baixo"], new Error("D1_ERROR: database is locked"));

  it("keeps the statement and drops its values, in the message and in the stack", () => {
    const error = failed();
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    log("error", "unhandled_error", { error: error.message, stack: error.stack, nested: { again: error.message } });
    const line = String(spy.mock.calls[0][0]);
    expect(line).not.toContain("senti-me");
    expect(line).not.toContain("baixo");
    const entry = JSON.parse(line);
    expect(entry.error).toBe('Failed query: insert into "diary_entries" ("id", "content") values (?, ?)\nparams: [omitted]');
    expect(entry.stack).toContain("params: [omitted]\n    at ");
    expect(entry.nested.again).toContain("[omitted]");
  });

  it("leaves other text alone", () => {
    expect(withoutBoundValues("D1_ERROR: UNIQUE constraint failed: budgets.user_id")).toBe("D1_ERROR: UNIQUE constraint failed: budgets.user_id");
  });
});
