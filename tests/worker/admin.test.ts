import { env, SELF } from "cloudflare:test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { NIGHTLY, runSchedule } from "../../worker/cron/registry";
import { userIdOf } from "./billing-helpers";
import { fakeAuthorizationCode } from "../fixtures/fake-google";
import { api, freshIp, json, lastMailTo, ORIGIN, signUpAndLogIn } from "./helpers";

// ADMIN_EMAILS is "boss@example.com" in the worker test config (vitest.worker.config.ts).
const ADMIN = "boss@example.com";
const PASSWORD = "segredo-123";

// D1 is shared by the tests of this file: each test makes its own accounts (unique addresses).
let serial = 0;
const unique = (name: string) => `${name}-${++serial}@admin.test`;

/** An admin of its own for a test: signed up, then given the role (as another admin would). */
async function admin() {
  const email = unique("admin");
  const cookie = await signUpAndLogIn(email, PASSWORD, "Admin");
  const id = await userIdOf(email);
  await env.DB.prepare("update users set role = 'admin' where id = ?").bind(id).run();
  return { cookie, id, email };
}

let boss: Promise<{ cookie: string; id: string }> | undefined;
/** The ADMIN_EMAILS account (made once: its address is fixed). */
const adminFromSetting = () =>
  (boss ??= signUpAndLogIn(ADMIN, PASSWORD, "Boss").then(async (cookie) => ({ cookie, id: await userIdOf(ADMIN) })));

async function user(name: string) {
  const email = unique(name.split("@")[0]);
  const cookie = await signUpAndLogIn(email);
  return { cookie, id: await userIdOf(email), email };
}

/** The audit entries of one action written by one actor, oldest first. */
const auditRows = (action: string, actorId: string) =>
  env.DB.prepare("select actor_id, action, target_id, outcome, detail from audit_log where action = ? and actor_id = ? order by created_at, rowid")
    .bind(action, actorId)
    .all<{ actor_id: string | null; action: string; target_id: string; outcome: string; detail: string }>()
    .then((r) => r.results);

const me = (cookie: string) => api("/me", { headers: { cookie } });

/** Every admin route with a body that passes validation (ids point at nothing: a 404 is an admitted request). */
const ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: "GET", path: "/admin/users" },
  { method: "GET", path: "/admin/users/nobody" },
  { method: "POST", path: "/admin/users/nobody/end-sessions" },
  { method: "POST", path: "/admin/users/nobody/disable", body: { password: PASSWORD } },
  { method: "POST", path: "/admin/users/nobody/enable" },
  { method: "PATCH", path: "/admin/users/nobody", body: { role: "admin", password: PASSWORD } },
  { method: "DELETE", path: "/admin/users/nobody", body: { password: PASSWORD } },
  { method: "POST", path: "/admin/users/nobody/resend-confirmation" },
  { method: "GET", path: "/admin/audit" },
  { method: "GET", path: "/admin/analytics" },
  { method: "GET", path: "/admin/health" },
  { method: "GET", path: "/admin/readiness" },
  { method: "POST", path: "/admin/readiness/test-email" },
  { method: "GET", path: "/admin/feature-flags" },
  { method: "PATCH", path: "/admin/feature-flags/nothing", body: { releaseStatus: "beta" } },
  { method: "GET", path: "/admin/feedback" },
  { method: "PATCH", path: "/admin/feedback/nothing", body: { status: "read" } },
  { method: "POST", path: "/admin/feedback/nothing/reply", body: { message: "Obrigado" } },
  { method: "GET", path: "/admin/incidents" },
  { method: "POST", path: "/admin/incidents", body: { titlePt: "Lento", titleEn: "Slow" } },
  { method: "PATCH", path: "/admin/incidents/nothing", body: { status: "resolved" } },
  { method: "DELETE", path: "/admin/incidents/nothing" },
];

describe("admin routes: who may call them", () => {
  it("answer 401 signed out, 403 to a user (each refusal audited), and admit an admin", async () => {
    const boss = await admin();
    const ana = await user("ana");
    for (const route of ROUTES) {
      const anonymous = await api(route.path, { method: route.method, body: route.body });
      expect(anonymous.status, `${route.method} ${route.path} signed out`).toBe(401);
      const refused = await api(route.path, { method: route.method, body: route.body, headers: { cookie: ana.cookie } });
      expect(refused.status, `${route.method} ${route.path} as user`).toBe(403);
      expect((await json(refused)).error.code).toBe("forbidden");
      const allowed = await api(route.path, { method: route.method, body: route.body, headers: { cookie: boss.cookie } });
      expect([200, 201, 204, 404], `${route.method} ${route.path} as admin: ${allowed.status}`).toContain(allowed.status);
    }
    const refusals = await auditRows("admin.access", ana.id);
    expect(refusals).toHaveLength(ROUTES.length);
    expect(refusals.every((r) => r.actor_id === ana.id && r.outcome === "refused")).toBe(true);
    expect(JSON.parse(refusals[0].detail)).toEqual({ method: "GET", path: "/api/v1/admin/users" });
    // A user who only opened an admin address: named by id, without their e-mail, address or browser
    // (the append-only log outlives the account; the id is all an admin needs to look further).
    const stored = await env.DB.prepare("select actor_email, ip_address, user_agent from audit_log where action = 'admin.access' and actor_id = ?").bind(ana.id).all();
    expect(stored.results.every((r) => r.actor_email === "" && r.ip_address === "" && r.user_agent === "")).toBe(true);
    // The admin's own requests were admitted, none refused.
    expect(await auditRows("admin.access", boss.id)).toEqual([]);
  });

  it("refuses an admin role on an address that is no longer confirmed", async () => {
    const boss = await admin();
    await env.DB.prepare("update users set email_confirmed_at = null where id = ?").bind(boss.id).run();
    expect((await api("/admin/users", { headers: { cookie: boss.cookie } })).status).toBe(403);
  });
});

describe("GET /admin/users", () => {
  it("searches e-mail and name, pages by keyset, and treats SQL and HTML as plain text", async () => {
    const boss = await admin();
    const zeca = await user("zecasearchax");
    const maria = await user("mariasearch_x");
    const search = async (q: string, extra = "") => api(`/admin/users?q=${encodeURIComponent(q)}${extra}`, { headers: { cookie: boss.cookie } });

    const found = await json(await search("ZECASEARCH"));
    expect(found.items.map((u: { email: string }) => u.email)).toEqual([zeca.email]);
    expect(found.items[0]).toMatchObject({ fullName: "Ana Silva", tier: "pro", isTrialActive: true, emailConfirmed: true, disabled: false, role: "user" });
    expect(found.items[0].lastSeenAt).not.toBeNull();

    for (const q of ["' OR 1=1 --", "%", "<script>alert(1)</script>", "\"; drop table users; --"]) {
      const response = await search(q);
      expect(response.status, q).toBe(200);
      expect((await json(response)).items, q).toEqual([]);
    }
    // "_" matches only an underscore (it would be LIKE's one-character wildcard).
    expect((await json(await search("h_x"))).items.map((u: { email: string }) => u.email)).toEqual([maria.email]);
    expect((await json(await search("hxx"))).items).toEqual([]);
    // Longer than the 50 bytes D1 allows a LIKE pattern: a search, not a 500.
    const long = await search(`${zeca.email} <Ana Silva> (pasted from the mail client)`);
    expect(long.status).toBe(200);
    expect((await json(long)).items).toEqual([]);
    expect((await json(await search(zeca.email.toUpperCase()))).items.map((u: { email: string }) => u.email)).toEqual([zeca.email]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { email: string }[]; nextCursor: string | null } = await json(
        await api(`/admin/users?q=search&limit=1${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie: boss.cookie } }),
      );
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((u) => u.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([maria.email, zeca.email]);

    for (const bad of ["&limit=0", "&limit=201", "&cursor=%%%", "&cursor=eyJ4Ijox", "&unknown=1"]) {
      const response = await search("a", bad);
      expect(response.status, bad).toBe(400);
      expect((await json(response)).error.code).toBe("validation_failed");
    }
    expect((await search("x".repeat(201))).status).toBe(400);
  });

  it("shows one user's account facts, never module content, and audits the view", async () => {
    const boss = await admin();
    const ana = await user("facts");
    const facts = await json(await api(`/admin/users/${ana.id}`, { headers: { cookie: boss.cookie } }));
    expect(facts).toMatchObject({ id: ana.id, email: ana.email, activeSessions: 1, hasPassword: true, twoFactorEnabled: false, disabled: false });
    expect(Object.keys(facts)).not.toContain("passwordHash");
    expect((await auditRows("user.view", boss.id)).map((r) => r.target_id)).toEqual([ana.id]);
  });
});

describe("admin actions on accounts", () => {
  it("ends a user's sessions at once: their next request is signed out", async () => {
    const boss = await admin();
    const ana = await user("ends");
    expect((await me(ana.cookie)).status).toBe(200);
    expect((await api(`/admin/users/${ana.id}/end-sessions`, { method: "POST", headers: { cookie: boss.cookie } })).status).toBe(204);
    expect((await me(ana.cookie)).status).toBe(401);
    expect(await auditRows("user.end_sessions", boss.id)).toMatchObject([{ target_id: ana.id, outcome: "ok", actor_id: boss.id }]);
  });

  it("disables an account (its sessions end, it cannot sign in) only with the admin's password, and re-enables it", async () => {
    const boss = await admin();
    const ana = await user("disable");
    const disable = (body: unknown) => api(`/admin/users/${ana.id}/disable`, { body, headers: { cookie: boss.cookie } });

    const wrong = await disable({ password: "errada-000" });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error.fields.password).toBeTruthy();
    expect((await me(ana.cookie)).status).toBe(200);

    expect((await disable({ password: PASSWORD })).status).toBe(204);
    expect((await me(ana.cookie)).status).toBe(401);
    const login = await api("/auth/login", { body: { email: ana.email, password: PASSWORD }, headers: { "cf-connecting-ip": freshIp() } });
    expect(login.status).toBe(403);
    expect((await json(login)).error.code).toBe("account_disabled");
    const listed = await json(await api(`/admin/users?q=${ana.email}`, { headers: { cookie: boss.cookie } }));
    expect(listed.items[0].disabled).toBe(true);

    expect((await api(`/admin/users/${ana.id}/enable`, { method: "POST", headers: { cookie: boss.cookie } })).status).toBe(204);
    const again = await api("/auth/login", { body: { email: ana.email, password: PASSWORD }, headers: { "cf-connecting-ip": freshIp() } });
    expect(again.status).toBe(200);

    expect((await auditRows("user.disable", boss.id)).map((r) => r.outcome)).toEqual(["refused", "ok"]);
    expect(await auditRows("user.enable", boss.id)).toMatchObject([{ outcome: "ok", target_id: ana.id }]);
  });

  it("refuses a disabled account's Google sign-in too", async () => {
    const boss = await admin();
    const email = unique("google");
    const google = async () => {
      const start = await SELF.fetch(`${ORIGIN}/api/v1/auth/google?next=/app`, { redirect: "manual" });
      const authorize = new URL(start.headers.get("location")!);
      const code = fakeAuthorizationCode({ sub: `sub-${email}`, email, email_verified: true, name: "Gil" }, authorize.searchParams.get("code_challenge")!);
      const callback = await SELF.fetch(`${ORIGIN}/api/v1/auth/google/callback?code=${code}&state=${authorize.searchParams.get("state")}`, {
        redirect: "manual",
        headers: { cookie: start.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
      });
      return { location: callback.headers.get("location"), session: callback.headers.getSetCookie().some((c) => c.startsWith("rumo_session=") && !c.includes("Max-Age=0")) };
    };
    expect((await google()).session).toBe(true);
    const id = await userIdOf(email);
    expect((await api(`/admin/users/${id}/disable`, { body: { password: PASSWORD }, headers: { cookie: boss.cookie } })).status).toBe(204);
    const refused = await google();
    expect(refused.session).toBe(false);
    expect(refused.location).toBe("/auth?google_error=failed");
  });

  it("never lets an admin act on their own account, so the last admin stays", async () => {
    const boss = await admin();
    const self = `/admin/users/${boss.id}`;
    for (const response of [
      await api(`${self}/disable`, { body: { password: PASSWORD }, headers: { cookie: boss.cookie } }),
      await api(self, { method: "PATCH", body: { role: "user", password: PASSWORD }, headers: { cookie: boss.cookie } }),
      await api(self, { method: "DELETE", body: { password: PASSWORD }, headers: { cookie: boss.cookie } }),
    ]) {
      expect(response.status).toBe(409);
      expect((await json(response)).error.message).toBe("Não pode fazer esta ação na sua própria conta.");
    }
    const row = await env.DB.prepare("select role, disabled_at from users where id = ?").bind(boss.id).first();
    expect(row).toEqual({ role: "admin", disabled_at: null });
    expect((await auditRows("user.role", boss.id))[0]).toMatchObject({ outcome: "refused" });
  });

  it("changes roles with a fresh password; an ADMIN_EMAILS address cannot be demoted; a new admin gets in", async () => {
    const boss = await adminFromSetting();
    const ana = await user("promote");
    expect((await api("/admin/users", { headers: { cookie: ana.cookie } })).status).toBe(403);
    expect((await api(`/admin/users/${ana.id}`, { method: "PATCH", body: { role: "admin" }, headers: { cookie: boss.cookie } })).status).toBe(400);
    expect((await api(`/admin/users/${ana.id}`, { method: "PATCH", body: { role: "admin", password: PASSWORD }, headers: { cookie: boss.cookie } })).status).toBe(204);
    expect((await api("/admin/users", { headers: { cookie: ana.cookie } })).status).toBe(200);

    const demoteBoss = await api(`/admin/users/${boss.id}`, { method: "PATCH", body: { role: "user", password: PASSWORD }, headers: { cookie: ana.cookie } });
    expect(demoteBoss.status).toBe(409);
    expect((await json(demoteBoss)).error.code).toBe("conflict");

    expect((await api(`/admin/users/${ana.id}`, { method: "PATCH", body: { role: "user", password: PASSWORD }, headers: { cookie: boss.cookie } })).status).toBe(204);
    expect((await api("/admin/users", { headers: { cookie: ana.cookie } })).status).toBe(403);
    expect((await auditRows("user.role", boss.id)).map((r) => [r.outcome, JSON.parse(r.detail).role])).toEqual([
      ["refused", "admin"],
      ["ok", "admin"],
      ["ok", "user"],
    ]);
    expect((await auditRows("user.role", ana.id)).map((r) => [r.outcome, JSON.parse(r.detail).role, JSON.parse(r.detail).error])).toEqual([["refused", "user", "conflict"]]);
  });

  it("asks an admin with two-factor for a code as well", async () => {
    const boss = await admin();
    const ana = await user("totp");
    const setup = await json(await api("/me/two-factor/setup", { method: "POST", headers: { cookie: boss.cookie } }));
    const key = decodeBase32IgnorePadding(setup.secret);
    expect((await api("/me/two-factor/enable", { body: { code: generateTOTP(key, 30, 6) }, headers: { cookie: boss.cookie } })).status).toBe(200);
    const disable = (body: unknown) => api(`/admin/users/${ana.id}/disable`, { body, headers: { cookie: boss.cookie } });
    const noCode = await disable({ password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect((await json(noCode)).error.code).toBe("invalid_code");
    expect((await me(ana.cookie)).status).toBe(200);
    // Enabling spent the current step's code; the next step's (within the drift window) is fresh.
    const next = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
    expect((await disable({ password: PASSWORD, code: next })).status).toBe(204);
    expect((await me(ana.cookie)).status).toBe(401);
  });

  it("deletes an account with the same complete erasure as self-deletion", async () => {
    const boss = await admin();
    const ana = await user("erase");
    await api("/feedback", { body: { message: "Gosto muito" }, headers: { cookie: ana.cookie } });
    const response = await api(`/admin/users/${ana.id}`, { method: "DELETE", body: { password: PASSWORD }, headers: { cookie: boss.cookie } });
    expect(response.status).toBe(204);
    for (const table of ["users", "sessions", "feedback", "profiles"]) {
      const column = table === "users" ? "id" : "user_id";
      expect(await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`).bind(ana.id).first<number>("n"), table).toBe(0);
    }
    expect((await me(ana.cookie)).status).toBe(401);
    expect(await auditRows("user.delete", boss.id)).toMatchObject([{ outcome: "ok", target_id: ana.id }]);
  });

  it("resends the confirmation e-mail of an unconfirmed account, and refuses a confirmed one", async () => {
    const boss = await admin();
    const email = unique("unconfirmed");
    await api("/auth/signup", { body: { fullName: "Rui", email, password: PASSWORD, confirmPassword: PASSWORD }, headers: { "cf-connecting-ip": freshIp() } });
    const id = await userIdOf(email);
    await env.DB.prepare("delete from mail_outbox where \"to\" = ?").bind(email).run();
    expect((await api(`/admin/users/${id}/resend-confirmation`, { method: "POST", headers: { cookie: boss.cookie } })).status).toBe(204);
    expect(await lastMailTo(email, "/auth/confirm")).toBeTruthy();
    expect((await api(`/admin/users/${boss.id}/resend-confirmation`, { method: "POST", headers: { cookie: boss.cookie } })).status).toBe(409);
    expect((await auditRows("user.resend_confirmation", boss.id)).map((r) => r.outcome)).toEqual(["ok", "refused"]);
  });
});

describe("GET /admin/audit", () => {
  it("lists newest first with filters, rejects bad filters, and no row can be changed or removed", async () => {
    const boss = await admin();
    const ana = await user("audit");
    await api(`/admin/users/${ana.id}/end-sessions`, { method: "POST", headers: { cookie: boss.cookie, "user-agent": "AuditTest/1", "cf-connecting-ip": "198.51.100.7" } });
    const mine = await json(await api(`/admin/audit?actorId=${boss.id}`, { headers: { cookie: boss.cookie } }));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ action: "user.end_sessions", actorId: boss.id, actorEmail: boss.email, targetId: ana.id, outcome: "ok", userAgent: "AuditTest/1", ipAddress: "198.51.100.7" });

    const other = await user("audit-other");
    await api("/admin/users", { headers: { cookie: other.cookie } });
    await api("/admin/users", { headers: { cookie: other.cookie } });
    const refused = await json(await api(`/admin/audit?outcome=refused&action=admin.access&actorId=${other.id}&limit=1`, { headers: { cookie: boss.cookie } }));
    expect(refused.items).toHaveLength(1);
    expect(refused.nextCursor).not.toBeNull();
    const rest = await json(await api(`/admin/audit?outcome=refused&action=admin.access&actorId=${other.id}&limit=1&cursor=${refused.nextCursor}`, { headers: { cookie: boss.cookie } }));
    expect(rest.items).toHaveLength(1);
    expect(rest.items[0].id).not.toBe(refused.items[0].id);
    const byTarget = await json(await api(`/admin/audit?targetId=${ana.id}`, { headers: { cookie: boss.cookie } }));
    expect(byTarget.items).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await json(await api(`/admin/audit?actorId=${boss.id}&to=${today}`, { headers: { cookie: boss.cookie } }))).items).toEqual([]);

    for (const bad of ["outcome=maybe", "from=yesterday", "limit=1000", "action=DROP%20TABLE", "cursor=nope!"]) {
      expect((await api(`/admin/audit?${bad}`, { headers: { cookie: boss.cookie } })).status, bad).toBe(400);
    }
    await expect(env.DB.prepare("update audit_log set outcome = 'ok'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("delete from audit_log").run()).rejects.toThrow(/append-only/);

    // A year on, an entry (an admin's e-mail, IP address and browser) may go, and the nightly job
    // takes it; a younger one stays out of reach of any DELETE (0095, "Revised").
    const entries = async () => (await env.DB.prepare("select id from audit_log order by id").all<{ id: string }>()).results.map((r) => r.id);
    const kept = await entries();
    const insertAged = (id: string, days: number) =>
      env.DB.prepare("insert into audit_log (id, actor_id, actor_email, action, outcome, ip_address, user_agent, created_at) values (?, ?, 'boss@example.com', 'user.disable', 'ok', '203.0.113.9', 'Firefox', (unixepoch() - ? * 86400) * 1000)").bind(id, boss.id, days).run();
    await insertAged("aged-367", 367);
    await insertAged("aged-364", 364);
    await expect(env.DB.prepare("delete from audit_log where id = 'aged-364'").run()).rejects.toThrow(/append-only/);
    const result = await runSchedule(NIGHTLY, env, new Date(), { inline: true });
    expect(result["cleanup-audit-log"]).toMatchObject({ affected: 1 });
    expect(await entries()).toEqual([...kept, "aged-364"].sort());
  });
});

describe("GET /admin/analytics", () => {
  const small = (n: number) => (n > 0 && n < 5 ? null : n);
  const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<number>("n")) ?? 0;

  it("equals direct SQL counts on seeded data, with the small-group rule applied", async () => {
    const boss = await admin();
    const emails = Array.from({ length: 6 }, () => unique("seed"));
    for (const email of emails) await signUpAndLogIn(email);
    const ids = await Promise.all(emails.map(userIdOf));
    // Three paid Light subscriptions (fewer than 5: their count and MRR must be withheld), trials ended for all six.
    for (const [i, id] of ids.entries()) {
      await env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(Date.now() - 1000, id).run();
      if (i < 3) await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status) values (?, ?, 'light', 'active')").bind(id, `cus_${i}`).run();
    }
    await env.DB.prepare("update profiles set first_modules = '[\"tasks\"]' where user_id in (select id from users)").run();

    const report = await json(await api("/admin/analytics?days=7", { headers: { cookie: boss.cookie } }));
    const now = Date.now();
    const users = await count("select count(*) as n from users");
    expect(users).toBeGreaterThanOrEqual(7);
    expect(report.users).toBe(small(users));
    expect(report.confirmed).toBe(small(await count("select count(*) as n from users where email_confirmed_at is not null")));
    expect(report.trialsEnded).toBe(small(await count("select count(*) as n from users where trial_ends_at <= ?", now)));
    expect(report.payingUsers).toBeNull();
    expect(report.mrrCents).toBeNull();
    // 3 of 6 converted: both parts are under 5 people, so the rate is withheld too.
    expect(report.trialToPaidRate).toBeNull();
    // Active users and module usage come from user_activities (0037): the five seeded users active on
    // the goals screen today, one of them also on finances eight days ago, one only 40 days ago.
    const insertActivity = (id: string, at: number, route: string, module: string) =>
      env.DB.prepare("insert into user_activities (id, user_id, activity_type, route, module, created_at) values (?, ?, 'heartbeat', ?, ?, ?)").bind(crypto.randomUUID(), id, route, module, at).run();
    const nowMs = Date.now();
    for (const id of ids.slice(0, 5)) await insertActivity(id, nowMs - 60_000, "/app/objetivos", "goals");
    await insertActivity(ids[0], nowMs - 8 * 86_400_000, "/app/financas", "finances");
    await insertActivity(ids[5], nowMs - 40 * 86_400_000, "/app/tarefas", "tasks");
    const withActivity = await json(await api("/admin/analytics?days=7", { headers: { cookie: boss.cookie } }));
    const activeSince = (ms: number) => count("select count(distinct user_id) as n from user_activities where created_at >= ?", nowMs - ms);
    expect(withActivity.activeUsers.daily).toBe(small(await activeSince(86_400_000)));
    expect(withActivity.activeUsers.weekly).toBe(small(await activeSince(7 * 86_400_000)));
    expect(withActivity.activeUsers.monthly).toBe(small(await activeSince(30 * 86_400_000)));
    expect(withActivity.activeUsers.daily).toBeGreaterThanOrEqual(5);
    // Module usage: distinct users per module in 30 days; finances has one user, so it is withheld.
    const usage = (module: string) => count("select count(distinct user_id) as n from user_activities where module = ? and created_at >= ?", module, nowMs - 30 * 86_400_000);
    expect(withActivity.moduleUsage).toEqual(expect.arrayContaining([{ module: "goals", count: small(await usage("goals")) }, { module: "finances", count: small(await usage("finances")) }]));
    expect(withActivity.moduleUsage.find((m: { module: string }) => m.module === "finances").count).toBeNull();
    expect(withActivity.moduleUsage.find((m: { module: string }) => m.module === "tasks")).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(report.signupsPerDay).toHaveLength(8);
    expect(report.signupsPerDay.at(-1)).toEqual({ date: today, count: small(await count("select count(*) as n from users where date(created_at / 1000, 'unixepoch') = ?", today)) });
    expect(report.moduleChoices).toEqual([{ module: "tasks", count: small(await count("select count(*) as n from profiles, json_each(profiles.first_modules) where value = 'tasks'")) }]);
    expect(JSON.stringify(report)).not.toContain("@admin.test");

    // Two more paying users: now five, so the figures appear.
    for (const id of ids.slice(3, 5)) await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status) values (?, ?, 'pro', 'active')").bind(id, `cus_p${id}`).run();
    const after = await json(await api("/admin/analytics", { headers: { cookie: boss.cookie } }));
    expect(after.payingUsers).toBe(await count("select count(*) as n from subscriptions where tier <> 'free' and status in ('active', 'past_due')"));
    expect(after.mrrCents).toBe(3 * 599 + 2 * 999);
    expect((await api("/admin/analytics?days=5", { headers: { cookie: boss.cookie } })).status).toBe(400);
    // Seven sign-ups and three reports: slow on a shared machine.
  }, 120_000);
});

describe("GET /admin/health and /admin/readiness", () => {
  it("reports live checks with latency, each cron job's last run, the last mail result and errors by route", async () => {
    const boss = await admin();
    await runSchedule(NIGHTLY, env, new Date(), { inline: true });
    await api("/nope/123");
    await api("/nope/456");
    const health = await json(await api("/admin/health", { headers: { cookie: boss.cookie } }));
    expect(health.status).toBe("ok");
    for (const check of Object.values(health.checks) as { status: string; latencyMs: number }[]) {
      expect(check.status).toBe("ok");
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
    const nightly = health.cron.find((j: { job: string }) => j.job === "cleanup-expired-sessions");
    expect(nightly.lastRun).toMatchObject({ result: "ok" });
    expect(health.cron.find((j: { job: string }) => j.job === "email-digests").lastRun).toBeNull();
    // Sign-up sent the confirmation e-mail through the (development) mailer.
    expect(health.mail).toMatchObject({ ok: true });
    expect(health.errors).toContainEqual({ route: "GET /api/v1/nope/:id", clientErrors: 2, serverErrors: 0 });
  });

  it("computes the launch checklist with secrets by presence only", async () => {
    const boss = await admin();
    const response = await api("/admin/readiness", { headers: { cookie: boss.cookie } });
    const text = await response.text();
    const readiness = JSON.parse(text);
    const byId = Object.fromEntries(readiness.checks.map((c: { id: string; ok: boolean }) => [c.id, c]));
    expect(readiness.ready).toBe(false);
    expect(byId.admin_exists.ok).toBe(true);
    expect(byId.migrations.ok).toBe(true);
    expect(byId.secret_STRIPE_SECRET_KEY.ok).toBe(true);
    expect(byId.secret_EMAIL_API_KEY).toMatchObject({ ok: false, fix: expect.stringContaining("wrangler secret put EMAIL_API_KEY") });
    expect(byId.environment.ok).toBe(false);
    expect(byId.https.ok).toBe(false);
    expect(text).not.toContain(env.STRIPE_SECRET_KEY!);
    expect(text).not.toContain(env.STRIPE_WEBHOOK_SECRET!);
    // A delivered test e-mail turns its check green.
    expect((await api("/admin/readiness/test-email", { method: "POST", headers: { cookie: boss.cookie } })).status).toBe(204);
    expect(await lastMailTo(boss.email, "launch-readiness")).toBeTruthy();
  });
});

describe("flags, feedback and incidents", () => {
  it("updates a flag's release status (audited) and rejects unknown statuses", async () => {
    const boss = await admin();
    const flags = await json(await api("/admin/feature-flags", { headers: { cookie: boss.cookie } }));
    expect(flags.items.length).toBeGreaterThan(0);
    const flag = flags.items[0];
    expect((await api(`/admin/feature-flags/${flag.id}`, { method: "PATCH", body: { releaseStatus: "shipped" }, headers: { cookie: boss.cookie } })).status).toBe(400);
    expect((await api(`/admin/feature-flags/${flag.id}`, { method: "PATCH", body: {}, headers: { cookie: boss.cookie } })).status).toBe(400);
    expect((await api(`/admin/feature-flags/${flag.id}`, { method: "PATCH", body: { releaseStatus: "beta" }, headers: { cookie: boss.cookie } })).status).toBe(204);
    const after = (await json(await api("/admin/feature-flags", { headers: { cookie: boss.cookie } }))).items.find((f: { id: string }) => f.id === flag.id);
    expect(after.releaseStatus).toBe("beta");
    // A new description alone keeps the release time (the announcements job keys launches on it).
    expect((await api(`/admin/feature-flags/${flag.id}`, { method: "PATCH", body: { description: "Nova descrição" }, headers: { cookie: boss.cookie } })).status).toBe(204);
    const reworded = (await json(await api("/admin/feature-flags", { headers: { cookie: boss.cookie } }))).items.find((f: { id: string }) => f.id === flag.id);
    expect(reworded).toMatchObject({ description: "Nova descrição", releaseStatus: "beta", updatedAt: after.updatedAt });
    expect((await auditRows("flag.update", boss.id)).map((r) => [r.outcome, r.target_id])).toEqual([
      ["ok", flag.id],
      ["ok", flag.id],
    ]);
  });

  it("triages feedback and replies to its author by e-mail", async () => {
    const boss = await admin();
    const ana = await user("feedback");
    const { id } = await json(await api("/feedback", { body: { subject: "Ideia", message: "Modo escuro, por favor" }, headers: { cookie: ana.cookie } }));
    const inbox = await json(await api("/admin/feedback?status=new", { headers: { cookie: boss.cookie } }));
    expect(inbox.items.find((f: { id: string }) => f.id === id)).toMatchObject({ email: ana.email, rating: 5, status: "new", reply: null });
    expect((await api(`/admin/feedback/${id}/reply`, { body: { message: "" }, headers: { cookie: boss.cookie } })).status).toBe(400);
    expect((await api(`/admin/feedback/${id}/reply`, { body: { message: "Está a caminho!" }, headers: { cookie: boss.cookie } })).status).toBe(204);
    const mail = await lastMailTo(ana.email, "Está a caminho!");
    expect(mail?.text).toContain("Modo escuro, por favor");
    expect((await api(`/admin/feedback/${id}`, { method: "PATCH", body: { status: "done" }, headers: { cookie: boss.cookie } })).status).toBe(204);
    const done = await json(await api("/admin/feedback?status=done", { headers: { cookie: boss.cookie } }));
    expect(done.items.find((f: { id: string }) => f.id === id)).toMatchObject({ status: "done", reply: "Está a caminho!" });
    expect((await api("/admin/feedback?status=archived", { headers: { cookie: boss.cookie } })).status).toBe(400);
    expect((await auditRows("feedback.reply", boss.id)).map((r) => r.outcome)).toEqual(["ok"]);
    expect((await auditRows("feedback.status", boss.id)).map((r) => r.outcome)).toEqual(["ok"]);
  });

  it("creates, resolves and deletes incidents in both languages", async () => {
    const boss = await admin();
    const bad = await api("/admin/incidents", { body: { titlePt: "", titleEn: "Slow" }, headers: { cookie: boss.cookie } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.titlePt).toBeTruthy();
    const created = await api("/admin/incidents", { body: { titlePt: "Sincronização lenta", titleEn: "Slow sync", impact: "major" }, headers: { cookie: boss.cookie } });
    expect(created.status).toBe(201);
    const incident = await json(created);
    expect(incident).toMatchObject({ status: "investigating", impact: "major", resolvedAt: null });
    const resolved = await json(await api(`/admin/incidents/${incident.id}`, { method: "PATCH", body: { status: "resolved" }, headers: { cookie: boss.cookie } }));
    expect(resolved.resolvedAt).not.toBeNull();
    expect((await api(`/admin/incidents/${incident.id}`, { method: "DELETE", headers: { cookie: boss.cookie } })).status).toBe(204);
    expect((await json(await api("/admin/incidents", { headers: { cookie: boss.cookie } }))).items.map((i: { id: string }) => i.id)).not.toContain(incident.id);
    for (const action of ["incident.create", "incident.update", "incident.delete"]) expect((await auditRows(action, boss.id)).map((r) => r.outcome), action).toEqual(["ok"]);
  });
});
