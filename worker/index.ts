import { app } from "./app";
import { runSchedule } from "./cron/registry";

export { UserRealtime } from "./durable-objects/user-realtime";

export default {
  fetch: app.fetch,
  // Each cron trigger of wrangler.toml runs the jobs registered for its schedule.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runSchedule(controller.cron, env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
