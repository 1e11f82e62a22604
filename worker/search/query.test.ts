import { describe, expect, it } from "vitest";
import { matchTerms, MAX_QUERY_TOKENS } from "./query";
import { SEARCH_OWNER_TRIGGER, searchTriggers, type SearchSource } from "./sources";

describe("matchTerms", () => {
  it("quotes every token as a prefix, one-letter tokens as whole words", () => {
    expect(matchTerms("reunião de equipa")).toEqual(['"reunião"*', '"de"*', '"equipa"*']);
    expect(matchTerms("ir a praia")).toEqual(['"ir"*', '"a"', '"praia"*']);
  });

  it("leaves none of FTS5's syntax: quotes, operators' punctuation, emoji and control characters separate tokens", () => {
    expect(matchTerms('"dent*" ^x -y NEAR(a, b) {title}: c OR d')).toEqual(['"dent"*', '"x"', '"y"', '"NEAR"*', '"a"', '"b"', '"title"*', '"c"', '"OR"*', '"d"']);
    expect(matchTerms("🦷\u0000\u001b\u202e")).toEqual([]);
    expect(matchTerms("'; drop table tasks; --").every((t) => /^"[\p{L}\p{N}]+"\*?$/u.test(t))).toBe(true);
  });

  it("composes a decomposed accent first, cuts at 200 characters and at a dozen words", () => {
    expect(matchTerms("reunia\u0303o")).toEqual(['"reunião"*']);
    expect(matchTerms(`${"x".repeat(199)} yy`)).toEqual([`"${"x".repeat(199)}"*`]);
    expect(matchTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_QUERY_TOKENS);
  });
});

describe("searchTriggers", () => {
  const source: SearchSource = { type: "task", table: "tasks", title: "title", body: "description", recency: "updated_at", where: "status <> 'x'", present: () => ({ url: "/" }) };

  it("writes single-statement triggers with BEGIN/END upper-case on one line (remote D1 splits others)", () => {
    for (const { sql } of [...searchTriggers(source), SEARCH_OWNER_TRIGGER]) {
      expect(sql).not.toContain("\n");
      expect(sql.match(/;/g)).toHaveLength(1);
      expect(sql).toMatch(/ BEGIN .*; END$/);
    }
  });

  it("refuses a table or type that is not a plain name", () => {
    expect(() => searchTriggers({ ...source, table: "tasks; drop" })).toThrow();
    expect(() => searchTriggers({ ...source, type: "Task" })).toThrow();
  });
});
