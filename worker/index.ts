import { app } from "./app";
import { handleQueue } from "./cron/queue";
import { runSchedule } from "./cron/registry";
import { effectiveEnv } from "./lib/development";
import { appBaseUrl } from "./lib/app-url";

export { RateLimiter } from "./durable-objects/rate-limiter";
export { UserRealtime } from "./durable-objects/user-realtime";

export default {
  fetch: app.fetch,
  // Each cron trigger of wrangler.toml runs the jobs registered for its schedule; jobs that touch
  // every user only enqueue user ids here.
  scheduled(controller, env, ctx) {
    // No request here: APP_URL says whether this is really local development.
    ctx.waitUntil(runSchedule(controller.cron, effectiveEnv(env, appBaseUrl(env)), new Date(controller.scheduledTime)));
  },
  // The user-jobs queue and its dead-letter queue (docs/decisions/0013).
  queue: handleQueue,
} satisfies ExportedHandler<Env>;
