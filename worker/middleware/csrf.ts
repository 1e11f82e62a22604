import { createMiddleware } from "hono/factory";
import { apiError } from "../lib/errors";
import type { AppEnv } from "../types";
import { appOrigin } from "../lib/app-url";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a state-changing request plainly comes from one of our own pages. */
export function isSameOriginRequest(request: Request, allowedOrigins: string[]): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === new URL(request.url).origin || allowedOrigins.includes(origin);
  // Browsers that omit Origin still say where the request came from.
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/**
 * CSRF defence for cookie-authenticated requests: every non-safe method needs a matching Origin
 * (or Sec-Fetch-Site: same-origin). Paths listed in `except` authenticate otherwise (signed webhooks).
 */
export function csrf(options: { except: string[] }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (options.except.includes(c.req.path)) return next();
    if (!isSameOriginRequest(c.req.raw, [appOrigin(c.env)])) throw apiError("forbidden", { messageKey: "errors:csrf" });
    return next();
  });
}
