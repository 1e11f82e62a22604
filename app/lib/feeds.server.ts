/** The crawler and feed files: robots.txt, sitemap.xml and the blog's RSS, as pure functions. */
import { languages, localeOf, type Language } from "~/i18n/language";
import type { PostSummary } from "./blog.server";
import { absoluteUrl, languageUrl, robotsFor } from "./seo";

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEscapes[c]);

/** The public pages listed in the sitemap (the payment return pages are not worth indexing). */
export const SITEMAP_PAGES = ["/", "/about", "/pricing", "/premium", "/blog", "/privacy", "/terms", "/legal-center"] as const;

export function robotsTxt(appUrl: string): string {
  // /auth and /app are not disallowed: crawlers must be able to fetch them to see their noindex.
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${absoluteUrl(appUrl, "/sitemap.xml")}`, ""].join("\n");
}

export function sitemapXml(appUrl: string, posts: { slug: string; languages: Language[]; date: string }[]): string {
  const entry = (path: string, pathLanguages: readonly Language[], lastmod?: string) => {
    const links = pathLanguages
      .map((language) => `    <xhtml:link rel="alternate" hreflang="${localeOf[language]}" href="${xml(languageUrl(appUrl, path, language))}"/>`)
      .join("\n");
    return [
      "  <url>",
      `    <loc>${xml(absoluteUrl(appUrl, path))}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      links,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(absoluteUrl(appUrl, path))}"/>`,
      "  </url>",
    ].join("\n");
  };
  const urls = [
    ...SITEMAP_PAGES.filter((path) => !robotsFor(path).startsWith("noindex")).map((path) => entry(path, languages)),
    ...posts.map((post) => entry(`/blog/${post.slug}`, post.languages, post.date)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function rssXml(options: { appUrl: string; language: Language; title: string; description: string; posts: PostSummary[] }): string {
  const { appUrl, language } = options;
  const items = options.posts.map((post) => {
    const link = languageUrl(appUrl, `/blog/${post.slug}`, post.language);
    return [
      "    <item>",
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${new Date(`${post.date}T09:00:00Z`).toUTCString()}</pubDate>`,
      `      <description>${xml(post.description)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xml(options.title)}</title>`,
    `    <link>${xml(languageUrl(appUrl, "/blog", language))}</link>`,
    `    <atom:link href="${xml(`${absoluteUrl(appUrl, "/blog/rss.xml")}?lang=${language}`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xml(options.description)}</description>`,
    `    <language>${localeOf[language]}</language>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
