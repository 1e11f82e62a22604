import { Hono } from "hono";
import { userRealtime } from "../durable-objects/user-realtime";
import type { AppEnv } from "../types";

type Check = "ok" | "error";

/** Runs one dependency check, turning a failure or a hang (2 s) into "error". */
async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), 2000);
      }),
    ]);
    return "ok";
  } catch {
    return "error";
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: D1, KV and the Durable Object namespace each answer, or the service is degraded (503). */
export const health = new Hono<AppEnv>().get("/", async (c) => {
  const [d1, kv, durableObjects] = await Promise.all([
    check(() => c.env.DB.prepare("select 1 as ok").first()),
    check(() => c.env.SESSIONS.get("health:probe")),
    check(async () => {
      if ((await userRealtime(c.env, "health").ping()) !== "pong") throw new Error("unexpected answer");
    }),
  ]);
  const checks = { d1, kv, durableObjects };
  const ok = Object.values(checks).every((value) => value === "ok");
  c.header("Cache-Control", "no-store");
  return c.json({ status: ok ? "ok" : "degraded", checks }, ok ? 200 : 503);
});
