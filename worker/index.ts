import { app } from "./app";
import { handleQueue } from "./cron/queue";
import { runSchedule } from "./cron/registry";

export { UserRealtime } from "./durable-objects/user-realtime";

export default {
  fetch: app.fetch,
  // Each cron trigger of wrangler.toml runs the jobs registered for its schedule; jobs that touch
  // every user only enqueue user ids here.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runSchedule(controller.cron, env, new Date(controller.scheduledTime)));
  },
  // The user-jobs queue and its dead-letter queue (docs/decisions/0013).
  queue: handleQueue,
} satisfies ExportedHandler<Env>;
