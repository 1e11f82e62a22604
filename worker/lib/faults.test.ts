import { afterEach, describe, expect, it } from "vitest";
import { clearFaults, setFault, withFaults } from "./faults";

// Stand-ins for the bindings: only what the wrappers touch.
function fakeEnv(environment = "development") {
  const ran: string[] = [];
  const statement = (sql: string) => ({ sql, bind: () => statement(sql), run: async () => ran.push(sql) });
  const DB = { prepare: statement, batch: async (list: { sql: string }[]) => list.map((s) => ran.push(`batch:${s.sql}`)), exec: async () => undefined };
  const SESSIONS = { get: async () => "value" };
  const namespace = { idFromName: (name: string) => name, get: () => ({ ping: async () => "pong" }) };
  return { env: { ENVIRONMENT: environment, DB, SESSIONS, USER_REALTIME: namespace, RATE_LIMITER: namespace } as unknown as Env, ran };
}

afterEach(() => clearFaults());

describe("withFaults", () => {
  it("hands back the very same env when no fault is set (no wrapper, no cost)", () => {
    const { env } = fakeEnv();
    expect(withFaults(env)).toBe(env);
  });

  it("never wraps a production env, even with a fault set", () => {
    setFault("d1", { mode: "fail", seconds: 30 });
    const { env } = fakeEnv("production");
    expect(withFaults(env)).toBe(env);
  });

  it("fails D1 statements and batches before they run, and lets them through once it ends", async () => {
    const { env, ran } = fakeEnv();
    setFault("d1", { mode: "fail", seconds: 30 });
    const db = withFaults(env).DB;
    await expect(db.prepare("insert a").bind(1).run()).rejects.toThrow(/^D1_ERROR: Network connection lost/);
    await expect(db.batch([db.prepare("insert b")])).rejects.toThrow(/D1_ERROR/);
    expect(ran).toEqual([]);
    setFault("d1", null);
    await db.batch([db.prepare("insert c")]);
    expect(ran).toEqual(["batch:insert c"]);
  });

  it("fails KV and Durable Object calls of their own target only", async () => {
    const { env } = fakeEnv();
    setFault("kv", { mode: "fail", seconds: 30 });
    const wrapped = withFaults(env);
    await expect(wrapped.SESSIONS.get("x")).rejects.toThrow(/^KV GET failed: 503/);
    const stub = wrapped.USER_REALTIME.get(wrapped.USER_REALTIME.idFromName("u")) as unknown as { ping: () => Promise<string> };
    expect(await stub.ping()).toBe("pong");
    setFault("do", { mode: "fail", seconds: 30 });
    await expect(stub.ping()).rejects.toMatchObject({ retryable: true });
  });

  it("expires by itself", async () => {
    const { env } = fakeEnv();
    setFault("kv", { mode: "fail", seconds: 1 }, Date.now() - 2000);
    expect(withFaults(env)).toBe(env);
  });
});
