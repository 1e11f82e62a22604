import { userRealtime } from "../durable-objects/user-realtime";

export type LiveCheck = { status: "ok" | "error"; latencyMs: number };

/** Runs one dependency check with its latency, turning a failure or a hang (2 s) into "error". */
async function timed(probe: () => Promise<unknown>): Promise<LiveCheck> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status: LiveCheck["status"] = "ok";
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), 2000);
      }),
    ]);
  } catch {
    status = "error";
  } finally {
    clearTimeout(timer);
  }
  return { status, latencyMs: Math.round(performance.now() - started) };
}

/**
 * D1, KV and the Durable Object namespace, each checked live with its latency (the admin health
 * screen and the public /status page; GET /health keeps its own plain answer).
 */
export async function liveChecks(env: Env): Promise<{ d1: LiveCheck; kv: LiveCheck; durableObjects: LiveCheck }> {
  const [d1, kv, durableObjects] = await Promise.all([
    timed(() => env.DB.prepare("select 1 as ok").first()),
    timed(() => env.SESSIONS.get("health:probe")),
    timed(async () => {
      if ((await userRealtime(env, "health").ping()) !== "pong") throw new Error("unexpected answer");
    }),
  ]);
  return { d1, kv, durableObjects };
}
