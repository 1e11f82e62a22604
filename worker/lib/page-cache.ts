/**
 * Pages made for a session differ by reader: /app holds the user's data, and a public page's header
 * leads a signed-in reader back into the app ("Ir para a app") where everyone else gets "Entrar".
 * Such an answer is `private`, which keeps it out of every cache shared between readers: a CDN
 * (Cloudflare ignores `Vary: Cookie`, so the status page's `public, max-age=30` would otherwise
 * hand one reader's header to the next) and the service worker's public cache, critical-v1, which
 * whoever uses the browser next reads offline (isShareable, app/lib/pwa/rules.ts). The marking is
 * the Hono root's, where the session is known, so no public route can forget it or override it
 * with its own `headers` export. Without a session the route's own Cache-Control stays.
 */

/** The Cache-Control of a page made for a session, from the one its route set (if any). */
export function oneReaderCacheControl(routeValue: string | null): string {
  // A route's `no-store` (an outage's 503) still holds; its `public` and lifetimes do not.
  return /(?:^|[\s,])no-store(?:[\s,]|$)/i.test(routeValue ?? "") ? "private, no-store" : "private";
}

/** The answer marked as made for one reader (a copy when its headers cannot change: a redirect's). */
export function forOneReader(response: Response): Response {
  const value = oneReaderCacheControl(response.headers.get("Cache-Control"));
  try {
    response.headers.set("Cache-Control", value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", value);
    return copy;
  }
}
