/**
 * The page-metadata rules of the specification (section 2, "Page-metadata rules") as pure
 * functions: robots per path, then the title, description, keywords, canonical and hreflang
 * links, Open Graph and Twitter card of a page. Every public route's `meta` uses `metaTags`.
 */
import type { MetaDescriptor } from "react-router";
import { languages, localeOf, type Language } from "~/i18n/language";

export type Robots = "index, follow" | "noindex, nofollow" | "index, nofollow";

/** The social card image (public/og-image.png). */
export const SOCIAL_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

const PRIVATE_PREFIXES = ["/auth", "/app"];
const LEGAL_PATHS = ["/privacy", "/terms", "/legal-center"];

/** Trailing slashes and case do not change which rule applies. */
function normalise(pathname: string): string {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/**
 * `/auth` and everything under `/app/`: noindex, nofollow. The legal pages: index, nofollow.
 * The landing, /pricing, /premium, /about, /blog and any other path: index, follow.
 */
export function robotsFor(pathname: string): Robots {
  const path = normalise(pathname);
  if (PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return "noindex, nofollow";
  if (LEGAL_PATHS.includes(path)) return "index, nofollow";
  return "index, follow";
}

export type SeoInput = {
  pathname: string;
  language: Language;
  /** Public base URL (APP_URL); links in metadata are absolute. */
  appUrl: string;
  title: string;
  description: string;
  keywords?: string;
  imageAlt: string;
  type?: "website" | "article";
  /** ISO date of an article. */
  publishedTime?: string;
  /** The language asked for in the URL (`?lang=`), if any: it decides the canonical URL. */
  requestedLanguage?: Language | null;
};

/** Everything a page's metadata needs, computed on the server and returned by its loader. */
export type PageSeo = SeoInput & {
  robots: Robots;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  image: string;
};

/** The absolute URL of a path under APP_URL (query and fragment dropped). */
export function absoluteUrl(appUrl: string, pathname: string): string {
  const base = appUrl.replace(/\/+$/, "");
  const path = pathname.split(/[?#]/)[0];
  return `${base}${path === "/" ? "/" : path}`;
}

/** The URL of a page in one language: the same path with `?lang=`. */
export function languageUrl(appUrl: string, pathname: string, language: Language): string {
  return `${absoluteUrl(appUrl, pathname)}?lang=${language}`;
}

export function pageSeo(input: SeoInput): PageSeo {
  const alternates = [
    ...languages.map((language) => ({ hrefLang: localeOf[language], href: languageUrl(input.appUrl, input.pathname, language) })),
    { hrefLang: "x-default", href: absoluteUrl(input.appUrl, input.pathname) },
  ];
  return {
    ...input,
    robots: robotsFor(input.pathname),
    // Every URL is its own canonical: `?lang=pt|en` (the hreflang alternates) and the bare path
    // (x-default, in the visitor's language). Pointing the bare path at an alternate would make
    // the canonical contradict the hreflang cluster.
    canonical: input.requestedLanguage
      ? languageUrl(input.appUrl, input.pathname, input.requestedLanguage)
      : absoluteUrl(input.appUrl, input.pathname),
    alternates,
    image: absoluteUrl(input.appUrl, SOCIAL_IMAGE.path),
  };
}

const ogLocale = (language: Language) => localeOf[language].replace("-", "_");

/** The `meta` descriptors of a page (title, robots, links, Open Graph, Twitter). */
export function metaTags(seo: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: seo.robots },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((alternate) => ({ tagName: "link", rel: "alternate", hrefLang: alternate.hrefLang, href: alternate.href })),
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: "Rumo" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:locale", content: ogLocale(seo.language) },
    ...languages.filter((l) => l !== seo.language).map((l) => ({ property: "og:locale:alternate", content: ogLocale(l) })),
    { property: "og:image", content: seo.image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: seo.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image },
    { name: "twitter:image:alt", content: seo.imageAlt },
  ];
  if (seo.keywords) tags.splice(2, 0, { name: "keywords", content: seo.keywords });
  if (seo.publishedTime) tags.push({ property: "article:published_time", content: seo.publishedTime });
  return tags;
}

/** A route's `meta` export for loaders that return `{ seo }`: `export const meta = seoMeta;`. */
export function seoMeta({ loaderData }: { loaderData?: { seo: PageSeo } }): MetaDescriptor[] {
  return loaderData ? metaTags(loaderData.seo) : [];
}
