import { blog } from "~/lib/blog.server";
import { sitemapXml } from "~/lib/feeds.server";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.cloudflare.env.APP_URL, blog.slugs()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
