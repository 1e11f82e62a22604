/**
 * The blog: Markdown files `content/blog/<slug>.<lang>.md` bundled at build time (no filesystem at
 * runtime), so a slug can only ever name one of these posts.
 */
import { sanitizeLanguage, type Language } from "~/i18n/language";
import { parseFrontMatter, readingMinutes, renderMarkdown } from "./markdown.server";

export type Post = {
  slug: string;
  language: Language;
  title: string;
  description: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  cover?: string;
  coverAlt?: string;
  readingMinutes: number;
  html: string;
};

export type PostSummary = Omit<Post, "html">;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /\/([a-z0-9-]+)\.(pt|en)\.md$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One post from its file path and source; throws on a malformed file (caught by the unit tests). */
export function parsePost(path: string, source: string): Post {
  const file = FILE.exec(path);
  if (!file || !SLUG.test(file[1])) throw new Error(`blog file name must be <slug>.<pt|en>.md: ${path}`);
  const { data, body } = parseFrontMatter(source);
  const language = sanitizeLanguage(data.language);
  if (language !== file[2]) throw new Error(`${path}: front matter language must be ${file[2]}`);
  for (const key of ["title", "description", "date"]) if (!data[key]) throw new Error(`${path}: front matter needs ${key}`);
  if (!DATE.test(data.date) || Number.isNaN(Date.parse(data.date))) throw new Error(`${path}: date must be YYYY-MM-DD`);
  return {
    slug: file[1],
    language,
    title: data.title,
    description: data.description,
    date: data.date,
    cover: data.cover || undefined,
    coverAlt: data.coverAlt || undefined,
    readingMinutes: readingMinutes(body),
    html: renderMarkdown(body),
  };
}

/** A blog over a set of files (path → source). */
export function createBlog(files: Record<string, string>) {
  const posts = Object.entries(files).map(([path, source]) => parsePost(path, source));
  const summary = ({ html: _html, ...rest }: Post): PostSummary => rest;
  return {
    /** Posts in one language, newest first. */
    list(language: Language): PostSummary[] {
      return posts
        .filter((post) => post.language === language)
        .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
        .map(summary);
    },
    /** A post by exact slug, in the language asked for, else in the other one; null when unknown. */
    get(slug: string, language: Language): Post | null {
      if (typeof slug !== "string" || slug.length > 100 || !SLUG.test(slug)) return null;
      const matches = posts.filter((post) => post.slug === slug);
      return matches.find((post) => post.language === language) ?? matches[0] ?? null;
    },
    /** Every slug with the languages it exists in (for the sitemap). */
    slugs(): { slug: string; languages: Language[]; date: string }[] {
      const bySlug = new Map<string, { slug: string; languages: Language[]; date: string }>();
      for (const post of posts) {
        const entry = bySlug.get(post.slug) ?? { slug: post.slug, languages: [], date: post.date };
        entry.languages.push(post.language);
        if (post.date > entry.date) entry.date = post.date;
        bySlug.set(post.slug, entry);
      }
      return [...bySlug.values()].sort((a, b) => b.date.localeCompare(a.date));
    },
  };
}

export const blog = createBlog(
  import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true }),
);
