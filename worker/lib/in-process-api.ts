/**
 * A page's action calling the Worker's own JSON API in-process (decision 0052): the request goes
 * through the whole Hono root (request id, CSRF, session, the API's rate limits and validation),
 * exactly as the browser's fetch of the same endpoint would, so no auth rule is written twice.
 */

/** What the API reads from a browser's request: the session, the language, the client's address. */
const FORWARDED_HEADERS = ["cookie", "accept-language", "user-agent", "cf-connecting-ip", "x-forwarded-for"] as const;

/**
 * The API request a page request stands for: a same-origin JSON POST to `/api/v1<path>` with the
 * page's cookies, language and address. The page request itself passed the root's CSRF check, so
 * its origin is the one the API call carries. `lang` is the page's language (it may come from `?lang`).
 */
export function apiRequestFor(page: Request, path: string, options: { body?: unknown; lang?: string } = {}): Request {
  const url = new URL(`/api/v1${path}`, page.url);
  if (options.lang) url.searchParams.set("lang", options.lang);
  const headers = new Headers({ accept: "application/json", origin: url.origin, "sec-fetch-site": "same-origin" });
  for (const name of FORWARDED_HEADERS) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (options.body !== undefined) headers.set("content-type", "application/json");
  return new Request(url, { method: "POST", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}
