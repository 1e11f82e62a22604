import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { countsAsError, errorRoute } from "../admin/error-routes";
import { countErrorAnswer } from "../admin/error-counter";
import { database } from "../db/client";
import { languageFromRequest } from "~/i18n/language";
import { log, shouldLogRequest } from "../lib/log";
import type { AppEnv } from "../types";

/** Request id, language, and a structured log line for server errors and slow answers (LOG_REQUESTS). */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  // `?lang=` is rare (the public pages' language links): the query is parsed only when it is there.
  c.set("lang", languageFromRequest(c.req.raw.headers, null, c.req.url.includes("lang=") ? c.req.query("lang") : null));
  await next();
  if (c.res.status !== 101) setHeader(c, "X-Request-Id", requestId);
  // Hono's path (no URL object: this runs on every request).
  const path = c.req.path;
  countError(c, path);
  const durationMs = Date.now() - started;
  if (shouldLogRequest(c.env.LOG_REQUESTS, c.res.status, durationMs)) {
    log(c.res.status >= 500 ? "error" : "info", "request", { requestId, method: c.req.method, path, status: c.res.status, durationMs });
  }
});

/** Error answers feed the health screen's counts by route (added up per isolate, written after the answer). */
function countError(c: Context<AppEnv>, path: string) {
  if (!countsAsError(path, c.res.status)) return;
  countErrorAnswer(database(c.env.DB), errorRoute(c.req.method, path), c.res.status, new Date(), (write) => {
    try {
      c.executionCtx.waitUntil(write);
    } catch {
      // No execution context (a direct app.request in a unit test): the write simply runs on.
    }
  });
}

/** Sets a header on the response, copying it first when its headers are immutable (fetched responses). */
export function setHeader(c: { res: Response }, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
