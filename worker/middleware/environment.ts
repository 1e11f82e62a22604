import { createMiddleware } from "hono/factory";
import { effectiveEnv } from "../lib/development";
import { withFaults } from "../lib/faults";
import type { AppEnv } from "../types";

/**
 * Everything after this sees ENVIRONMENT=production unless the request is local development, and
 * in local development the bindings with the faults switched on through /api/dev/faults (0047).
 */
export const environmentOfRequest = createMiddleware<AppEnv>(async (c, next) => {
  c.env = withFaults(effectiveEnv(c.env, c.req.url));
  await next();
});
