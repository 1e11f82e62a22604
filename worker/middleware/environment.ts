import { createMiddleware } from "hono/factory";
import { effectiveEnv } from "../lib/development";
import type { AppEnv } from "../types";

/** Everything after this sees ENVIRONMENT=production unless the request is local development. */
export const environmentOfRequest = createMiddleware<AppEnv>(async (c, next) => {
  c.env = effectiveEnv(c.env, c.req.url);
  await next();
});
