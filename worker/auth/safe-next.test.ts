import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT, safeNext } from "./safe-next";

const ORIGIN = "https://rumo.app";

describe("safeNext", () => {
  it.each([
    ["/app/calendario", "/app/calendario"],
    ["/app/tarefas?date=2026-11-22#top", "/app/tarefas?date=2026-11-22#top"],
    ["/app/pesquisa?q=caf%C3%A9%20com%20leite", "/app/pesquisa?q=caf%C3%A9%20com%20leite"],
    ["/app/perfil", "/app/perfil"],
  ])("keeps the same-origin path %j", (input, expected) => {
    expect(safeNext(input, ORIGIN)).toBe(expected);
  });

  it.each([
    "/\t/evil.com",
    "/\\evil.com",
    "/\\\\evil.com",
    "//evil.com",
    "///evil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/%2F/evil.com",
    "/%2f%2fevil.com",
    "/%09/evil.com",
    "https://evil.com",
    "http://rumo.app.evil.com/",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\nevil",
    "/\r\n/evil.com",
    " /x",
    "/x ",
    "\\/\\/evil.com",
    "\\\\evil.com",
    "/\u0000/evil.com",
    "/%E0%A4%A",
    "evil.com",
    "",
    null,
    undefined,
  ])("refuses %j", (input) => {
    expect(safeNext(input, ORIGIN)).toBe(DEFAULT_NEXT);
  });
});
