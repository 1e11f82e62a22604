/** The legal texts: Markdown files `content/legal/<document>.<lang>.md`, bundled at build time. */
import type { AppLoadContext } from "react-router";
import type { Language } from "~/i18n/language";
import { escapeHtml, parseFrontMatter, renderMarkdown } from "./markdown.server";
import { seoFor } from "./seo.server";

export const legalDocuments = ["privacy", "terms", "legal-center"] as const;
export type LegalDocument = (typeof legalDocuments)[number];

const files = import.meta.glob<string>("/content/legal/*.md", { query: "?raw", import: "default", eager: true });

export type LegalText = { title: string; updated: string; html: string };

/** A legal text in a language, with `{{email}}` replaced by the support address. */
export function legalText(document: LegalDocument, language: Language, supportEmail: string): LegalText {
  const source = files[`/content/legal/${document}.${language}.md`];
  if (!source) throw new Error(`missing legal text ${document}.${language}`);
  const { data, body } = parseFrontMatter(source);
  const email = escapeHtml(supportEmail);
  const html = renderMarkdown(body).replaceAll("{{email}}", `<a href="mailto:${email}">${email}</a>`);
  return { title: data.title ?? document, updated: data.updated ?? "", html };
}

const seoPageOf = { privacy: "privacy", terms: "terms", "legal-center": "legalCenter" } as const;

/** Loader data of a legal page: its metadata and its text in the request's language. */
export function legalPageData(context: AppLoadContext, request: Request, document: LegalDocument) {
  return {
    seo: seoFor(context, request, seoPageOf[document]),
    document: legalText(document, context.lang, context.cloudflare.env.SUPPORT_EMAIL),
  };
}
