import { createExecutionContext, env } from "cloudflare:test";
import { and, eq, like, sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadSession } from "@worker/auth/middleware";
import { buildApi, PLATFORM_BODY_RULES } from "@worker/api";
import { currentAuth, requireUser } from "@worker/auth/middleware";
import { PLATFORM_PREMIUM_ROUTES, PREMIUM_ROUTES, type PremiumRoute } from "@worker/billing/premium-routes";
import { NIGHTLY, runSchedule } from "@worker/cron/registry";
import { database, type Db } from "@worker/db/client";
import { exportUserData, PLATFORM_EXPORTERS } from "@worker/db/export";
import { seedDemoAccount } from "@worker/db/seed";
import { handleError } from "@worker/lib/errors";
import { validate } from "@worker/lib/validate";
import { bodyRuleFor, limitBodies } from "@worker/middleware/body";
import { requestContext } from "@worker/middleware/request-context";
import { WORKER_MODULES } from "@worker/modules";
import { searchSourceSql, type SearchSource } from "@worker/search/sources";
import { bodyRulesOf, cronJobsOf, exportersOf, premiumRoutesOf, searchTypesOf } from "@worker/modules/registry";
import type { WorkerModule } from "@worker/modules/types";
import type { AppEnv } from "@worker/types";
import { endTrial, userIdOf } from "./billing-helpers";
import { json, ORIGIN, signUpAndLogIn } from "./helpers";
import { THROWAWAY_PREFIX } from "./user-tables";

const PREMIUM_MESSAGE = "Funcionalidade Premium - disponível apenas para utilizadores Premium";

// A throwaway module, declared the way a real one is (worker/modules/<key>/index.ts), with a real table.
const notes = sqliteTable(`${THROWAWAY_PREFIX}notes`, { id: text("id").primaryKey(), userId: text("user_id").notNull(), title: text("title").notNull() });
const ownNotes = (db: Db, userId: string, query = "") =>
  db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), like(sql`lower(${notes.title})`, `%${query.toLowerCase()}%`)));

const sampleApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/notes", async (c) => c.json({ items: await ownNotes(database(c.env.DB), currentAuth(c).user.id), nextCursor: null }))
  .post("/notes", validate("json", z.object({ title: z.string().min(1) })), async (c) => {
    const id = crypto.randomUUID();
    await database(c.env.DB).insert(notes).values({ id, userId: currentAuth(c).user.id, title: c.req.valid("json").title });
    return c.json({ id }, 201);
  })
  .get("/insights", async (c) => c.json({ notes: (await ownNotes(database(c.env.DB), currentAuth(c).user.id)).length }))
  .post("/import", async (c) => c.json({ bytes: (await c.req.text()).length }));

const sampleSearch: SearchSource = {
  type: "sample",
  table: `${THROWAWAY_PREFIX}notes`,
  title: "title",
  body: "''",
  recency: "0",
  present: (doc) => ({ url: `/app/amostra/${doc.itemId}` }),
};

const sample: WorkerModule = {
  key: "sample",
  api: { mount: "/sample", app: sampleApi },
  bodies: [{ method: "POST", path: "/import", maxBytes: 5 * 1024 * 1024, mediaTypes: ["text/csv"] }],
  premium: [
    { method: "POST", path: "/sample/notes", entitlement: "diary" },
    { method: "POST", path: "/sample/import", entitlement: "finances.advanced" },
    { method: "GET", path: "/sample/insights", entitlement: "aiInsights", paidRead: true },
  ],
  searchTypes: ["sample"],
  searchSources: [sampleSearch],
  exporter: {
    tables: [`${THROWAWAY_PREFIX}notes`],
    export: async (db, userId) => ({ sampleNotes: (await ownNotes(db, userId)).map(({ userId: _u, ...n }) => n) }),
  },
  seed: async (db, userId) => {
    await db.insert(notes).values({ id: "demo-note", userId, title: "Nota de demonstração" });
  },
  jobs: [{ name: "sample-count", schedule: NIGHTLY, run: async (e) => ({ affected: (await database(e.DB).select().from(notes)).length }) }],
};

const modules = [...WORKER_MODULES, sample];
// The production pieces (root body limits, the API with its guards), fed the list with the sample.
const root = new Hono<AppEnv>()
  .onError(handleError)
  .use("*", requestContext)
  .use("*", limitBodies(bodyRulesOf(modules, PLATFORM_BODY_RULES)))
  .use("*", loadSession)
  .route("/api/v1", buildApi(modules));

const call = (path: string, init: { method?: string; cookie?: string; body?: BodyInit; type?: string } = {}) =>
  root.request(
    `${ORIGIN}/api/v1${path}`,
    {
      method: init.method ?? "GET",
      headers: { origin: ORIGIN, ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.type ? { "content-type": init.type } : {}) },
      body: init.body,
    },
    env,
    createExecutionContext(),
  );
const post = (path: string, cookie: string, body: unknown) => call(path, { method: "POST", cookie, body: JSON.stringify(body), type: "application/json" });

let alice: string;
let bruno: string;
beforeAll(async () => {
  await env.DB.exec(`create table if not exists ${THROWAWAY_PREFIX}notes (id text primary key, user_id text not null references users(id) on delete cascade, title text not null)`);
  // What the module's migration would run: its search triggers (docs/decisions/0036-search-fts5.md).
  for (const statement of searchSourceSql(sampleSearch)) await env.DB.prepare(statement.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS")).run();
  alice = await signUpAndLogIn("alice@throwaway.test");
  bruno = await signUpAndLogIn("bruno@throwaway.test");
  expect((await post("/sample/notes", alice, { title: "Plano de viagem da Alice" })).status).toBe(201);
  expect((await post("/sample/notes", bruno, { title: "Plano de poupança do Bruno" })).status).toBe(201);
});

describe("a throwaway module added to the list", () => {
  it("is mounted under /api/v1 and searchable through the real registry, each user seeing only their rows", async () => {
    expect(searchTypesOf(modules)).toContain("sample");
    const found = await json(await call("/search?q=PLANO", { cookie: alice }));
    expect(found.items.map((r: { title: string }) => r.title)).toEqual(["Plano de viagem da Alice"]);
    const typed = await json(await call("/search?q=plano&type=sample", { cookie: bruno }));
    expect(typed.items.map((r: { title: string }) => r.title)).toEqual(["Plano de poupança do Bruno"]);
    expect((await json(await call("/sample/notes", { cookie: alice }))).items).toHaveLength(1);
    // The running app has no such module: neither the type nor the mount exist there.
    const running = new Hono<AppEnv>().onError(handleError).use("*", loadSession).route("/api/v1", buildApi(WORKER_MODULES));
    const probe = (path: string) => running.request(`${ORIGIN}/api/v1${path}`, { headers: { cookie: alice } }, env, createExecutionContext());
    expect((await probe("/search?q=plano&type=sample")).status).toBe(400);
    expect((await probe("/sample/notes")).status).toBe(404);
  });

  it("exports the module's rows with the platform's, for the user only", async () => {
    const data = await exportUserData(database(env.DB), await userIdOf("alice@throwaway.test"), exportersOf(modules, PLATFORM_EXPORTERS));
    expect(data.sampleNotes).toEqual([{ id: expect.any(String), title: "Plano de viagem da Alice" }]);
    expect(data).toHaveProperty("feedback");
    expect(JSON.stringify(data)).not.toContain("Bruno");
  });

  it("seeds its demo data into the demo account", async () => {
    const { userId } = await seedDemoAccount(env, modules);
    expect(await ownNotes(database(env.DB), userId)).toEqual([{ id: "demo-note", userId, title: "Nota de demonstração" }]);
    await env.DB.prepare(`delete from ${THROWAWAY_PREFIX}notes where id = 'demo-note'`).run();
  });

  it("runs its cron job with the platform's", async () => {
    // Beside the landed modules' own jobs (tasks' reminders...), which this test does not list.
    expect(cronJobsOf(modules, []).map((j) => j.name)).toContain("sample-count");
    expect(cronJobsOf([sample], []).map((j) => j.name)).toEqual(["sample-count"]);
    const results = await runSchedule(NIGHTLY, env, new Date(), { jobs: cronJobsOf(modules, []) });
    // Landed modules' nightly jobs run too; the sample's own result is the one asserted.
    expect(results).toMatchObject({ "sample-count": { affected: 2 } });
  });

  it("takes its own body limit and media type; other routes keep JSON up to 1 MB", async () => {
    const csv = (bytes: number) => "data;valor\n".padEnd(bytes, "x");
    const ok = await call("/sample/import", { method: "POST", cookie: alice, body: csv(3 * 1024 * 1024), type: "text/csv" });
    expect(ok.status).toBe(200);
    expect((await json(ok)).bytes).toBe(3 * 1024 * 1024);
    const big = await call("/sample/import", { method: "POST", cookie: alice, body: csv(5 * 1024 * 1024 + 1), type: "text/csv" });
    expect(big.status).toBe(413);
    expect((await json(big)).error).toEqual({ code: "payload_too_large", message: "O pedido é demasiado grande (máximo 5 MB)." });
    const wrongType = await call("/sample/import", { method: "POST", cookie: alice, body: "{}", type: "application/json" });
    expect(wrongType.status).toBe(415);
    expect((await json(wrongType)).error).toEqual({ code: "unsupported_media_type", message: "Tipo de conteúdo não suportado. Use text/csv." });
    const jsonTooBig = await call("/sample/notes", { method: "POST", cookie: alice, body: JSON.stringify({ title: "x".repeat(1024 * 1024 + 10) }), type: "application/json" });
    expect(jsonTooBig.status).toBe(413);
    expect((await json(jsonTooBig)).error.message).toBe("O pedido é demasiado grande (máximo 1 MB).");
    expect((await call("/sample/notes", { method: "POST", cookie: alice, body: "a,b", type: "text/csv" })).status).toBe(415);
  });
});

/** Every premium route of `routes` answers 402 premium_required for `freeCookie` (a Free user after the trial). */
async function expectAllRefused(routes: readonly PremiumRoute[], freeCookie: string) {
  for (const route of routes) {
    const path = route.path.replace(/:[^/]+/g, "x1");
    // A body of the media type the route takes (its rule's, else JSON), so only the plan can refuse it.
    const rule = bodyRuleFor(bodyRulesOf(modules, PLATFORM_BODY_RULES), route.method, path);
    const type = rule && rule.mediaTypes !== "any" ? rule.mediaTypes[0] : "application/json";
    const body = route.method === "GET" || route.method === "DELETE" ? undefined : type === "application/json" ? "{}" : "a";
    const response = await call(path, { method: route.method, cookie: freeCookie, body, type: body ? type : undefined });
    expect(response.status, `${route.method} ${route.path}`).toBe(402);
    expect((await json(response)).error).toEqual({ code: "premium_required", message: PREMIUM_MESSAGE });
  }
}

describe("premium routes of every manifest", () => {
  it("each answers 402 to a Free user after the trial, while own items and the export stay readable", async () => {
    await endTrial(await userIdOf("alice@throwaway.test"));
    // The running app's routes (every module's) and the throwaway module's, one loop.
    expect(premiumRoutesOf(modules, PLATFORM_PREMIUM_ROUTES)).toEqual([...PREMIUM_ROUTES, ...sample.premium!]);
    await expectAllRefused(premiumRoutesOf(modules, PLATFORM_PREMIUM_ROUTES), alice);
    // A paid read is refused, the user's own items are not (docs/decisions/0011-premium-reads.md).
    const own = await call("/sample/notes", { cookie: alice });
    expect(own.status).toBe(200);
    expect((await json(own)).items).toEqual([expect.objectContaining({ title: "Plano de viagem da Alice" })]);
    expect((await call("/me/export", { cookie: alice })).status).toBe(200);
    // During the trial the same routes pass the guard.
    expect((await call("/sample/insights", { cookie: bruno })).status).toBe(200);
  });

  it("lists a GET only as a marked paid read, and never the JSON export", () => {
    for (const route of premiumRoutesOf(modules, PLATFORM_PREMIUM_ROUTES)) {
      if (route.method === "GET") expect(route.paidRead, route.path).toBe(true);
      expect(route.path.startsWith("/me"), route.path).toBe(false);
    }
  });
});
