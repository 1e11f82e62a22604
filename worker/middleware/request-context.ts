import { createMiddleware } from "hono/factory";
import { languageFromRequest } from "~/i18n/language";
import { log } from "../lib/log";
import type { AppEnv } from "../types";

/** Request id, language and one structured log line per request. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("lang", languageFromRequest(c.req.raw.headers, null, c.req.query("lang")));
  await next();
  if (c.res.status !== 101) setHeader(c, "X-Request-Id", requestId);
  if (c.env.LOG_REQUESTS !== "false") {
    const url = new URL(c.req.url);
    log("info", "request", {
      requestId,
      method: c.req.method,
      path: url.pathname,
      status: c.res.status,
      durationMs: Date.now() - started,
    });
  }
});

/** Sets a header on the response, copying it first when its headers are immutable (fetched responses). */
export function setHeader(c: { res: Response }, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
