import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { EVERY_QUARTER_HOUR, NIGHTLY, runSchedule } from "../../worker/cron/registry";
import worker from "../../worker/index";
import { notifyBilling } from "../../worker/billing/notify-billing";
import { notify } from "../../worker/notifications/notify";
import { SESSION_ABSOLUTE_MS } from "../../worker/auth/sessions";
import { KNOWN_DEVICE_RETENTION_DAYS } from "../../worker/db/notifications";
import { deleteExpiredNotificationsJob } from "../../worker/cron/delete-expired-notifications";
import { trialEnded } from "../../worker/cron/trial-ended";
import { trialEndingSoon } from "../../worker/cron/trial-ending-soon";
import { countingD1, type D1Call } from "./counting-bindings";
import { api, freshIp, json, mailsTo, ORIGIN, sessionFrom, signUpAndLogIn } from "./helpers";

const userIdOf = async (cookie: string): Promise<string> => (await json(await api("/me", { headers: { cookie } }))).user.id;
const list = async (cookie: string, query = "") => json(await api(`/notifications${query}`, { headers: { cookie } }));
const create = (cookie: string, body: Record<string, unknown>) => api("/notifications", { body, headers: { cookie } });
const count = async (where: string, ...binds: unknown[]) =>
  (await env.DB.prepare(`select count(*) as n from notifications where ${where}`).bind(...binds).first<{ n: number }>())!.n;

describe("notifications API", () => {
  it("lists visible notifications by priority then newest, with filters, limit and cursor", async () => {
    const cookie = await signUpAndLogIn("n-list@example.com");
    await create(cookie, { title: "baixa", priority: "low" });
    await create(cookie, { title: "média" });
    await create(cookie, { title: "crítica", priority: "critical", type: "security" });
    await create(cookie, { title: "alta", priority: "high", metadata: { amountCents: 1200 } });
    await create(cookie, { title: "expirada", priority: "critical", expiresAt: new Date(Date.now() - 1000).toISOString() });

    const all = await list(cookie);
    // The welcome notification of the first sign-in is medium and older than "média".
    expect(all.items.map((n: { title: string }) => n.title)).toEqual(["crítica", "alta", "média", "Bem-vindo ao Rumo!", "baixa"]);
    expect(all.unreadCount).toBe(5);
    expect(all.nextCursor).toBeNull();
    expect(all.items[1]).toMatchObject({ type: "reminder", category: "general", isRead: false, readAt: null, metadata: { amountCents: 1200 }, parentId: null });
    expect(Object.keys(all.items[0]).sort()).toEqual(
      ["actionUrl", "category", "createdAt", "expiresAt", "id", "isRead", "message", "metadata", "parentId", "priority", "readAt", "title", "type"].sort(),
    );

    expect((await list(cookie, "?filter=priority")).items.map((n: { title: string }) => n.title)).toEqual(["crítica", "alta"]);
    expect((await list(cookie, "?filter=today")).items).toHaveLength(5);
    const page = await list(cookie, "?limit=2");
    expect(page.items).toHaveLength(2);
    const next = await list(cookie, `?limit=2&cursor=${page.nextCursor}`);
    expect(next.items.map((n: { title: string }) => n.title)).toEqual(["média", "Bem-vindo ao Rumo!"]);

    await api("/notifications/read", { body: { ids: [all.items[0].id] }, headers: { cookie } });
    const unread = await list(cookie, "?filter=unread");
    expect(unread.items.map((n: { title: string }) => n.title)).not.toContain("crítica");
    expect(unread.unreadCount).toBe(4);
    const read = await json(await api(`/notifications/${all.items[0].id}`, { headers: { cookie } }));
    expect(read.notification.isRead).toBe(true);
    expect(Date.parse(read.notification.readAt)).toBeGreaterThan(Date.now() - 60_000);

    const allRead = await json(await api("/notifications/read", { body: { all: true }, headers: { cookie } }));
    expect(allRead.updated).toBe(4);
    expect((await list(cookie)).unreadCount).toBe(0);
    const unreadAgain = await api(`/notifications/${all.items[1].id}`, { method: "PATCH", body: { isRead: false }, headers: { cookie } });
    expect((await json(unreadAgain)).notification).toMatchObject({ isRead: false, readAt: null });
  });

  it("marks the most ids a request may name (200) read with at most 100 bound parameters per statement (D1's limit)", async () => {
    const cookie = await signUpAndLogIn("n-many@example.com");
    const userId = await userIdOf(cookie);
    const insert = env.DB.prepare("insert into notifications (id, user_id, title, message, type) values (?, ?, ?, '', 'reminder')");
    const ids = Array.from({ length: 200 }, (_, i) => `many-${i}`);
    await env.DB.batch(ids.map((id) => insert.bind(id, userId, id)));
    // Local D1 may not refuse a statement over the limit, so the test counts what each one binds.
    const calls: D1Call[] = [];
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/v1/notifications/read`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ ids }),
    });
    const response = await app.fetch(request, { ...env, DB: countingD1(env.DB, calls) }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect((await json(response)).updated).toBe(200);
    expect(await count("user_id = ? and is_read = 0", userId)).toBe(1); // the welcome notification
    const bound = calls.flatMap((call) => call.params.map((params, i) => ({ sql: call.sql[i], count: params.length })));
    expect(bound.filter((s) => s.count > 100)).toEqual([]);
  });

  it("answers another user's notification ids with 404 and never touches them", async () => {
    const owner = await signUpAndLogIn("n-owner@example.com");
    const intruder = await signUpAndLogIn("n-intruder@example.com");
    const { notification } = await json(await create(owner, { title: "privada" }));
    expect((await api(`/notifications/${notification.id}`, { headers: { cookie: intruder } })).status).toBe(404);
    expect((await api(`/notifications/${notification.id}`, { method: "PATCH", body: { isRead: true }, headers: { cookie: intruder } })).status).toBe(404);
    expect((await api(`/notifications/${notification.id}`, { method: "DELETE", headers: { cookie: intruder } })).status).toBe(404);
    expect((await json(await api("/notifications/read", { body: { ids: [notification.id] }, headers: { cookie: intruder } }))).updated).toBe(0);
    expect((await json(await api(`/notifications/${notification.id}`, { headers: { cookie: owner } }))).notification.isRead).toBe(false);
    expect((await list(intruder)).items.map((n: { title: string }) => n.title)).not.toContain("privada");
  });

  it("refuses bad input with 400 and signed-out requests with 401", async () => {
    const cookie = await signUpAndLogIn("n-bad@example.com");
    for (const body of [
      { title: "" },
      { title: "x", priority: "urgent" },
      { title: "x", type: "spam" },
      { title: "x", actionUrl: "https://evil.example/phish" },
      { title: "x", actionUrl: "//evil.example" },
      { title: "x", actionUrl: "javascript:alert(1)" },
      { title: "x", expiresAt: "amanhã" },
      { title: "x", userId: "someone" },
    ]) {
      const response = await create(cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.code).toBe("validation_failed");
    }
    expect((await api("/notifications?filter=everything", { headers: { cookie } })).status).toBe(400);
    expect((await api("/notifications?limit=500", { headers: { cookie } })).status).toBe(400);
    expect((await api("/notifications/read", { body: { ids: [] }, headers: { cookie } })).status).toBe(400);
    expect((await api("/notifications/read", { body: { all: false }, headers: { cookie } })).status).toBe(400);
    expect((await api("/notifications")).status).toBe(401);
    expect((await api("/notification-preferences")).status).toBe(401);
  });
});

describe("preferences", () => {
  it("lists defaults for every type, stores valid changes and refuses invalid ones", async () => {
    const cookie = await signUpAndLogIn("n-prefs@example.com");
    const defaults = await json(await api("/notification-preferences", { headers: { cookie } }));
    expect(defaults.items).toHaveLength(11);
    // A type with nothing stored answers the defaults, without an id or times of its own.
    expect(defaults.items.find((p: { notificationType: string }) => p.notificationType === "task")).toEqual({
      id: null,
      notificationType: "task",
      inAppEnabled: true,
      emailEnabled: false,
      pushEnabled: false,
      frequency: "instant",
      quietHoursStart: null,
      quietHoursEnd: null,
      createdAt: null,
      updatedAt: null,
    });
    const put = (items: unknown) => api("/notification-preferences", { method: "PUT", body: { items }, headers: { cookie } });
    const task = { notificationType: "task", inAppEnabled: false, emailEnabled: true, pushEnabled: false, frequency: "daily", quietHoursStart: "22:00", quietHoursEnd: "07:30" };
    const saved = await json(await put([task]));
    const isoInstant = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const stored = saved.items.find((p: { notificationType: string }) => p.notificationType === "task");
    expect(stored).toEqual({ id: expect.any(String), ...task, createdAt: isoInstant, updatedAt: isoInstant });
    const row = await env.DB.prepare("select id, created_at, updated_at from notification_preferences where notification_type = 'task' and user_id = ?").bind(await userIdOf(cookie)).first<{ id: string; created_at: number; updated_at: number }>();
    expect([stored.id, Date.parse(stored.createdAt), Date.parse(stored.updatedAt)]).toEqual([row!.id, row!.created_at, row!.updated_at]);
    expect(saved.items.find((p: { notificationType: string }) => p.notificationType === "reminder")).toMatchObject({ id: null, createdAt: null, updatedAt: null });
    // Upsert: a second PUT replaces, never duplicates, and keeps the preference's id and creation time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = (await json(await put([{ ...task, frequency: "weekly" }]))).items.find((p: { notificationType: string }) => p.notificationType === "task");
    expect(replaced).toEqual({ ...stored, frequency: "weekly", updatedAt: isoInstant });
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThan(Date.parse(stored.updatedAt));
    expect(await env.DB.prepare("select count(*) as n from notification_preferences where notification_type = 'task' and user_id = ?").bind(await userIdOf(cookie)).first("n")).toBe(1);

    for (const items of [
      [{ ...task, quietHoursStart: "25:00" }],
      [{ ...task, quietHoursEnd: null }],
      [{ ...task, frequency: "hourly" }],
      [{ ...task, notificationType: "spam" }],
      [{ ...task, inAppEnabled: "yes" }],
      [task, task],
      [],
    ]) {
      const response = await put(items);
      expect(response.status, JSON.stringify(items).slice(0, 80)).toBe(400);
    }
  });

  it("keeps a type out of the list when in-app is off, and e-mails only outside quiet hours", async () => {
    const email = "n-quiet@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const base = { inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "instant" };
    await api("/notification-preferences", {
      method: "PUT",
      body: {
        items: [
          { notificationType: "reminder", ...base, quietHoursStart: "22:00", quietHoursEnd: "07:00" },
          { notificationType: "task", ...base, inAppEnabled: false },
        ],
      },
      headers: { cookie },
    });
    // Europe/Lisbon in winter is UTC: 23:30 is quiet, 12:00 is not.
    await notify(env, userId, { type: "reminder", title: "Lembrete noturno", message: "x" }, { now: () => new Date("2026-01-15T23:30:00Z") });
    await notify(env, userId, { type: "reminder", title: "Lembrete de dia", message: "y" }, { now: () => new Date("2026-01-15T12:00:00Z") });
    await notify(env, userId, { type: "task", title: "Tarefa escondida", message: "z" });
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toContain("Lembrete de dia");
    expect(subjects).toContain("Tarefa escondida");
    expect(subjects).not.toContain("Lembrete noturno");
    const titles = (await list(cookie)).items.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(["Lembrete noturno", "Lembrete de dia"]));
    expect(titles).not.toContain("Tarefa escondida");
  });
});

describe("security notices", () => {
  it("cannot be switched off, sent to a digest or held by quiet hours: they always reach the person, at once", async () => {
    const email = "n-always@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const off = { notificationType: "security", inAppEnabled: false, emailEnabled: false, pushEnabled: false, frequency: "daily", quietHoursStart: "00:00", quietHoursEnd: "23:59" };
    const answer = await api("/notification-preferences", { method: "PUT", body: { items: [off, { ...off, notificationType: "task" }] }, headers: { cookie } });
    expect(answer.status).toBe(200);
    const inForce = (await json(answer)).items;
    // The answer says what is in force: security as always, the other type as asked.
    expect(inForce.find((p: { notificationType: string }) => p.notificationType === "security")).toMatchObject({ inAppEnabled: true, emailEnabled: true, frequency: "instant", quietHoursStart: null, quietHoursEnd: null });
    expect(inForce.find((p: { notificationType: string }) => p.notificationType === "task")).toMatchObject({ inAppEnabled: false, emailEnabled: false });
    // Even a preference stored before this rule (written straight to D1) is not obeyed.
    await env.DB.prepare("insert into notification_preferences (id, user_id, notification_type, in_app_enabled, email_enabled, push_enabled, frequency, quiet_hours_start, quiet_hours_end, created_at, updated_at) values ('old-sec', ?, 'security', 0, 0, 0, 'daily', '00:00', '23:59', 0, 0)")
      .bind(userId)
      .run();
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain("Senha alterada");
    expect((await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-456" }, headers: { cookie } })).status).toBe(204);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain("Senha alterada");
    expect(await count("user_id = ? and type = 'security' and in_app = 1 and expires_at is not null", userId)).toBe(1);
  });
});

describe("account events", () => {
  it("welcomes once after the first confirmed sign-in and flags a sign-in from a new device", async () => {
    const email = "n-events@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    expect(await count("user_id = ? and type = 'welcome'", userId)).toBe(1);
    const ip = freshIp();
    const logIn = (userAgent: string) =>
      api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": ip, "user-agent": userAgent } });
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    await logIn(firefox);
    await logIn(firefox);
    expect(await count("user_id = ? and type = 'welcome'", userId)).toBe(1);
    const notices = await env.DB.prepare("select title, message, priority from notifications where user_id = ? and type = 'security'").bind(userId).all();
    expect(notices.results).toHaveLength(1);
    expect(notices.results[0]).toMatchObject({ title: "Novo início de sessão", priority: "high" });
    expect(String(notices.results[0].message)).toContain("Firefox · Linux");
  });

  it("raises a security notification, e-mailed by default, when the password changes", async () => {
    const email = "n-password@example.com";
    const cookie = await signUpAndLogIn(email);
    const response = await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-456" }, headers: { cookie } });
    expect(response.status).toBe(204);
    const { items } = await list(cookie, "?filter=priority");
    expect(items[0]).toMatchObject({ type: "security", title: "Senha alterada", priority: "high", actionUrl: "/app/settings" });
    expect((await mailsTo(email)).map((m) => m.subject)).toContain("Senha alterada");
  });

  it("writes texts in the user's language", async () => {
    const ip = freshIp();
    const email = "n-english@example.com";
    await api("/auth/signup", { body: { fullName: "Ann", email, password: "secret-123", confirmPassword: "secret-123" }, headers: { "cf-connecting-ip": ip, "accept-language": "en-US" } });
    const cookie = await signUpConfirmed(email, ip);
    expect((await list(cookie)).items[0].title).toBe("Welcome to Rumo!");
  });

  it("reads catalogue notifications in the language the person uses now, and their own texts as written", async () => {
    const cookie = await signUpAndLogIn("n-switch@example.com");
    await create(cookie, { title: "Renovar o cartão", message: "Escrito por mim", metadata: { _texts: { en: { title: "Not mine", message: "" } } } });
    const titles = async () => (await list(cookie)).items.map((n: { title: string; message: string; metadata: Record<string, unknown> }) => [n.title, n.message.slice(0, 19), Object.keys(n.metadata)]);
    expect(await titles()).toEqual([
      ["Renovar o cartão", "Escrito por mim", []],
      ["Bem-vindo ao Rumo!", "A sua conta está pr", []],
    ]);
    expect((await api("/me", { method: "PATCH", body: { language: "en" }, headers: { cookie } })).status).toBe(200);
    // The welcome was written in Portuguese; it reads in English now. What the person wrote stays.
    expect(await titles()).toEqual([
      ["Renovar o cartão", "Escrito por mim", []],
      ["Welcome to Rumo!", "Your account is rea", []],
    ]);
    const welcome = (await list(cookie)).items[1];
    expect((await json(await api(`/notifications/${welcome.id}`, { headers: { cookie } }))).notification.title).toBe("Welcome to Rumo!");
  });
});

describe("retention", () => {
  const DAY = 86_400_000;
  const devicesOf = async (userId: string) =>
    (await env.DB.prepare("select device_key, created_at, last_seen_at from known_devices where user_id = ? order by device_key").bind(userId).all<{ device_key: string; created_at: number; last_seen_at: number | null }>()).results;

  it("keeps a notification the bell does not show for the weekly e-mail digest only, and exports it", async () => {
    const email = "n-unseen@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const weekly = { notificationType: "task", inAppEnabled: false, emailEnabled: true, pushEnabled: false, frequency: "weekly" };
    expect((await api("/notification-preferences", { method: "PUT", body: { items: [weekly] }, headers: { cookie } })).status).toBe(200);
    // Tuesday 13 January 2026; the weekly digest goes out on Monday the 19th and looks 7 days back.
    const created = new Date("2026-01-13T10:00:00Z");
    await notify(env, userId, { type: "task", title: "Entregar o relatório", message: "Até sexta" }, { now: () => created });
    const row = await env.DB.prepare("select in_app, expires_at from notifications where user_id = ? and type = 'task'").bind(userId).first();
    expect(row).toEqual({ in_app: 0, expires_at: created.getTime() + 8 * DAY });

    // GET /me/export has every notification, with whether the bell shows it.
    const exported = await json(await api("/me/export", { headers: { cookie } }));
    expect(exported.notifications.map((n: { type: string; title: string; inApp: boolean }) => [n.type, n.title, n.inApp]).sort()).toEqual([
      ["task", "Entregar o relatório", false],
      ["welcome", "Bem-vindo ao Rumo!", true],
    ]);

    await runSchedule(EVERY_QUARTER_HOUR, env, new Date("2026-01-19T09:00:00Z"), { inline: true });
    const digest = (await mailsTo(email)).find((m) => m.subject.startsWith("Resumo semanal"));
    expect(digest?.text).toContain("• Entregar o relatório — Até sexta");
    // Past the digest's window the quarter-hour cleanup deletes it; the welcome (shown in the bell) stays.
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(created.getTime() + 8 * DAY), { inline: true });
    expect(await count("user_id = ? and type = 'task'", userId)).toBe(0);
    expect(await count("user_id = ? and type = 'welcome'", userId)).toBe(1);
  });

  it("keeps security notices, which may name the address of a sign-in, 90 days", async () => {
    const email = "n-security-expiry@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp(), "user-agent": firefox } });
    await api("/me/password", { body: { currentPassword: "segredo-123", newPassword: "nova-senha-456" }, headers: { cookie } });
    const notices = await env.DB.prepare("select metadata, created_at, expires_at from notifications where user_id = ? and type = 'security' order by created_at").bind(userId).all<{ metadata: string; created_at: number; expires_at: number | null }>();
    expect(notices.results.map((n) => JSON.parse(n.metadata).event)).toEqual(["new_device", "passwordChanged"]);
    for (const notice of notices.results) expect(notice.expires_at).toBe(notice.created_at + 90 * DAY);
  });

  it("forgets a sign-in device, and so its address, 180 days after the last sign-in from it", async () => {
    const email = "n-devices@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const logIn = (userAgent: string, ip: string) => api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": ip, "user-agent": userAgent } });
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
    const [ipA, ipB] = [freshIp(), freshIp()];
    await logIn(firefox, ipA);
    await logIn(chrome, ipB);
    await env.DB.prepare("delete from known_devices where user_id = ? and device_key not like '%|' || ? and device_key not like '%|' || ?").bind(userId, ipA, ipB).run();
    const now = Date.now();
    const seen = await devicesOf(userId);
    expect(seen).toHaveLength(2);
    for (const device of seen) expect(device.last_seen_at).toBeGreaterThan(now - 60_000);

    // No session outlives the retention: a device in use is signed in from again before it is forgotten.
    expect(SESSION_ABSOLUTE_MS).toBeLessThan(KNOWN_DEVICE_RETENTION_DAYS * DAY);
    // A sign-in from a known device moves its last sign-in on.
    await env.DB.prepare("update known_devices set last_seen_at = ? where user_id = ?").bind(now - 200 * DAY, userId).run();
    await logIn(chrome, ipB);
    expect((await devicesOf(userId)).find((d) => d.device_key.endsWith(ipB))!.last_seen_at).toBeGreaterThan(now - 60_000);

    await env.DB.prepare("update known_devices set last_seen_at = ? where user_id = ? and device_key like '%|' || ?").bind(now - 179 * DAY, userId, ipB).run();
    const result = await runSchedule(NIGHTLY, env, new Date(now), { inline: true });
    expect(result["cleanup-known-devices"]).toMatchObject({ affected: expect.any(Number) });
    expect((await devicesOf(userId)).map((d) => d.device_key)).toEqual([`Chrome · Windows|${ipB}`]);
    // Forgotten, the device is new again: the next sign-in from it raises a notice.
    const before = await count("user_id = ? and type = 'security'", userId);
    await logIn(firefox, ipA);
    expect(await count("user_id = ? and type = 'security'", userId)).toBe(before + 1);
  });
});

async function signUpConfirmed(email: string, ip: string) {
  const mail = (await mailsTo(email)).find((m) => m.text.includes("/auth/confirm"))!;
  const link = mail.text.match(/https?:\/\/\S*confirm\S*/)![0];
  await (await import("cloudflare:test")).SELF.fetch(link, { redirect: "manual" });
  return sessionFrom(await api("/auth/login", { body: { email, password: "secret-123" }, headers: { "cf-connecting-ip": ip } }));
}

describe("feature flags", () => {
  it("announces launched flags of the last 7 days since the last check, until dismissed", async () => {
    // Modules launch their flags in migrations (at the test run's start): here they are older news.
    await env.DB.prepare("update feature_flags set updated_at = ? where release_status = 'launched'").bind(Date.now() - 30 * 86_400_000).run();
    const cookie = await signUpAndLogIn("n-flags@example.com");
    const fresh = async () => (await json(await api("/feature-flags/new", { headers: { cookie } }))).items.map((f: { featureName: string }) => f.featureName);
    expect(await fresh()).toEqual([]);
    await env.DB.prepare("update feature_flags set release_status = 'launched', updated_at = ? where feature_name = 'agentes'").bind(Date.now()).run();
    await env.DB.prepare("update feature_flags set release_status = 'launched', updated_at = ? where feature_name = 'criatividade'").bind(Date.now() - 8 * 86_400_000).run();
    expect(await fresh()).toEqual(["agentes"]);
    // Each flag as the specification's entity: id, feature_name, description, release_status, updated_at.
    const flag = await env.DB.prepare("select id, description, updated_at from feature_flags where feature_name = 'agentes'").first<{ id: string; description: string; updated_at: number }>();
    expect((await json(await api("/feature-flags/new", { headers: { cookie } }))).items).toEqual([
      { id: flag!.id, featureName: "agentes", description: flag!.description, releaseStatus: "launched", updatedAt: new Date(flag!.updated_at).toISOString() },
    ]);
    expect((await api(`/feature-flags/new?since=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`, { headers: { cookie } })).status).toBe(200);
    expect((await api("/feature-flags/new?since=yesterday", { headers: { cookie } })).status).toBe(400);
    const dismissed = await json(await api("/feature-flags/dismiss", { method: "POST", headers: { cookie } }));
    expect(Date.parse(dismissed.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await fresh()).toEqual([]);
    await env.DB.prepare("update feature_flags set release_status = 'development', updated_at = 1767225600000 where feature_name in ('agentes', 'criatividade')").run();
  });

  it("tells no new account about what was launched before it was opened", async () => {
    await env.DB.prepare("update feature_flags set release_status = 'launched', updated_at = ? where feature_name = 'agentes'").bind(Date.now() - 2 * 86_400_000).run();
    const newcomer = await signUpAndLogIn("n-flags-new@example.com");
    const older = await signUpAndLogIn("n-flags-older@example.com");
    await env.DB.prepare("update users set created_at = ? where id = ?").bind(Date.now() - 3 * 86_400_000, await userIdOf(older)).run();
    const fresh = async (cookie: string) => (await json(await api("/feature-flags/new", { headers: { cookie } }))).items.map((f: { featureName: string }) => f.featureName);
    expect(await fresh(newcomer)).toEqual([]);
    expect(await fresh(older)).toEqual(["agentes"]);
    await env.DB.prepare("update feature_flags set release_status = 'development', updated_at = 1767225600000 where feature_name = 'agentes'").run();
  });
});

describe("cron jobs", () => {
  it("run twice without a duplicate: expiry, feature announcements, trial ending and ended", async () => {
    const ending = await userIdOf(await signUpAndLogIn("n-trial-ending@example.com"));
    const ended = await userIdOf(await signUpAndLogIn("n-trial-ended@example.com"));
    const now = new Date();
    await env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(now.getTime() + 2 * 86_400_000, ending).run();
    await env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(now.getTime() - 86_400_000, ended).run();
    await env.DB.prepare("update feature_flags set release_status = 'launched', updated_at = ? where feature_name = 'criatividade'").bind(now.getTime() - 1000).run();
    await env.DB.prepare("update users set created_at = ? where id in (?, ?)").bind(now.getTime() - 86_400_000, ending, ended).run();
    await notify(env, ending, { type: "reminder", title: "Já passou", message: "", expiresAt: new Date(now.getTime() - 1) });
    expect(await count("user_id = ? and title = 'Já passou'", ending)).toBe(1);

    const first = await runSchedule(EVERY_QUARTER_HOUR, env, now, { inline: true });
    expect(first["delete-expired-notifications"]).toMatchObject({ affected: expect.any(Number) });
    // The second run goes through the Worker's scheduled handler, as a cron trigger would.
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: EVERY_QUARTER_HOUR, scheduledTime: now }), env, ctx);
    await waitOnExecutionContext(ctx);
    const second = await runSchedule(EVERY_QUARTER_HOUR, env, now, { inline: true });
    expect(second).toMatchObject({ "trial-ending-soon": { affected: 0 }, "trial-ended": { affected: 0 }, "feature-announcements": { affected: 0 } });

    expect(await count("user_id = ? and title = 'Já passou'", ending)).toBe(0);
    expect(await count("user_id = ? and dedupe_key like 'trial-ending:%'", ending)).toBe(1);
    expect(await count("user_id = ? and dedupe_key like 'trial-ended:%'", ending)).toBe(0);
    expect(await count("user_id = ? and dedupe_key like 'trial-ended:%'", ended)).toBe(1);
    expect(await count("user_id = ? and dedupe_key like 'trial-ending:%'", ended)).toBe(0);
    for (const id of [ending, ended]) expect(await count("user_id = ? and dedupe_key like 'feature:criatividade:%'", id)).toBe(1);
    const notice = await env.DB.prepare("select title, message from notifications where user_id = ? and dedupe_key like 'trial-ending:%'").bind(ending).first<{ title: string; message: string }>();
    expect(notice!.title).toBe("O seu período experimental termina em breve");
    // The trial ends two days from now: in the next year late in December, and perhaps in "março".
    const endYear = new Intl.DateTimeFormat("en", { timeZone: "Europe/Lisbon", year: "numeric" }).format(now.getTime() + 2 * 86_400_000);
    expect(notice!.message).toMatch(new RegExp(`termina a \\d+ de \\p{L}+ de ${endYear}`, "u"));
    const announcement = await env.DB.prepare("select title, message from notifications where user_id = ? and dedupe_key like 'feature:%'").bind(ended).first<{ title: string; message: string }>();
    expect(announcement).toEqual({ title: "Novas funcionalidades disponíveis", message: "Já pode experimentar: Criatividade." });
    await env.DB.prepare("update feature_flags set release_status = 'development', updated_at = 1767225600000 where feature_name = 'criatividade'").run();
  });

  it("never lets a failing notification break the caller", async () => {
    expect(await notify(env, "no-such-user", { type: "system", title: "x", message: "y" })).toBeNull();
    expect(await notify({ ...env, DB: undefined as unknown as D1Database }, "x", { type: "system", title: "x", message: "y" })).toBeNull();
  });
});

// Each of these notifications had its dedupe key as the only record that it was sent: deleted (or
// expired and removed by the quarter-hour cleanup), it was sent again by the next run (decision 0103).
describe("a notification sent once stays gone once deleted or expired", () => {
  const DAY = 86_400_000;
  const remove = async (cookie: string, id: string) => expect((await api(`/notifications/${id}`, { method: "DELETE", headers: { cookie } })).status).toBe(204);
  const idOf = async (where: string, ...binds: unknown[]) => (await env.DB.prepare(`select id from notifications where ${where}`).bind(...binds).first<{ id: string }>())?.id;

  it("the welcome: not again at the next sign-in", async () => {
    const email = "n-welcome-deleted@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    await remove(cookie, (await idOf("user_id = ? and type = 'welcome'", userId))!);
    const login = await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(login.status).toBe(200);
    expect(await count("user_id = ? and type = 'welcome'", userId)).toBe(0);
  });

  it("trial ending soon and trial ended: not again at the next quarter-hour", async () => {
    const cookie = await signUpAndLogIn("n-trial-deleted@example.com");
    const userId = await userIdOf(cookie);
    const now = new Date();
    const trialJobs = [
      { name: "trial-ending-soon", schedule: EVERY_QUARTER_HOUR, fanOut: trialEndingSoon },
      { name: "trial-ended", schedule: EVERY_QUARTER_HOUR, fanOut: trialEnded },
    ];
    const run = (at: Date) => runSchedule(EVERY_QUARTER_HOUR, env, at, { inline: true, jobs: trialJobs });
    await env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(now.getTime() + 2 * DAY, userId).run();
    await run(now);
    await remove(cookie, (await idOf("user_id = ? and dedupe_key like 'trial-ending:%'", userId))!);
    await run(new Date(now.getTime() + 15 * 60_000));
    await run(new Date(now.getTime() + DAY));
    expect(await count("user_id = ? and dedupe_key like 'trial-ending:%'", userId)).toBe(0);

    const after = new Date(now.getTime() + 2 * DAY + 60_000);
    await run(after);
    await remove(cookie, (await idOf("user_id = ? and dedupe_key like 'trial-ended:%'", userId))!);
    await run(new Date(after.getTime() + 15 * 60_000));
    await run(new Date(after.getTime() + 3 * DAY));
    expect(await count("user_id = ? and dedupe_key like 'trial-%'", userId)).toBe(0);
  });

  it("forgets a key only after its job can no longer raise it", async () => {
    const userId = await userIdOf(await signUpAndLogIn("n-forget-key@example.com"));
    const at = new Date("2026-03-02T10:00:00Z");
    const until = new Date(at.getTime() + DAY);
    const raise = (when: Date) => notify(env, userId, { type: "reminder", title: "Lembrete", message: "", dedupeKey: "forget-me", dedupeUntil: until, expiresAt: new Date(when.getTime() + 60_000) }, { now: () => when });
    expect(await raise(at)).not.toBeNull();
    await deleteExpiredNotificationsJob(env, new Date(until.getTime() - 1));
    expect(await count("user_id = ? and dedupe_key = 'forget-me'", userId)).toBe(0);
    expect(await raise(new Date(until.getTime() - 1))).toBeNull();
    await deleteExpiredNotificationsJob(env, until);
    expect(await raise(new Date(until.getTime() + 1))).not.toBeNull();
  });
});

describe("no dedupe key is kept for the account's life (decision 0103, revised)", () => {
  const DAY = 86_400_000;
  const keys = async (userId: string) =>
    (await env.DB.prepare("select dedupe_key as key, forget_at as forgetAt from notification_keys where user_id = ? order by dedupe_key").bind(userId).all<{ key: string; forgetAt: number | null }>()).results;
  const forgetRun = (at: Date) =>
    runSchedule(EVERY_QUARTER_HOUR, env, at, { inline: true, jobs: [{ name: "delete-expired-notifications", schedule: EVERY_QUARTER_HOUR, run: deleteExpiredNotificationsJob }] });

  it("the welcome, a failed invoice and a completed goal are forgotten by the quarter-hour job once they cannot come again", async () => {
    const email = "n-keys-bounded@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const now = Date.now();
    await notifyBilling(env, userId, { kind: "payment_failed", invoiceId: "in_bounded", amountDueCents: 999, hostedInvoiceUrl: null });
    const goal = await json(await api("/goals", { body: { title: "Correr 5 km", progress: 90 }, headers: { cookie } }));
    expect((await api(`/goals/${goal.id}`, { method: "PATCH", body: { progress: 100 }, headers: { cookie } })).status).toBe(200);
    // A caller that forgets the window records nothing (and notify() does not throw).
    expect(await notify(env, userId, { type: "reminder", title: "Sem prazo", message: "", dedupeKey: "no-window" } as never)).toBeNull();

    const recorded = await keys(userId);
    expect(recorded.map((k) => k.key.split(":")[0])).toEqual(["goal-completed", "payment-failed", "welcome"]);
    for (const key of recorded) expect(key.forgetAt).not.toBeNull();
    // None before it can no longer come again: a goal's completion a week on, an invoice past Stripe's
    // retries (2 months), the welcome a day past its 30 days.
    const forgetAt = Object.fromEntries(recorded.map((k) => [k.key.split(":")[0], k.forgetAt! - now]));
    expect(forgetAt["goal-completed"]).toBeGreaterThanOrEqual(7 * DAY - 60_000);
    expect(forgetAt["payment-failed"]).toBeGreaterThanOrEqual(90 * DAY - 60_000);
    expect(forgetAt.welcome).toBeGreaterThanOrEqual(31 * DAY - 60_000);

    await forgetRun(new Date(now + 8 * DAY));
    expect((await keys(userId)).map((k) => k.key.split(":")[0])).toEqual(["payment-failed", "welcome"]);
    await forgetRun(new Date(now + 91 * DAY));
    expect(await keys(userId)).toEqual([]);

    // The welcome forgotten, the account 91 days old: a sign-in does not welcome it again.
    await env.DB.prepare("delete from notifications where user_id = ? and type = 'welcome'").bind(userId).run();
    await env.DB.prepare("update users set created_at = created_at - ? where id = ?").bind(91 * DAY, userId).run();
    expect((await api("/auth/login", { body: { email, password: "segredo-123" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(200);
    expect(await count("user_id = ? and type = 'welcome'", userId)).toBe(0);
    expect(await keys(userId)).toEqual([]);
  });

  it("the keys recorded before, with no time to forget them, get one from the migration", async () => {
    const userId = await userIdOf(await signUpAndLogIn("n-keys-legacy@example.com"));
    const created = (await env.DB.prepare("select created_at as at from users where id = ?").bind(userId).first<{ at: number }>())!.at;
    const sent = Date.parse("2026-11-02T08:00:00Z");
    await env.DB.prepare("update notification_keys set forget_at = null where user_id = ?").bind(userId).run();
    await env.DB.prepare("insert into notification_keys (user_id, dedupe_key, sent_at, forget_at) values (?, 'task-start:t1:1', ?, null), (?, 'routine-reminder:r1:2026-11-02', ?, ?)")
      .bind(userId, sent, userId, sent, sent + 3 * DAY)
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_notification_keys_forget_all.sql"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    expect(await keys(userId)).toEqual([
      { key: "routine-reminder:r1:2026-11-02", forgetAt: sent + 3 * DAY },
      { key: "task-start:t1:1", forgetAt: sent + 90 * DAY },
      { key: "welcome", forgetAt: created + 31 * DAY },
    ]);
  });
});

describe("billing notices", () => {
  it("raise a high-priority financial notification once per failed invoice", async () => {
    const cookie = await signUpAndLogIn("n-payment@example.com");
    const userId = await userIdOf(cookie);
    const notice = { kind: "payment_failed" as const, invoiceId: "in_test_1", amountDueCents: 999, hostedInvoiceUrl: null };
    await notifyBilling(env, userId, notice);
    await notifyBilling(env, userId, notice);
    const { items } = await list(cookie);
    const failed = items.filter((n: { type: string }) => n.type === "financial");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ title: "Pagamento falhou", priority: "high", actionUrl: "/app/premium" });
    expect(failed[0].message).toContain("9,99");
  });

  it("are not sent about the trial to someone already paying", async () => {
    const userId = await userIdOf(await signUpAndLogIn("n-paying@example.com"));
    await env.DB.prepare("update users set trial_ends_at = ? where id = ?").bind(Date.now() + 2 * 86_400_000, userId).run();
    await env.DB.prepare("insert into subscriptions (user_id, stripe_customer_id, tier, status) values (?, 'cus_paying', 'pro', 'active')").bind(userId).run();
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(), { inline: true });
    expect(await count("user_id = ? and dedupe_key like 'trial-%'", userId)).toBe(0);
  });
});

describe("e-mail digests", () => {
  it("send one daily digest per period after 08:00 local time, outside quiet hours, never twice", async () => {
    const email = "n-digest@example.com";
    const cookie = await signUpAndLogIn(email);
    const userId = await userIdOf(cookie);
    const preference = { inAppEnabled: true, emailEnabled: true, pushEnabled: false, frequency: "daily", quietHoursStart: "12:00", quietHoursEnd: "13:00" };
    expect((await api("/notification-preferences", { method: "PUT", body: { items: [{ notificationType: "reminder", ...preference }] }, headers: { cookie } })).status).toBe(200);
    const day = "2026-01-15";
    await notify(env, userId, { type: "reminder", title: "Beber água", message: "Às 10h" }, { now: () => new Date(`${day}T06:00:00Z`) });
    await notify(env, userId, { type: "reminder", title: "Ligar à Ana", message: "" }, { now: () => new Date(`${day}T07:00:00Z`) });
    // Daily frequency: nothing was e-mailed instantly.
    expect((await mailsTo(email)).filter((m) => m.subject.includes("Beber"))).toEqual([]);
    const digests = async () => (await mailsTo(email)).filter((m) => m.subject.startsWith("Resumo diário"));

    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T07:45:00Z`), { inline: true }); // before 08:00 in Lisbon
    expect(await digests()).toHaveLength(0);
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T12:15:00Z`), { inline: true }); // quiet hours
    expect(await digests()).toHaveLength(0);
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T13:15:00Z`), { inline: true });
    await runSchedule(EVERY_QUARTER_HOUR, env, new Date(`${day}T13:30:00Z`), { inline: true });
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Resumo diário do Rumo: 2 notificações");
    expect(sent[0].text).toContain("• Beber água — Às 10h");
    expect(sent[0].text).toContain("• Ligar à Ana");
  });
});
