import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { flushErrorCounts } from "../admin/error-counter";
import { analyticsReport } from "../admin/analytics";
import { readinessChecks } from "../admin/readiness";
import * as rules from "../auth/account-rules";
import { eraseAccount } from "../auth/erase-account";
import { accountDeps, authenticate, currentAuth, sessionDeps } from "../auth/middleware";
import { isAdmin } from "../auth/roles";
import { revokeOtherSessions } from "../auth/sessions";
import { confirmSecondFactor } from "../auth/two-factor";
import { subscriptionOf } from "../billing/subscription";
import * as accounts from "../db/accounts";
import * as store from "../db/admin";
import { database } from "../db/client";
import { ApiError, apiError } from "../lib/errors";
import { newId } from "../lib/ids";
import { appBaseUrl } from "../lib/app-url";
import { pageQuery } from "../lib/pagination";
import { translator } from "../lib/translate";
import { validate } from "../lib/validate";
import { mailerFor } from "../mail/mailer";
import { layoutMail } from "../mail/templates";
import { cronJobs } from "../cron/registry";
import { liveChecks } from "../admin/live-checks";
import type { AppEnv } from "../types";

type C = Context<AppEnv>;

const clientOf = (c: C) => ({
  ipAddress: c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0].trim() ?? "",
  userAgent: c.req.header("user-agent") ?? "",
});

type AuditInput = { action: string; outcome: store.AuditOutcome; targetType?: string; targetId?: string; detail?: Record<string, unknown> };

/**
 * Appends an entry for the request's actor (who, what, whom, when, from where). `byIdOnly` names
 * the actor by id alone: for a user who merely opened an admin address, the append-only log (which
 * outlives accounts) keeps no e-mail, address or browser of theirs.
 */
async function audit(c: C, entry: AuditInput, { byIdOnly = false } = {}) {
  const auth = c.get("auth");
  const actor = byIdOnly ? { actorEmail: "", ipAddress: "", userAgent: "" } : { actorEmail: auth?.user.email ?? "", ...clientOf(c) };
  await store.appendAudit(database(c.env.DB), { id: newId(), actorId: auth?.user.id ?? null, ...actor, ...entry });
}

/**
 * Runs an admin action and writes its audit entry: "ok" when it succeeded, "refused" with the
 * error code when a rule said no (last admin, yourself, wrong password, bad input), "failed" when
 * something broke (Stripe unreachable). The entry is written either way, then the answer goes.
 */
async function audited<T>(c: C, entry: Omit<AuditInput, "outcome">, action: () => Promise<T>): Promise<T> {
  try {
    const result = await action();
    await audit(c, { ...entry, outcome: "ok" });
    return result;
  } catch (err) {
    const refused = err instanceof ApiError && err.status < 500;
    await audit(c, { ...entry, outcome: refused ? "refused" : "failed", detail: { ...entry.detail, error: err instanceof ApiError ? err.code : "internal_error" } });
    throw err;
  }
}

/**
 * Admins only: 401 signed out, 403 for everyone else (and the refusal is audited). Changes re-read
 * the session from D1, so a just-ended or disabled admin session cannot act on a stale KV copy.
 */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.req.method === "GET" ? c.get("auth") : await authenticate(c.env, c.req.raw, { strict: true });
  if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
  c.set("auth", auth);
  if (!isAdmin(auth.user)) {
    await audit(c, { action: "admin.access", outcome: "refused", detail: { method: c.req.method, path: new URL(c.req.url).pathname } }, { byIdOnly: true });
    throw apiError("forbidden");
  }
  await next();
});

/** What a sensitive action carries: the admin's password (or a recent Google sign-in) and, with two-factor on, a code. */
const freshProof = { password: z.string().max(256).optional(), code: z.string().trim().max(32).optional() };

/**
 * A fresh proof that the admin is at the keyboard (docs/decisions/0016's re-authentication: the
 * password, or a Google sign-in of this session under 10 minutes old) and, when the admin has
 * two-factor on, a code from the authenticator.
 */
async function confirmFresh(c: C, proof: { password?: string; code?: string }) {
  const { user, session } = currentAuth(c);
  const deps = accountDeps(c.env);
  await rules.confirmPassword(deps, user.id, proof.password, session);
  if (user.totpEnabledAt) await confirmSecondFactor({ ...deps, env: c.env }, user.id, proof.code);
}

const conflict = (messageKey: "admin:errors.notYourself" | "admin:errors.lastAdmin" | "admin:errors.adminEmails" | "admin:errors.alreadyConfirmed") =>
  new ApiError("conflict", 409, messageKey);

async function targetUser(c: C, id: string) {
  const user = await accounts.findUserById(database(c.env.DB), id);
  if (!user) throw apiError("not_found");
  return user;
}

/** Never leaves the app without an admin who can act (an active, confirmed admin other than the target). */
async function keepAnAdmin(c: C, target: accounts.User) {
  if (target.id === currentAuth(c).user.id) throw conflict("admin:errors.notYourself");
  if (isAdmin(target) && !target.disabledAt && (await store.countActiveAdmins(database(c.env.DB))) <= 1) throw conflict("admin:errors.lastAdmin");
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function userItem(row: store.UserSummary, now: Date) {
  const state = subscriptionOf(row, row.tier ? { tier: row.tier, status: row.subscriptionStatus, currentPeriodEnd: row.currentPeriodEnd } : null, now);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    tier: state.tier,
    isTrialActive: state.isTrialActive,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
    emailConfirmed: row.emailConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    role: row.role,
  };
}

const id = z.string().min(1).max(64);
const usersQuery = z.object({ ...pageQuery, q: z.string().trim().max(200, "admin:errors.searchTooLong").optional() }).strict();
const roleBody = z.object({ role: z.enum(["user", "admin"]), ...freshProof }).strict();
const proofBody = z.object(freshProof).strict();
const dateParam = z.iso.date().transform((d) => new Date(`${d}T00:00:00Z`));
const auditQuery = z
  .object({
    ...pageQuery,
    action: z.string().trim().max(64).regex(/^[a-z_.]+$/, "errors:field.invalid").optional(),
    actorId: id.optional(),
    targetId: id.optional(),
    outcome: z.enum(store.AUDIT_OUTCOMES).optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
  })
  .strict();
const analyticsQuery = z.object({ days: z.enum(["7", "30", "90"]).default("30").transform(Number) }).strict();
const flagPatch = z
  .object({ releaseStatus: z.enum(store.RELEASE_STATUSES).optional(), description: z.string().trim().max(500).optional() })
  .strict()
  .refine((v) => v.releaseStatus !== undefined || v.description !== undefined, "errors:field.required");
const feedbackQuery = z.object({ ...pageQuery, status: z.enum(store.FEEDBACK_STATUSES).optional() }).strict();
const feedbackPatch = z.object({ status: z.enum(store.FEEDBACK_STATUSES) }).strict();
const replyBody = z.object({ message: z.string().trim().min(1).max(5000) }).strict();
const incidentFields = {
  titlePt: z.string().trim().min(1).max(200),
  titleEn: z.string().trim().min(1).max(200),
  bodyPt: z.string().trim().max(5000).default(""),
  bodyEn: z.string().trim().max(5000).default(""),
  status: z.enum(store.INCIDENT_STATUSES).default("investigating"),
  impact: z.enum(store.INCIDENT_IMPACTS).default("minor"),
  startedAt: z.iso.datetime({ offset: true }).optional(),
};
const incidentCreate = z.object(incidentFields).strict();
const incidentPatch = z
  .object({
    titlePt: incidentFields.titlePt.optional(),
    titleEn: incidentFields.titleEn.optional(),
    bodyPt: z.string().trim().max(5000).optional(),
    bodyEn: z.string().trim().max(5000).optional(),
    status: z.enum(store.INCIDENT_STATUSES).optional(),
    impact: z.enum(store.INCIDENT_IMPACTS).optional(),
  })
  .strict();

const incidentItem = (i: store.Incident) => ({
  id: i.id,
  titlePt: i.titlePt,
  titleEn: i.titleEn,
  bodyPt: i.bodyPt,
  bodyEn: i.bodyEn,
  status: i.status,
  impact: i.impact,
  startedAt: i.startedAt.toISOString(),
  resolvedAt: iso(i.resolvedAt),
  updatedAt: i.updatedAt.toISOString(),
});

const feedbackItem = (f: store.FeedbackRow) => ({
  id: f.id,
  userId: f.userId,
  email: f.email,
  subject: f.subject,
  message: f.message,
  rating: f.rating,
  status: f.status,
  reply: f.reply,
  repliedAt: iso(f.repliedAt),
  createdAt: f.createdAt.toISOString(),
});

/** /api/v1/admin: user management, audit log, analytics, health, readiness, flags, feedback, incidents. */
export const adminApi = new Hono<AppEnv>()
  .use("*", adminOnly)

  // Users --------------------------------------------------------------------------------------
  .get("/users", validate("query", usersQuery), async (c) => {
    const { q, limit, cursor } = c.req.valid("query");
    const page = await store.searchUsers(database(c.env.DB), q || undefined, { limit, cursor });
    const now = new Date();
    return c.json({ items: page.items.map((row) => userItem(row, now)), nextCursor: page.nextCursor });
  })

  .get("/users/:id", async (c) => {
    const facts = await store.userFacts(database(c.env.DB), c.req.param("id"));
    if (!facts) throw apiError("not_found");
    // Reading someone's account facts is itself recorded.
    await audit(c, { action: "user.view", outcome: "ok", targetType: "user", targetId: facts.id });
    return c.json({
      ...userItem(facts, new Date()),
      language: facts.language,
      timeZone: facts.timeZone,
      trialEndsAt: iso(facts.trialEndsAt),
      subscriptionStatus: facts.subscriptionStatus,
      currentPeriodEnd: iso(facts.currentPeriodEnd),
      cancelAtPeriodEnd: Boolean(facts.cancelAtPeriodEnd),
      disabledAt: iso(facts.disabledAt),
      twoFactorEnabled: Boolean(facts.twoFactor),
      hasPassword: Boolean(facts.hasPassword),
      googleLinked: Boolean(facts.googleLinked),
      onboarded: Boolean(facts.onboarded),
      activeSessions: facts.activeSessions,
      feedbackCount: facts.feedbackCount,
    });
  })

  .post("/users/:id/end-sessions", async (c) => {
    const targetId = c.req.param("id");
    await audited(c, { action: "user.end_sessions", targetType: "user", targetId }, async () => {
      const target = await targetUser(c, targetId);
      // Every session of the user, the admin's own included when it is their account: effective at once (D1, KV, sockets).
      await revokeOtherSessions(sessionDeps(c.env), target.id);
    });
    return c.body(null, 204);
  })

  .post("/users/:id/disable", validate("json", proofBody), async (c) => {
    const targetId = c.req.param("id");
    await audited(c, { action: "user.disable", targetType: "user", targetId }, async () => {
      const target = await targetUser(c, targetId);
      await keepAnAdmin(c, target);
      await confirmFresh(c, c.req.valid("json"));
      await store.setUserDisabled(database(c.env.DB), target.id, new Date());
      await revokeOtherSessions(sessionDeps(c.env), target.id);
    });
    return c.body(null, 204);
  })

  .post("/users/:id/enable", async (c) => {
    const targetId = c.req.param("id");
    await audited(c, { action: "user.enable", targetType: "user", targetId }, async () => {
      const target = await targetUser(c, targetId);
      await store.setUserDisabled(database(c.env.DB), target.id, null);
    });
    return c.body(null, 204);
  })

  .patch("/users/:id", validate("json", roleBody), async (c) => {
    const targetId = c.req.param("id");
    const { role, ...proof } = c.req.valid("json");
    await audited(c, { action: "user.role", targetType: "user", targetId, detail: { role } }, async () => {
      const target = await targetUser(c, targetId);
      if (target.role === role) return;
      if (role === "user") {
        await keepAnAdmin(c, target);
        // ADMIN_EMAILS gives the role back at the next sign-in: the setting must change first.
        if (accountDeps(c.env).adminEmails.includes(target.email)) throw conflict("admin:errors.adminEmails");
      } else if (target.id === currentAuth(c).user.id) throw conflict("admin:errors.notYourself");
      await confirmFresh(c, proof);
      await store.setUserRole(database(c.env.DB), target.id, role);
    });
    return c.body(null, 204);
  })

  .delete("/users/:id", validate("json", proofBody), async (c) => {
    const targetId = c.req.param("id");
    await audited(c, { action: "user.delete", targetType: "user", targetId }, async () => {
      const target = await targetUser(c, targetId);
      await keepAnAdmin(c, target);
      await confirmFresh(c, c.req.valid("json"));
      await eraseAccount(c.env, target);
    });
    return c.body(null, 204);
  })

  .post("/users/:id/resend-confirmation", async (c) => {
    const targetId = c.req.param("id");
    await audited(c, { action: "user.resend_confirmation", targetType: "user", targetId }, async () => {
      const target = await targetUser(c, targetId);
      if (target.emailConfirmedAt) throw conflict("admin:errors.alreadyConfirmed");
      await rules.resendConfirmation(accountDeps(c.env), target.email, target.language, clientOf(c).ipAddress || "admin");
    });
    return c.body(null, 204);
  })

  // Audit log (read only) ----------------------------------------------------------------------
  .get("/audit", validate("query", auditQuery), async (c) => {
    const { limit, cursor, ...filter } = c.req.valid("query");
    const page = await store.listAudit(database(c.env.DB), filter, { limit, cursor });
    return c.json({
      items: page.items.map((e) => ({
        id: e.id,
        actorId: e.actorId,
        actorEmail: e.actorEmail,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        outcome: e.outcome,
        detail: e.detail,
        ipAddress: e.ipAddress,
        userAgent: e.userAgent,
        createdAt: e.createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
    });
  })

  // Analytics, health, readiness ---------------------------------------------------------------
  .get("/analytics", validate("query", analyticsQuery), async (c) => {
    const { days } = c.req.valid("query");
    const now = new Date();
    c.header("Cache-Control", "no-store");
    return c.json(analyticsReport(await store.analyticsCounts(database(c.env.DB), now, days), now, days));
  })

  .get("/health", async (c) => {
    const db = database(c.env.DB);
    const now = new Date();
    // This isolate's error counts not written yet (worker/admin/error-counter.ts) count too.
    await flushErrorCounts(db);
    const [checks, runs, mail, errors] = await Promise.all([
      liveChecks(c.env),
      store.lastCronRuns(db),
      store.serviceResult(db, "mail"),
      store.errorCountsSince(db, new Date(now.getTime() - 3600_000)),
    ]);
    const byJob = new Map(runs.map((r) => [r.job, r]));
    c.header("Cache-Control", "no-store");
    return c.json({
      status: Object.values(checks).every((check) => check.status === "ok") ? "ok" : "degraded",
      checks,
      cron: cronJobs.map((job) => {
        const run = byJob.get(job.name);
        return { job: job.name, schedule: job.schedule, lastRun: run ? { startedAt: run.startedAt.toISOString(), durationMs: run.durationMs, result: run.result, detail: run.detail } : null };
      }),
      mail: mail ? { ok: mail.ok, detail: mail.detail, at: mail.at.toISOString() } : null,
      errors: errors.map((e) => ({ route: e.route, clientErrors: e.clientErrors, serverErrors: e.serverErrors })),
    });
  })

  .get("/readiness", async (c) => {
    const checks = await readinessChecks(c.env, new Date());
    const t = translator(c.get("lang"));
    c.header("Cache-Control", "no-store");
    return c.json({
      ready: checks.every((check) => check.ok),
      checks: checks.map((check) => ({ id: check.id, ok: check.ok, label: t(`admin:readiness.checks.${check.id}.label`), fix: check.ok ? null : t(`admin:readiness.checks.${check.id}.fix`) })),
    });
  })

  .post("/readiness/test-email", async (c) => {
    const { user } = currentAuth(c);
    await audited(c, { action: "mail.test", targetType: "mail", targetId: user.email }, async () => {
      const t = translator(user.language);
      const mail = layoutMail(user.language, user.email, {
        subject: t("admin:mail.test.subject"),
        heading: t("admin:mail.test.heading"),
        body: t("admin:mail.test.body"),
        button: t("admin:mail.test.button"),
        link: `${appBaseUrl(c.env)}/app/launch-readiness`,
        footer: t("email:footer"),
      });
      const mailer = mailerFor(c.env);
      mailer.ensureReady?.();
      await mailer.send(mail);
    });
    return c.body(null, 204);
  })

  // Feature flags ------------------------------------------------------------------------------
  .get("/feature-flags", async (c) => {
    const flags = await store.listFlags(database(c.env.DB));
    return c.json({
      items: flags.map((f) => ({ id: f.id, featureName: f.featureName, description: f.description, releaseStatus: f.releaseStatus, updatedAt: f.updatedAt.toISOString() })),
      nextCursor: null,
    });
  })

  .patch("/feature-flags/:id", validate("json", flagPatch), async (c) => {
    const flagId = c.req.param("id");
    const change = c.req.valid("json");
    await audited(c, { action: "flag.update", targetType: "flag", targetId: flagId, detail: change }, async () => {
      const db = database(c.env.DB);
      const flag = await store.findFlag(db, flagId);
      if (!flag) throw apiError("not_found");
      await store.updateFlag(db, flag, change, new Date());
    });
    return c.body(null, 204);
  })

  // Feedback inbox -----------------------------------------------------------------------------
  .get("/feedback", validate("query", feedbackQuery), async (c) => {
    const { limit, cursor, status } = c.req.valid("query");
    const page = await store.listFeedbackInbox(database(c.env.DB), status, { limit, cursor });
    return c.json({ items: page.items.map(feedbackItem), nextCursor: page.nextCursor });
  })

  .patch("/feedback/:id", validate("json", feedbackPatch), async (c) => {
    const feedbackId = c.req.param("id");
    const { status } = c.req.valid("json");
    await audited(c, { action: "feedback.status", targetType: "feedback", targetId: feedbackId, detail: { status } }, async () => {
      const db = database(c.env.DB);
      if (!(await store.findFeedback(db, feedbackId))) throw apiError("not_found");
      await store.updateFeedback(db, feedbackId, { status });
    });
    return c.body(null, 204);
  })

  .post("/feedback/:id/reply", validate("json", replyBody), async (c) => {
    const feedbackId = c.req.param("id");
    const { message } = c.req.valid("json");
    await audited(c, { action: "feedback.reply", targetType: "feedback", targetId: feedbackId }, async () => {
      const db = database(c.env.DB);
      const item = await store.findFeedback(db, feedbackId);
      if (!item) throw apiError("not_found");
      const author = await accounts.findUserById(db, item.userId);
      const language = author?.language ?? "pt";
      const t = translator(language);
      const mailer = mailerFor(c.env);
      mailer.ensureReady?.();
      await mailer.send(
        layoutMail(language, item.email, {
          subject: t("admin:mail.reply.subject"),
          heading: t("admin:mail.reply.heading"),
          body: `${message}\n\n— ${t("admin:mail.reply.yourMessage")}\n${item.message}`,
          button: t("admin:mail.reply.button"),
          link: `${appBaseUrl(c.env)}/app`,
          footer: t("email:footer"),
        }),
      );
      await store.updateFeedback(db, feedbackId, { reply: message, repliedAt: new Date(), ...(item.status === "new" ? { status: "read" as const } : {}) });
    });
    return c.body(null, 204);
  })

  // Incidents ----------------------------------------------------------------------------------
  .get("/incidents", async (c) => {
    const items = await store.listIncidents(database(c.env.DB));
    return c.json({ items: items.map(incidentItem), nextCursor: null });
  })

  .post("/incidents", validate("json", incidentCreate), async (c) => {
    const input = c.req.valid("json");
    const incidentId = newId();
    await audited(c, { action: "incident.create", targetType: "incident", targetId: incidentId }, async () => {
      const now = new Date();
      await store.insertIncident(database(c.env.DB), {
        ...input,
        id: incidentId,
        startedAt: input.startedAt ? new Date(input.startedAt) : now,
        resolvedAt: input.status === "resolved" ? now : null,
      });
    });
    const created = await store.findIncident(database(c.env.DB), incidentId);
    return c.json(incidentItem(created!), 201);
  })

  .patch("/incidents/:id", validate("json", incidentPatch), async (c) => {
    const incidentId = c.req.param("id");
    const change = c.req.valid("json");
    await audited(c, { action: "incident.update", targetType: "incident", targetId: incidentId, detail: change.status ? { status: change.status } : {} }, async () => {
      const db = database(c.env.DB);
      const current = await store.findIncident(db, incidentId);
      if (!current) throw apiError("not_found");
      // Resolving stamps the time once; reopening clears it.
      const resolvedAt = change.status === undefined ? undefined : change.status === "resolved" ? (current.resolvedAt ?? new Date()) : null;
      await store.updateIncident(db, incidentId, { ...change, ...(resolvedAt !== undefined ? { resolvedAt } : {}) });
    });
    const updated = await store.findIncident(database(c.env.DB), incidentId);
    return c.json(incidentItem(updated!));
  })

  .delete("/incidents/:id", async (c) => {
    const incidentId = c.req.param("id");
    await audited(c, { action: "incident.delete", targetType: "incident", targetId: incidentId }, async () => {
      if (!(await store.deleteIncident(database(c.env.DB), incidentId))) throw apiError("not_found");
    });
    return c.body(null, 204);
  });
