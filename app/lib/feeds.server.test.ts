import { describe, expect, it } from "vitest";
import { blog } from "./blog.server";
import { robotsTxt, rssXml, sitemapXml } from "./feeds.server";

describe("sitemap.xml", () => {
  const xml = sitemapXml("https://rumo.example/", blog.slugs());

  it("lists the public pages and every blog post with absolute URLs and hreflang", () => {
    for (const path of ["/", "/about", "/pricing", "/premium", "/blog", "/privacy", "/terms", "/legal-center"]) {
      expect(xml).toContain(`<loc>https://rumo.example${path}</loc>`);
    }
    for (const { slug } of blog.slugs()) expect(xml).toContain(`<loc>https://rumo.example/blog/${slug}</loc>`);
    expect(xml).toContain('hreflang="en-US" href="https://rumo.example/pricing?lang=en"');
    expect(xml).toContain('hreflang="x-default" href="https://rumo.example/pricing"');
  });

  it("leaves out private and transactional pages", () => {
    expect(xml).not.toContain("/auth");
    expect(xml).not.toContain("/app");
    expect(xml).not.toContain("/payment-");
  });
});

describe("robots.txt", () => {
  it("points at the sitemap and keeps the API out", () => {
    const text = robotsTxt("https://rumo.example");
    expect(text).toContain("Sitemap: https://rumo.example/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
  });
});

describe("rss.xml", () => {
  it("escapes titles and links posts of the language", () => {
    const xml = rssXml({
      appUrl: "https://rumo.example",
      language: "en",
      title: "A & B",
      description: "<d>",
      posts: blog.list("en"),
    });
    expect(xml).toContain("<title>A &amp; B</title>");
    expect(xml).toContain("<description>&lt;d&gt;</description>");
    expect(xml).toContain("<language>en-US</language>");
    expect(xml.match(/<item>/g)?.length).toBe(blog.list("en").length);
  });
});
