import { serverI18n } from "~/i18n/i18n.server";
import { blog } from "~/lib/blog.server";
import { rssXml } from "~/lib/feeds.server";
import type { Route } from "./+types/rss";
import { appBaseUrl } from "@worker/lib/app-url";

/** The blog's RSS feed in the request's language (`?lang=pt|en` chooses it). */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = serverI18n(context.lang);
  const body = rssXml({
    appUrl: appBaseUrl(context.cloudflare.env),
    language: context.lang,
    title: t("blog:feedTitle"),
    description: t("blog:feedDescription"),
    posts: blog.list(context.lang),
  });
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
