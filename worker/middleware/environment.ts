import { createMiddleware } from "hono/factory";
import { effectiveEnv } from "../lib/development";
import { withFaults } from "../lib/faults";
import type { AppEnv } from "../types";
import { drainUnreadBody } from "./drain-body";

/**
 * Everything after this sees ENVIRONMENT=production unless the request is local development, and
 * in local development the bindings with the faults switched on through /api/dev/faults (0047).
 * In local development, once the answer is made, a small body nobody read is read (wrangler dev's
 * proxy, 0060); production pays only the comparison, no middleware of its own.
 */
export const environmentOfRequest = createMiddleware<AppEnv>(async (c, next) => {
  c.env = withFaults(effectiveEnv(c.env, c.req.url));
  await next();
  if (c.env.ENVIRONMENT === "development") await drainUnreadBody(c.req.raw);
});
