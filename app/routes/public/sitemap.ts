import { blog } from "~/lib/blog.server";
import { sitemapXml } from "~/lib/feeds.server";
import type { Route } from "./+types/sitemap";
import { appBaseUrl } from "@worker/lib/app-url";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(appBaseUrl(context.cloudflare.env), blog.slugs()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
