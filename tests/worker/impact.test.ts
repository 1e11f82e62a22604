import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NIGHTLY, runSchedule } from "@worker/cron/registry";
import { database } from "@worker/db/client";
import { probeIsolation } from "@worker/db/security";
import { run } from "@worker/db/reads";
import { impactFor, todayRead } from "@worker/impact/impact";
import { unscheduledForQuery } from "@worker/modules/tasks/queries";
import { userIdOf } from "./billing-helpers";
import { api, json, signUpAndLogIn } from "./helpers";

const call = (cookie: string, path: string, init: { method?: string; body?: unknown } = {}) => api(path, { ...init, headers: { cookie } });
const post = (cookie: string, body: unknown) => call(cookie, "/activities", { body });
const rows = async (userId: string) =>
  (await env.DB.prepare("select activity_type, metadata, route, module, created_at from user_activities where user_id = ? order by created_at").bind(userId).all<{ activity_type: string; metadata: string; route: string | null; module: string | null; created_at: number }>()).results;
const DAY = 86_400_000;
const insertActivity = (userId: string, at: number, type = "heartbeat") =>
  env.DB.prepare("insert into user_activities (id, user_id, activity_type, created_at) values (?, ?, ?, ?)").bind(crypto.randomUUID(), userId, type, at).run();
const insertCompletedGoal = (userId: string, completedAt: number) =>
  env.DB.prepare("insert into goals (id, user_id, title, progress, status, completed_at) values (?, ?, 'g', 100, 'completed', ?)").bind(crypto.randomUUID(), userId, completedAt).run();

describe("POST /activities", () => {
  it("stores the session events with their metadata, path only, and the module of the path", async () => {
    const cookie = await signUpAndLogIn("store@impact.test");
    const userId = await userIdOf("store@impact.test");
    const start = { sessionStart: "2026-11-23T09:00:00.000Z", userAgent: "Firefox", url: "https://rumo.pt/app/objetivos?goal=x#y" };
    expect((await post(cookie, { activityType: "session_start", metadata: start })).status).toBe(204);
    expect((await post(cookie, { activityType: "heartbeat", metadata: { sessionTime: 30, currentUrl: "/app/financas/analise?q=salário" } })).status).toBe(204);
    expect((await post(cookie, { activityType: "session_summary", metadata: { sessionStart: start.sessionStart, sessionEnd: "x", sessionDuration: 60, totalTimeActive: 45 } })).status).toBe(204);
    const stored = await rows(userId);
    expect(stored.map((r) => r.activity_type)).toEqual(["session_start", "heartbeat", "session_summary"]);
    expect(JSON.parse(stored[0].metadata)).toEqual({ ...start, url: "/app/objetivos" });
    expect(stored[0]).toMatchObject({ route: "/app/objetivos", module: "goals" });
    expect(stored[1]).toMatchObject({ route: "/app/financas/analise", module: "finances" });
    expect(stored[2]).toMatchObject({ route: null, module: null });
  });

  it("refuses unknown types, metadata over 4 KB and unknown fields with 400, and stores nothing", async () => {
    const cookie = await signUpAndLogIn("bad@impact.test");
    const userId = await userIdOf("bad@impact.test");
    for (const body of [
      { activityType: "page_view", metadata: {} },
      { activityType: "heartbeat", metadata: { blob: "x".repeat(4100) } },
      // 4 KB in bytes, not characters: 2,100 "ã" are 2,100 characters but 4,200 bytes.
      { activityType: "heartbeat", metadata: { blob: "ã".repeat(2100) } },
      { activityType: "heartbeat", metadata: "not an object" },
      { activityType: "heartbeat", metadata: {}, userId: "someone-else" },
      {},
    ]) {
      const response = await post(cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await json(response)).error.code).toBe("validation_failed");
    }
    expect((await post(cookie, { activityType: "heartbeat", metadata: { blob: "x".repeat(4000) } })).status).toBe(204);
    expect(await rows(userId)).toHaveLength(1);
  });

  it("needs a session", async () => {
    expect((await api("/activities", { body: { activityType: "heartbeat", metadata: {} } })).status).toBe(401);
  });

  it("stores nothing once the user turned tracking off in Preferências, and again after turning it on", async () => {
    const cookie = await signUpAndLogIn("off@impact.test");
    const userId = await userIdOf("off@impact.test");
    expect((await call(cookie, "/me", { method: "PATCH", body: { preferences: { activityTracking: false } } })).status).toBe(200);
    expect((await post(cookie, { activityType: "heartbeat", metadata: {} })).status).toBe(204);
    expect(await rows(userId)).toHaveLength(0);
    expect((await call(cookie, "/me", { method: "PATCH", body: { preferences: { activityTracking: "no" } } })).status).toBe(400);
    expect((await call(cookie, "/me", { method: "PATCH", body: { preferences: { activityTracking: true } } })).status).toBe(200);
    expect((await post(cookie, { activityType: "heartbeat", metadata: {} })).status).toBe(204);
    expect(await rows(userId)).toHaveLength(1);
  });

  // Deleting whole rows at 90 days left the chart's two oldest months at zero for every long-time user.
  it("clears what a row says after 90 days and deletes it after 155, so the five months keep their counts", async () => {
    await signUpAndLogIn("old@impact.test");
    const userId = await userIdOf("old@impact.test");
    const now = Date.parse("2026-12-31T12:00:00Z");
    const said = (at: number) =>
      env.DB.prepare("insert into user_activities (id, user_id, activity_type, metadata, route, module, created_at) values (?, ?, 'heartbeat', ?, '/app/financas', 'finances', ?)")
        .bind(crypto.randomUUID(), userId, JSON.stringify({ currentUrl: "/app/financas" }), at)
        .run();
    // August 1st (the oldest of the five months on 31 December), cleared on an earlier night, and
    // rows just past each retention.
    await insertActivity(userId, Date.parse("2026-08-01T00:30:00Z"));
    for (const at of [now - 156 * DAY, now - 91 * DAY, now - 89 * DAY]) await said(at);
    await runSchedule(NIGHTLY, env, new Date(now), { inline: true });
    expect((await rows(userId)).map((r) => ({ at: r.created_at, route: r.route, module: r.module, metadata: JSON.parse(r.metadata) }))).toEqual([
      { at: Date.parse("2026-08-01T00:30:00Z"), route: null, module: null, metadata: {} },
      { at: now - 91 * DAY, route: null, module: null, metadata: {} },
      { at: now - 89 * DAY, route: "/app/financas", module: "finances", metadata: { currentUrl: "/app/financas" } },
    ]);
    const { months } = await impactFor(database(env.DB), { id: userId, timeZone: "Europe/Lisbon" }, new Date(now));
    expect(months.map((m: { month: string; activities: number }) => [m.month, m.activities])).toEqual([["2026-08", 1], ["2026-09", 0], ["2026-10", 2], ["2026-11", 0], ["2026-12", 0]]);
  });

  it("goes with the account", async () => {
    const cookie = await signUpAndLogIn("gone@impact.test");
    const userId = await userIdOf("gone@impact.test");
    await post(cookie, { activityType: "heartbeat", metadata: {} });
    await env.DB.prepare("delete from users where id = ?").bind(userId).run();
    expect(await rows(userId)).toHaveLength(0);
  });
});

describe("GET /impact", () => {
  it("answers section 9's metrics from completed goals and the last 30 days of activity", async () => {
    const cookie = await signUpAndLogIn("metrics@impact.test");
    const userId = await userIdOf("metrics@impact.test");
    const empty = await json(await call(cookie, "/impact"));
    expect(empty).toMatchObject({ timeSaved: 0, unlockedSkills: [], potentialProjects: 0, mentoringHours: 0, productivityGain: 0 });
    expect(empty.months).toHaveLength(5);

    const now = Date.now();
    for (let i = 0; i < 5; i++) await insertCompletedGoal(userId, now - i * 1000);
    // An open goal and another user's completed goal do not count.
    await env.DB.prepare("insert into goals (id, user_id, title, status) values (?, ?, 'open', 'in_progress')").bind(crypto.randomUUID(), userId).run();
    await signUpAndLogIn("other@impact.test");
    await insertCompletedGoal(await userIdOf("other@impact.test"), now);
    // 40 activities in the window (sign-in wrote none), 3 older than 30 days that do not count.
    for (let i = 0; i < 40; i++) await insertActivity(userId, now - i * 60_000);
    for (let i = 0; i < 3; i++) await insertActivity(userId, now - 31 * DAY);

    const full = await json(await call(cookie, "/impact"));
    // g = 5, a = 40: floor(2.5 + 4) = 6.
    expect(full).toMatchObject({ timeSaved: 6, potentialProjects: 0, productivityGain: 30, mentoringHours: 0, completedGoals: 5, activities: 40 });
    expect(full.unlockedSkills).toEqual(["deepFocus", "consistency", "goalManagement"]);
  });

  it("counts the five months in the user's zone, oldest first", async () => {
    await signUpAndLogIn("months@impact.test");
    const userId = await userIdOf("months@impact.test");
    await env.DB.prepare("update users set time_zone = 'Asia/Tokyo' where id = ?").bind(userId).run();
    const now = new Date("2026-03-15T12:00:00Z");
    // 31 Jan 20:00 UTC is 1 Feb 05:00 in Tokyo: February's, not January's.
    await insertActivity(userId, Date.parse("2026-01-31T20:00:00Z"));
    await insertActivity(userId, Date.parse("2026-01-10T12:00:00Z"));
    await insertActivity(userId, Date.parse("2026-03-14T12:00:00Z"));
    await insertActivity(userId, Date.parse("2025-10-20T12:00:00Z")); // six months back: not shown
    await insertCompletedGoal(userId, Date.parse("2025-11-05T12:00:00Z"));
    await insertCompletedGoal(userId, Date.parse("2026-03-01T00:00:00Z"));
    const answer = await impactFor(database(env.DB), { id: userId, timeZone: "Asia/Tokyo" }, now);
    expect(answer.months).toEqual([
      { month: "2025-11", value: 1, goals: 1, activities: 0 },
      { month: "2025-12", value: 0, goals: 0, activities: 0 },
      { month: "2026-01", value: 1, goals: 0, activities: 1 },
      { month: "2026-02", value: 1, goals: 0, activities: 1 },
      { month: "2026-03", value: 2, goals: 1, activities: 1 },
    ]);
  });

  it("needs a session", async () => {
    expect((await api("/impact")).status).toBe(401);
  });
});

describe("the Hoje panel's spending", () => {
  it("names the categories over budget as the user sees them: a default one's label in the page's language, their own one's name", async () => {
    const cookie = await signUpAndLogIn("over@impact.test");
    const userId = await userIdOf("over@impact.test");
    const now = new Date("2026-11-20T12:00:00Z");
    const { category } = await json(await call(cookie, "/finances/categories", { body: { name: "Gatos & cães", type: "expense" } }));
    for (const [key, limitCents] of [["groceries", 1_000], [category.id, 1_000], ["home", 100_000]] as const) expect((await call(cookie, "/budgets", { body: { category: key, limitCents } })).status).toBe(201);
    const spend = env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 5000, '', '2026-11-10', ?)");
    await env.DB.batch([spend.bind("over-1", userId, "groceries"), spend.bind("over-2", userId, category.id), spend.bind("over-3", userId, "home")]);

    const db = database(env.DB);
    const user = { id: userId, timeZone: "Europe/Lisbon" };
    const pt = await run(db, todayRead(db, user, ["finances.basic"], now, "pt"));
    expect(pt.spending?.overBudget.sort()).toEqual(["Alimentação/Supermercado", "Gatos & cães"]);
    const en = await run(db, todayRead(db, user, ["finances.basic"], now, "en"));
    expect(en.spending?.overBudget.sort()).toEqual(["Gatos & cães", "Groceries"]);
  });
});

describe("the Hoje panel's spending at the limit", () => {
  it("lists a category spent exactly to its limit, as the budgets tab's 'exceeded' and the 100 % alert do", async () => {
    const cookie = await signUpAndLogIn("limit@impact.test");
    const userId = await userIdOf("limit@impact.test");
    for (const [key, limitCents] of [["groceries", 5_000], ["home", 5_001]] as const) expect((await call(cookie, "/budgets", { body: { category: key, limitCents } })).status).toBe(201);
    const spend = env.DB.prepare("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 5000, '', '2026-11-10', ?)");
    await env.DB.batch([spend.bind("limit-1", userId, "groceries"), spend.bind("limit-2", userId, "home")]);
    const db = database(env.DB);
    const today = await run(db, todayRead(db, { id: userId, timeZone: "Europe/Lisbon" }, ["finances.basic"], new Date("2026-11-20T12:00:00Z"), "pt"));
    expect(today.spending?.overBudget).toEqual(["Alimentação/Supermercado"]);
  });
});

describe("the Hoje panel's tasks to plan", () => {
  it("shows the tasks due today or overdue even behind more than 200 older undated ones, from an index", async () => {
    await signUpAndLogIn("toplan@impact.test");
    const userId = await userIdOf("toplan@impact.test");
    const now = new Date("2026-11-20T12:00:00Z");
    const task = env.DB.prepare("insert into tasks (id, user_id, title, due_date, created_at, updated_at) values (?, ?, ?, ?, ?, ?)");
    const old = Date.parse("2025-01-01T00:00:00Z");
    const undated = Array.from({ length: 210 }, (_, i) => task.bind(`undated-${i}`, userId, `Um dia ${i}`, null, old + i, old + i));
    await env.DB.batch([
      ...undated,
      task.bind("due-today", userId, "Hoje", "2026-11-20", old + 1_000, old + 1_000),
      task.bind("overdue", userId, "Atrasada", "2026-11-02", old + 2_000, old + 2_000),
      task.bind("tomorrow", userId, "Amanhã", "2026-11-21", old + 3_000, old + 3_000),
    ]);
    await env.DB.prepare("insert into tasks (id, user_id, title, due_date, status) values ('done', ?, 'Feita', '2026-11-20', 'done')").bind(userId).run();

    const db = database(env.DB);
    const today = await run(db, todayRead(db, { id: userId, timeZone: "Europe/Lisbon" }, ["tasks"], now, "pt"));
    // The longest overdue first (by due date), as 'Planear o dia' takes them.
    expect(today.toPlan?.map((t) => t.id)).toEqual(["overdue", "due-today"]);

    const query = unscheduledForQuery(db, userId, "2026-11-20", { undated: false, limit: 8 }).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).filter((detail) => /^SCAN tasks\b/.test(detail))).toEqual([]);
  });
});

describe("GET /security/probe", () => {
  it("answers ok when the session is valid and another user's rows are refused", async () => {
    const ana = await signUpAndLogIn("ana@probe.test");
    const bruno = await signUpAndLogIn("bruno@probe.test");
    await post(bruno, { activityType: "heartbeat", metadata: {} });
    await insertCompletedGoal(await userIdOf("bruno@probe.test"), Date.now());
    const answer = await json(await call(ana, "/security/probe"));
    expect(answer).toMatchObject({ ok: true, session: "valid", isolation: { goals: "refused", user_activities: "refused" } });
  });

  it("reports an exposure when the scoped read returns another user's row", async () => {
    await signUpAndLogIn("leak@probe.test");
    await signUpAndLogIn("victim@probe.test");
    await insertCompletedGoal(await userIdOf("victim@probe.test"), Date.now());
    // A broken accessor that forgets the user id, as the probe exists to catch.
    const leaky = async () => [{ id: "someone else's" }];
    const results = await probeIsolation(database(env.DB), await userIdOf("leak@probe.test"), leaky);
    expect(results.goals).toBe("exposed");
  });

  it("answers 401 without a valid session", async () => {
    expect((await api("/security/probe")).status).toBe(401);
    expect((await api("/security/probe", { headers: { cookie: "rumo_session=forged" } })).status).toBe(401);
  });
});

describe("the Hoje panel's routines", () => {
  // The screen words a weekday routine's streak in times and a daily one's in days: it needs to know which.
  it("says how often each routine due today is, with its streak", async () => {
    await signUpAndLogIn("routines@impact.test");
    const userId = await userIdOf("routines@impact.test");
    const now = new Date("2026-11-20T12:00:00Z"); // a Friday
    const routine = env.DB.prepare("insert into routines (id, user_id, title, frequency, weekdays, created_at) values (?, ?, ?, ?, ?, ?)");
    const created = Date.parse("2026-11-01T09:00:00Z");
    await env.DB.batch([
      routine.bind("daily", userId, "Ler", "daily", "[]", created),
      routine.bind("fridays", userId, "Ginásio", "weekdays", "[5]", created + 1),
      routine.bind("mondays", userId, "Nadar", "weekdays", "[1]", created + 2),
    ]);
    const db = database(env.DB);
    const today = await run(db, todayRead(db, { id: userId, timeZone: "Europe/Lisbon" }, ["selfCare"], now, "pt"));
    expect(today.routines?.map(({ id, frequency }) => ({ id, frequency }))).toEqual([
      { id: "daily", frequency: "daily" },
      { id: "fridays", frequency: "weekdays" },
    ]);
  });
});
