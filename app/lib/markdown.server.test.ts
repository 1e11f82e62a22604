import { describe, expect, it } from "vitest";
import { parseFrontMatter, readingMinutes, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders Markdown", () => {
    expect(renderMarkdown("## Olá\n\n**negrito** e [link](/privacy)")).toContain('<h2>Olá</h2>');
    expect(renderMarkdown("[link](/privacy)")).toContain('<a href="/privacy">link</a>');
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\ntexto <img src=x onerror="alert(1)"> fim');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops links with unsafe schemes and lazy-loads images", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("href");
    expect(renderMarkdown("[x](https://example.com)")).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown("![alt](/a.png)")).toContain('loading="lazy"');
  });
});

describe("parseFrontMatter", () => {
  it("reads key: value pairs, with or without quotes", () => {
    const { data, body } = parseFrontMatter('---\ntitle: "Olá: mundo"\ndate: 2026-01-02\n---\nCorpo');
    expect(data).toEqual({ title: "Olá: mundo", date: "2026-01-02" });
    expect(body).toBe("Corpo");
  });

  it("treats a file without front matter as all body", () => {
    expect(parseFrontMatter("# Só corpo")).toEqual({ data: {}, body: "# Só corpo" });
  });
});

describe("readingMinutes", () => {
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes("uma frase curta")).toBe(1);
    expect(readingMinutes("palavra ".repeat(1000))).toBe(5);
  });
});
