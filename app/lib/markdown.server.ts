/**
 * Our Markdown content (blog posts, legal texts): front matter plus a body rendered on the server
 * with `marked`. Raw HTML in the Markdown is escaped, never passed through, and links may only use
 * http(s), mailto or site-relative URLs.
 */
import { Marked, type Tokens } from "marked";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]);

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return label;
      const external = /^https?:\/\//i.test(href);
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener noreferrer"' : ""}>${label}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      if (!SAFE_URL.test(href)) return escapeHtml(text);
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""} loading="lazy" decoding="async">`;
    },
  },
});

/** Markdown to HTML (synchronous; no extensions that fetch anything). */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

export type FrontMatter = Record<string, string>;

/**
 * A deliberately tiny front matter reader: `key: value` lines between `---` fences, values
 * optionally in double or single quotes. Enough for our own files, and it bundles for workerd
 * (gray-matter needs Node's fs and Buffer; see docs/decisions/0007-public-site-content-and-seo.md).
 */
export function parseFrontMatter(source: string): { data: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: FrontMatter = {};
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon === -1) throw new Error(`front matter line without a key: ${line}`);
    const key = line.slice(0, colon).trim();
    let value = line.slice(colon + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    data[key] = value;
  }
  return { data, body: source.slice(match[0].length) };
}

/** Minutes to read at about 200 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / 200));
}
