import { robotsTxt } from "~/lib/feeds.server";
import type { Route } from "./+types/robots";
import { appBaseUrl } from "@worker/lib/app-url";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(appBaseUrl(context.cloudflare.env)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
