import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { accountInHandler } from "../../worker/auth/middleware";
import { hashToken } from "../../worker/auth/tokens";
import { premiumRouteMatcher } from "../../worker/billing/premium-route-matcher";
import { PREMIUM_ROUTES } from "../../worker/billing/premium-routes";
import { countingD1, countingKv, type D1Call, type KvCall } from "./counting-bindings";
import { ORIGIN, signUpAndLogIn } from "./helpers";

// Issue 20: a signed-in request makes at most one KV read and one D1 round trip before its handler's
// own work (docs/decisions/0041). The request goes to an API path with no handler work at all (the
// API's not-found answer), so everything counted before the answer is the pipeline's. The one call
// after it, the error count of the health screen, runs once the answer is made (waitUntil).
const isErrorCount = (call: D1Call) => call.sql.some((sql) => sql.includes('"error_counts"'));

async function pipelineCalls(cookie?: string) {
  const d1: D1Call[] = [];
  const kv: KvCall[] = [];
  const ctx = createExecutionContext();
  const countingEnv = { ...env, DB: countingD1(env.DB, d1), SESSIONS: countingKv(env.SESSIONS, kv) };
  const response = await app.fetch(new Request(`${ORIGIN}/api/v1/no-such-thing`, { headers: cookie ? { cookie } : {} }), countingEnv, ctx);
  const before = { d1: [...d1], kv: [...kv] };
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(404);
  return { before: { d1: before.d1.filter((c) => !isErrorCount(c)), kvReads: before.kv.filter((c) => c.method === "get") }, after: d1.slice(before.d1.length) };
}

describe("round trips before the handler", () => {
  it("anonymous: no KV read and no D1 round trip", async () => {
    const { before } = await pipelineCalls();
    expect(before.kvReads).toEqual([]);
    expect(before.d1).toEqual([]);
  });

  it("signed in with the session's KV copy: one KV read, one D1 round trip (the user)", async () => {
    const cookie = await signUpAndLogIn("rt-kv@example.com");
    const { before, after } = await pipelineCalls(cookie);
    expect(before.kvReads).toHaveLength(1);
    expect(before.d1).toHaveLength(1);
    expect(before.d1[0].sql[0]).toContain('from "users"');
    // …with the profile and the paid subscription in the same statement (GET /me, the /app layout
    // and the premium guards read them from the session instead of a round trip of their own).
    expect(before.d1[0].sql[0]).toMatch(/left join "profiles".*left join "subscriptions"/);
    // The error count is the only D1 work left, after the answer.
    expect(after.every(isErrorCount)).toBe(true);
  });

  it("signed in again within RECENT_SESSION_MS: no KV read, the isolate has the record (decision 0056)", async () => {
    const cookie = await signUpAndLogIn("rt-recent@example.com");
    expect((await pipelineCalls(cookie)).before.kvReads).toHaveLength(1);
    const again = await pipelineCalls(cookie);
    expect(again.before.kvReads).toEqual([]);
    expect(again.before.d1).toHaveLength(1);
    // Signed out: the isolate forgets at once; the old cookie is refused even though the isolate had it.
    expect((await app.fetch(new Request(`${ORIGIN}/api/v1/auth/logout`, { method: "POST", headers: { cookie, origin: ORIGIN } }), env, createExecutionContext())).status).toBe(204);
    const me = await app.fetch(new Request(`${ORIGIN}/api/v1/me`, { headers: { cookie } }), env, createExecutionContext());
    expect(me.status).toBe(401);
  });

  it("signed in without a KV copy: one KV read, and the session and its user in one D1 round trip", async () => {
    const cookie = await signUpAndLogIn("rt-nokv@example.com");
    await env.SESSIONS.delete(`session:${hashToken(cookie.split("=")[1])}`);
    const { before } = await pipelineCalls(cookie);
    expect(before.kvReads).toHaveLength(1);
    expect(before.d1).toHaveLength(1);
    expect(before.d1[0].sql[0]).toMatch(/from "sessions" inner join "users" .*left join "profiles".*left join "subscriptions"/);
  });

  it("GET /me needs no D1 round trip past the session's", async () => {
    const cookie = await signUpAndLogIn("rt-me@example.com");
    const d1: D1Call[] = [];
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}/api/v1/me`, { headers: { cookie } }), { ...env, DB: countingD1(env.DB, d1) }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { subscription: { tier: string } }).subscription.tier).toBe("pro");
    const own = d1.filter((c) => !isErrorCount(c));
    expect(own.map((c) => c.sql[0])).toHaveLength(1);
  });
});

// Issue 16: the search dialog asks on every keystroke. GET /search reads the account's standing (its disabled
// check) in the same D1 batch as the search itself (`accountInHandler`, worker/auth/middleware.ts).
describe("GET /search: one D1 round trip in all", () => {
  async function search(cookie: string, q: string) {
    const d1: D1Call[] = [];
    const kv: KvCall[] = [];
    const ctx = createExecutionContext();
    const countingEnv = { ...env, DB: countingD1(env.DB, d1), SESSIONS: countingKv(env.SESSIONS, kv) };
    const response = await app.fetch(new Request(`${ORIGIN}/api/v1/search?q=${encodeURIComponent(q)}`, { headers: { cookie } }), countingEnv, ctx);
    await waitOnExecutionContext(ctx);
    return { response, d1: d1.filter((c) => !isErrorCount(c)), kvReads: kv.filter((c) => c.method === "get") };
  }

  it("the account and the search in one batch, with the session from KV", async () => {
    const cookie = await signUpAndLogIn("rt-search@example.com");
    const { response, d1, kvReads } = await search(cookie, "reuni");
    expect(response.status).toBe(200);
    expect(kvReads).toHaveLength(1);
    expect(d1).toHaveLength(1);
    expect(d1[0].kind).toBe("batch");
    expect(d1[0].sql.join(" ")).toMatch(/from "users"[\s\S]*search_fts match/);
  });

  it("a disabled account is refused even while KV still holds its session, with or without words to search", async () => {
    const cookie = await signUpAndLogIn("rt-search-off@example.com");
    expect((await search(cookie, "reuni")).response.status).toBe(200);
    await env.DB.prepare("update users set disabled_at = ? where email = ?").bind(Date.now(), "rt-search-off@example.com").run();
    for (const q of ["reuni", "!!"]) {
      const { response } = await search(cookie, q);
      expect(response.status, q).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    }
  });
});

// The task list, the app's most frequent read: the account is read in the list's own batch
// (`accountInHandler`), so the whole request is one D1 round trip.
describe("GET /tasks: one D1 round trip in all", () => {
  async function tasks(cookie: string, query = "", init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const d1: D1Call[] = [];
    const ctx = createExecutionContext();
    const headers = { cookie, origin: ORIGIN, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers };
    const request = new Request(`${ORIGIN}/api/v1/tasks${query}`, { method: init.method ?? "GET", headers, body: init.body ? JSON.stringify(init.body) : undefined });
    const response = await app.fetch(request, { ...env, DB: countingD1(env.DB, d1) }, ctx);
    await waitOnExecutionContext(ctx);
    return { response, d1: d1.filter((c) => !isErrorCount(c)) };
  }

  it("the account and the list in one batch; the list as before", async () => {
    const cookie = await signUpAndLogIn("rt-tasks@example.com");
    expect((await tasks(cookie, "", { method: "POST", body: { title: "Pagar a renda", dueDate: "2026-12-01" } })).response.status).toBe(201);
    const { response, d1 } = await tasks(cookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: { title: string }[] }).items.map((t) => t.title)).toEqual(["Pagar a renda"]);
    expect(d1).toHaveLength(1);
    expect(d1[0].kind).toBe("batch");
    expect(d1[0].sql.join(" ")).toMatch(/from "users"[\s\S]*from "profiles"[\s\S]*from "subscriptions"[\s\S]*from "tasks"/);
  });

  it("a day's list in the user's zone: one round trip with the zone guessed right, a second only when it changed", async () => {
    const email = "rt-tasks-day@example.com";
    const cookie = await signUpAndLogIn(email);
    // 02:00 UTC on 2 December: the 2nd in Lisbon, still the 1st (21:00) in New York.
    expect((await tasks(cookie, "", { method: "POST", body: { title: "Ligar à mãe", scheduledStart: "2026-12-02T02:00:00Z" } })).response.status).toBe(201);
    const day = async (date: string) => {
      const { response, d1 } = await tasks(cookie, `?date=${date}`);
      expect(response.status).toBe(200);
      return { titles: ((await response.json()) as { items: { title: string }[] }).items.map((t) => t.title), trips: d1.length, sql: d1[0].sql.join(" ") };
    };
    const setZone = (zone: string) => env.DB.prepare("update users set time_zone = ? where email = ?").bind(zone, email).run();

    // A new account's zone (Lisbon) is the first guess: the account and the day in one batch.
    const lisbon = await day("2026-12-02");
    expect(lisbon).toMatchObject({ titles: ["Ligar à mãe"], trips: 1 });
    expect(lisbon.sql).toMatch(/from "users"[\s\S]*from "tasks"/);
    expect(await day("2026-12-01")).toMatchObject({ titles: [], trips: 1 });

    // The zone changed: the guess is wrong once (a second trip), and the answer is the new zone's.
    await setZone("America/New_York");
    expect(await day("2026-12-01")).toMatchObject({ titles: ["Ligar à mãe"], trips: 2 });
    expect(await day("2026-12-01")).toMatchObject({ titles: ["Ligar à mãe"], trips: 1 });
    expect(await day("2026-12-02")).toMatchObject({ titles: [], trips: 1 });
    await setZone("Europe/Lisbon");
    expect(await day("2026-12-01")).toMatchObject({ titles: [], trips: 2 });
  });

  it("refuses a disabled account while its session is still cached, and a bad query in the account's language", async () => {
    const cookie = await signUpAndLogIn("rt-tasks-off@example.com");
    // The account's language (Portuguese) wins over the request's, as on every route; the error path
    // alone reads it.
    const bad = await tasks(cookie, "?status=nope", { headers: { "accept-language": "en" } });
    expect(bad.response.status).toBe(400);
    expect(((await bad.response.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "validation_failed", message: "Valor inválido." });
    expect(bad.d1).toHaveLength(1);
    expect((await tasks(cookie)).response.status).toBe(200);
    await env.DB.prepare("update users set disabled_at = ? where email = ?").bind(Date.now(), "rt-tasks-off@example.com").run();
    const { response } = await tasks(cookie);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    // Writes still have the account read by the middleware, and are refused the same way.
    expect((await tasks(cookie, "", { method: "POST", body: { title: "x" } })).response.status).toBe(401);
  });
});

// The bell's notifications (asked on every page), the goals' and transactions' lists, which their
// screens page through ("load more"), and API clients' windows of events read the account in their
// own batch too (`accountInHandler`).
describe.each([
  {
    path: "/api/v1/notifications",
    table: "notifications",
    create: { title: "Renovar o cartão de cidadão" },
    listed: (body: { items: { title: string }[]; unreadCount: number }) => [...body.items.map((n) => n.title), `unread: ${body.unreadCount}`],
    // The welcome notification of every new account comes with it.
    expected: ["Renovar o cartão de cidadão", "Bem-vindo ao Rumo!", "unread: 2"],
  },
  { path: "/api/v1/goals", table: "goals", create: { title: "Correr 10 km" }, listed: (body: { items: { title: string }[] }) => body.items.map((g) => g.title), expected: ["Correr 10 km"] },
  {
    path: "/api/v1/transactions",
    table: "transactions",
    create: { type: "expense", amountCents: 1250, description: "Almoço", date: "2026-11-20", category: "restaurants" },
    listed: (body: { items: { description: string }[] }) => body.items.map((t) => t.description),
    expected: ["Almoço"],
  },
  {
    // A window of the user's days: read in UTC widened by a day, cut in their zone after the batch.
    path: "/api/v1/events",
    table: "events",
    window: "?from=2026-12-01&to=2026-12-07",
    create: { title: "Consulta no dentista", start: "2026-12-03T09:30:00Z", end: "2026-12-03T10:15:00Z" },
    listed: (body: { items: { title: string }[] }) => body.items.map((e) => e.title),
    expected: ["Consulta no dentista"],
  },
])("GET $path: one D1 round trip in all", ({ path, table, create, listed, expected, window = "" }) => {
  async function call(cookie: string, init: { method?: string; body?: unknown; query?: string } = {}) {
    const d1: D1Call[] = [];
    const ctx = createExecutionContext();
    const headers = { cookie, origin: ORIGIN, ...(init.body ? { "content-type": "application/json" } : {}) };
    const request = new Request(`${ORIGIN}${path}${init.query ?? (init.method ? "" : window)}`, { method: init.method ?? "GET", headers, body: init.body ? JSON.stringify(init.body) : undefined });
    const response = await app.fetch(request, { ...env, DB: countingD1(env.DB, d1) }, ctx);
    await waitOnExecutionContext(ctx);
    return { response, d1: d1.filter((c) => !isErrorCount(c)) };
  }

  it("the account and the list in one batch; the list as before", async () => {
    const cookie = await signUpAndLogIn(`rt-${table}@example.com`);
    expect((await call(cookie, { method: "POST", body: create })).response.status).toBe(201);
    const { response, d1 } = await call(cookie);
    expect(response.status).toBe(200);
    expect(listed((await response.json()) as never)).toEqual(expected);
    expect(d1).toHaveLength(1);
    expect(d1[0].kind).toBe("batch");
    expect(d1[0].sql.join(" ")).toMatch(new RegExp(`from "users"[\\s\\S]*from "profiles"[\\s\\S]*from "subscriptions"[\\s\\S]*from "${table}"`));
  });

  it("refuses a disabled account while its session is still cached, reads and writes alike", async () => {
    const email = `rt-${table}-off@example.com`;
    const cookie = await signUpAndLogIn(email);
    expect((await call(cookie)).response.status).toBe(200);
    await env.DB.prepare("update users set disabled_at = ? where email = ?").bind(Date.now(), email).run();
    const { response } = await call(cookie);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    expect((await call(cookie, { method: "POST", body: create })).response.status).toBe(401);
  });

  it("answers 401 without a session and 400 to a bad query, reading nothing of the list", async () => {
    const anonymous = await app.fetch(new Request(`${ORIGIN}${path}`), env, createExecutionContext());
    expect(anonymous.status).toBe(401);
    const cookie = await signUpAndLogIn(`rt-${table}-bad@example.com`);
    const bad = await call(cookie, { query: "?limit=abc" });
    expect(bad.response.status).toBe(400);
    expect(bad.d1.some((c) => c.sql.join(" ").includes(`from "${table}"`))).toBe(false);
  });
});

it("the routes whose handler reads the account are the GET reads above, none of them premium (the guard needs the account first)", () => {
  const marked = app.routes.filter((route) => route.handler === accountInHandler);
  expect(marked.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
    ["/api/v1/events", "/api/v1/goals", "/api/v1/notifications", "/api/v1/search", "/api/v1/tasks", "/api/v1/transactions"].map((path) => `GET ${path}`),
  );
  const premium = premiumRouteMatcher(PREMIUM_ROUTES);
  for (const { path } of marked) expect(premium("GET", path.slice("/api/v1".length)), path).toBeUndefined();
});

it("GET /notifications?filter=today: the account, today's page (today in the user's zone) and the count in one round trip", async () => {
  const cookie = await signUpAndLogIn("rt-notifications-today@example.com");
  const d1: D1Call[] = [];
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}/api/v1/notifications?filter=today`, { headers: { cookie } }), { ...env, DB: countingD1(env.DB, d1) }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ items: expect.any(Array), unreadCount: expect.any(Number) });
  const own = d1.filter((c) => !isErrorCount(c));
  expect(own).toHaveLength(1);
  expect(own[0].sql.join(" ")).toMatch(/from "users"[\s\S]*from "notifications"[\s\S]*count\(\*\)/);
});
