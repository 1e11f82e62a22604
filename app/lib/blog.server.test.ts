import { describe, expect, it } from "vitest";
import { blog, createBlog, parsePost } from "./blog.server";

const post = (title: string, date: string, language = "pt") =>
  `---\ntitle: ${title}\ndate: ${date}\ndescription: d\nlanguage: ${language}\n---\nTexto do artigo.`;

describe("createBlog", () => {
  const fixture = createBlog({
    "/content/blog/antigo.pt.md": post("Antigo", "2026-01-01"),
    "/content/blog/novo.pt.md": post("Novo", "2026-03-01"),
    "/content/blog/novo.en.md": post("New", "2026-03-01", "en"),
    "/content/blog/so-pt.pt.md": post("Só em português", "2026-02-01"),
  });

  it("lists posts of one language, newest first", () => {
    expect(fixture.list("pt").map((p) => p.slug)).toEqual(["novo", "so-pt", "antigo"]);
    expect(fixture.list("en").map((p) => p.slug)).toEqual(["novo"]);
    expect(fixture.list("pt")[0]).not.toHaveProperty("html");
  });

  it("finds a post by slug in the language asked for, else the other one", () => {
    expect(fixture.get("novo", "en")?.title).toBe("New");
    expect(fixture.get("so-pt", "en")?.language).toBe("pt");
  });

  it("returns null for unknown or malformed slugs (no path can reach another file)", () => {
    for (const slug of ["nao-existe", "../legal/privacy.pt", "..%2Fetc%2Fpasswd", "novo.pt", "novo/", "NOVO", "", "a".repeat(200), "novo?x=1"]) {
      expect(fixture.get(slug, "pt")).toBeNull();
    }
  });

  it("lists each slug once with its languages for the sitemap", () => {
    expect(fixture.slugs()).toContainEqual({ slug: "novo", languages: expect.arrayContaining(["pt", "en"]), date: "2026-03-01" });
  });
});

describe("parsePost", () => {
  it("rejects malformed files", () => {
    expect(() => parsePost("/content/blog/x.pt.md", post("T", "2026-13-45"))).toThrow(/date/);
    expect(() => parsePost("/content/blog/x.pt.md", post("T", "2026-01-01", "en"))).toThrow(/language/);
    expect(() => parsePost("/content/blog/X Y.pt.md", post("T", "2026-01-01"))).toThrow(/file name/);
    expect(() => parsePost("/content/blog/x.pt.md", "---\ntitle: T\nlanguage: pt\n---\n")).toThrow(/description/);
  });
});

describe("the real posts", () => {
  it("exist in both languages, with cover, reading time and rendered HTML", () => {
    const pt = blog.list("pt");
    const en = blog.list("en");
    expect(pt.length).toBeGreaterThanOrEqual(2);
    expect(en.map((p) => p.slug)).toEqual(pt.map((p) => p.slug));
    for (const summary of [...pt, ...en]) {
      expect(summary.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(summary.cover).toMatch(/^\/blog\/[a-z0-9-]+\.svg$/);
      expect(summary.coverAlt).toBeTruthy();
      expect(blog.get(summary.slug, summary.language)?.html).toContain("<h2>");
    }
  });
});
