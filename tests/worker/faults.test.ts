import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { app } from "@worker/app";
import { loadSession } from "@worker/auth/middleware";
import { isolateSessions } from "@worker/auth/sessions";
import { handleError } from "@worker/lib/errors";
import { environmentOfRequest } from "@worker/middleware/environment";
import { idempotency } from "@worker/middleware/idempotency";
import { requestContext } from "@worker/middleware/request-context";
import type { AppEnv } from "@worker/types";
import { clearFaults, setFault } from "@worker/lib/faults";
import { userIdOf } from "./billing-helpers";
import { api, json, ORIGIN, signUpAndLogIn } from "./helpers";

/** The faults switch (docs/decisions/0047): POST /api/dev/faults, as `npm run faults` calls it. */
const fault = (body: Record<string, unknown>) =>
  SELF.fetch(`${ORIGIN}/api/dev/faults`, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) });
const faultsOff = () => SELF.fetch(`${ORIGIN}/api/dev/faults`, { method: "DELETE", headers: { origin: ORIGIN } });

const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;

/** Asserts the clean outage answer: 503, JSON in the contract's shape, Retry-After. */
async function expectUnavailable(response: Response, message = "O serviço está temporariamente indisponível. Nada foi alterado; tente novamente dentro de instantes.") {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(response.headers.get("retry-after")).toBe("5");
  expect(await json(response)).toEqual({ error: { code: "service_unavailable", message } });
}

let ana: string;
let anaId: string;
beforeAll(async () => {
  ana = await signUpAndLogIn("ana@faults.test");
  anaId = await userIdOf("ana@faults.test");
});

afterEach(async () => {
  await faultsOff();
  clearFaults();
});

describe("the faults switch", () => {
  it("is set, listed and cleared in development", async () => {
    const set = await fault({ target: "d1", mode: "slow", ms: 50, seconds: 30 });
    expect(set.status).toBe(200);
    expect((await json(set)).faults).toEqual([expect.objectContaining({ target: "d1", mode: "slow", ms: 50 })]);
    expect((await json(await faultsOff())).faults).toEqual([]);
  });

  it("refuses bad input with 400", async () => {
    expect((await fault({ target: "r2", mode: "fail", seconds: 5 })).status).toBe(400);
    expect((await fault({ target: "d1", mode: "fail", seconds: 0 })).status).toBe(400);
  });

  it("is refused outside development, and a production-configured Worker ignores a fault that is set", async () => {
    const production = { ...env, ENVIRONMENT: "production" };
    const post = (target: Env) =>
      app.request("https://rumo.app/api/dev/faults", { method: "POST", headers: { origin: "https://rumo.app", "content-type": "application/json" }, body: JSON.stringify({ target: "d1", mode: "fail", seconds: 30 }) }, target, createExecutionContext());
    expect((await post(production)).status).toBe(404);
    // The wrangler default (development) on a public host counts as production too.
    expect((await post(env)).status).toBe(404);

    // Even with the switch set in this isolate, production bindings are never wrapped.
    setFault("d1", { mode: "fail", seconds: 30 });
    const health = (target: Env, url = `${ORIGIN}/api/v1/health`) => app.request(url, {}, target, createExecutionContext());
    const prod = await health(production, "https://rumo.app/api/v1/health");
    expect((await json(prod)).checks.d1).toBe("ok");
    expect((await json(await health(env, "https://rumo.app/api/v1/health"))).checks.d1).toBe("ok");
    const dev = await health(env);
    expect(dev.status).toBe(503);
    expect((await json(dev)).checks.d1).toBe("error");
  });

  it("ends by itself after its seconds", async () => {
    await fault({ target: "d1", mode: "fail", seconds: 1 });
    await expectUnavailable(await api("/tasks", { headers: { cookie: ana } }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await api("/tasks", { headers: { cookie: ana } })).status).toBe(200);
  });
});

describe("D1 failing", () => {
  it("answers 503 with Retry-After and writes nothing; after recovery the same change lands once", async () => {
    const before = await count("select count(*) as n from tasks where user_id = ?", anaId);
    await fault({ target: "d1", mode: "fail", seconds: 30 });
    const key = `faults-d1-${Date.now()}`;
    const send = () => api("/tasks", { body: { title: "Durante a falha" }, headers: { cookie: ana, "Idempotency-Key": key } });
    await expectUnavailable(await send());
    await expectUnavailable(await send());
    await faultsOff();
    expect(await count("select count(*) as n from tasks where user_id = ?", anaId)).toBe(before);
    expect(await count("select count(*) as n from idempotency_keys where user_id = ? and key = ?", anaId, key)).toBe(0);

    // The client retries with the same key: one task, and a replay answers the first answer.
    const first = await send();
    expect(first.status).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await count("select count(*) as n from tasks where user_id = ? and title = 'Durante a falha'", anaId)).toBe(1);
  });

  it("a write that landed is answered even when D1 fails before its idempotent answer is stored", async () => {
    // A route that writes, and then D1 goes down (the fault starts between the two statements).
    const root = new Hono<AppEnv>()
      .onError(handleError)
      .use("*", requestContext)
      .use("*", environmentOfRequest)
      .use("*", loadSession)
      .use("/api/v1/*", idempotency)
      .post("/api/v1/tasks", async (c) => {
        await c.env.DB.prepare("insert into tasks (id, user_id, title, created_at, updated_at) values (?, ?, 'Antes da falha', ?, ?)").bind(crypto.randomUUID(), anaId, Date.now(), Date.now()).run();
        setFault("d1", { mode: "fail", seconds: 30 });
        return c.json({ ok: true }, 201);
      });
    // Any fault set makes the root hand out the wrapped bindings (KV slow by 1 ms changes nothing).
    setFault("kv", { mode: "slow", ms: 1, seconds: 30 });
    const key = `faults-late-${Date.now()}`;
    const response = await root.request(`${ORIGIN}/api/v1/tasks`, { method: "POST", headers: { cookie: ana, origin: ORIGIN, "content-type": "application/json", "Idempotency-Key": key }, body: "{}" }, env, createExecutionContext());
    expect(response.status).toBe(201);
    clearFaults();
    expect(await count("select count(*) as n from tasks where user_id = ? and title = 'Antes da falha'", anaId)).toBe(1);
  });

  it("answers in the request's language", async () => {
    await fault({ target: "d1", mode: "fail", seconds: 30 });
    const login = await api("/auth/login", { body: { email: "ana@faults.test", password: "segredo-123" }, headers: { "accept-language": "en" } });
    await expectUnavailable(login, "The service is temporarily unavailable. Nothing was changed; please try again in a moment.");
  });
});

describe("KV failing", () => {
  it("answers 503 JSON to the API and a small 503 HTML page to a page request", async () => {
    // A fresh isolate: the pool's Worker shares this one, which may hold ana's session (decision 0056).
    isolateSessions.clear();
    await fault({ target: "kv", mode: "fail", seconds: 30 });
    await expectUnavailable(await api("/me", { headers: { cookie: ana } }));
    const page = await SELF.fetch(`${ORIGIN}/app/tarefas`, { headers: { cookie: ana } });
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).toContain("Serviço temporariamente indisponível");
    expect(html).not.toContain("KV GET failed");
  });

  it("leaves requests that read nothing untouched", async () => {
    await fault({ target: "kv", mode: "fail", seconds: 30 });
    expect((await api("/me")).status).toBe(401);
  });
});

describe("the Durable Object failing", () => {
  it("degrades realtime quietly: writes still land, the socket upgrade is a clean 503", async () => {
    await fault({ target: "do", mode: "fail", seconds: 30 });
    const created = await api("/tasks", { body: { title: "Sem tempo real" }, headers: { cookie: ana } });
    expect(created.status).toBe(201);
    expect(await count("select count(*) as n from tasks where user_id = ? and title = 'Sem tempo real'", anaId)).toBe(1);
    await expectUnavailable(await api("/realtime", { headers: { cookie: ana, upgrade: "websocket" } }));
    const health = await api("/health");
    expect(health.status).toBe(503);
    expect((await json(health)).checks).toEqual({ d1: "ok", kv: "ok", durableObjects: "error" });
  });
});

describe("slow mode", () => {
  it("delays each D1 call and then answers normally", async () => {
    await fault({ target: "d1", mode: "slow", ms: 300, seconds: 30 });
    const started = Date.now();
    const response = await api("/tasks", { headers: { cookie: ana } });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Array.isArray((await json(response)).items)).toBe(true);
  });

  it("delays Durable Object calls, which still answer", async () => {
    await fault({ target: "do", mode: "slow", ms: 250, seconds: 30 });
    const started = Date.now();
    const health = await api("/health");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await json(health)).checks).toEqual({ d1: "ok", kv: "ok", durableObjects: "ok" });
  });

  it("delays KV reads", async () => {
    isolateSessions.clear();
    await fault({ target: "kv", mode: "slow", ms: 250, seconds: 30 });
    const started = Date.now();
    expect((await api("/me", { headers: { cookie: ana } })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
