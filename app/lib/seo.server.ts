import type { AppLoadContext } from "react-router";
import { serverI18n } from "~/i18n/i18n.server";
import { sanitizeLanguage } from "~/i18n/language";
import type { resources } from "~/locales";
import { pageSeo, type PageSeo } from "./seo";
import { appBaseUrl } from "@worker/lib/app-url";

export type SeoPage = keyof (typeof resources)["pt"]["seo"]["pages"];

/**
 * A page's metadata in the request's language, from the `seo` catalogue (fixed titles,
 * descriptions and keywords per page); `override` replaces them for pages such as blog posts.
 */
export function seoFor(
  context: AppLoadContext,
  request: Request,
  page: SeoPage,
  override: Partial<Pick<PageSeo, "title" | "description" | "type" | "publishedTime">> = {},
): PageSeo {
  const { t } = serverI18n(context.lang);
  const url = new URL(request.url);
  return pageSeo({
    pathname: url.pathname,
    requestedLanguage: sanitizeLanguage(url.searchParams.get("lang")),
    language: context.lang,
    appUrl: appBaseUrl(context.cloudflare.env),
    title: t(`seo:pages.${page}.title`),
    description: t(`seo:pages.${page}.description`),
    keywords: t(`seo:pages.${page}.keywords`),
    imageAlt: t("seo:imageAlt"),
    ...override,
  });
}
