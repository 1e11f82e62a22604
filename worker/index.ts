import { app } from "./app";
import { runSchedule } from "./cron/registry";
import { effectiveEnv } from "./lib/development";

export { RateLimiter } from "./durable-objects/rate-limiter";
export { UserRealtime } from "./durable-objects/user-realtime";

export default {
  fetch: app.fetch,
  // Each cron trigger of wrangler.toml runs the jobs registered for its schedule.
  scheduled(controller, env, ctx) {
    // No request here: APP_URL says whether this is really local development.
    ctx.waitUntil(runSchedule(controller.cron, effectiveEnv(env, env.APP_URL), new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
