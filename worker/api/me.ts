import type { BatchItem } from "drizzle-orm/batch";
import { Hono } from "hono";
import { z } from "zod";
import * as rules from "../auth/account-rules";
import { accountDeps, currentAuth, requireFreshSession, requireUser, sessionDeps } from "../auth/middleware";
import { publicUser } from "../auth/public-user";
import { clearSessionCookie, revokeOtherSessions, revokeSession } from "../auth/sessions";
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from "../auth/two-factor";
import { eraseAccount } from "../auth/erase-account";
import { entitlementsOfAuth } from "../billing/entitlements";
import * as accounts from "../db/accounts";
import { database, type Db } from "../db/client";
import { scopedTo } from "../db/scoped";
import { allDayRemindersIn } from "../modules/calendar/queries";
import { routineRemindersIn } from "../modules/selfCare/queries";
import { catchUpAfterZoneMove } from "../modules/reports/job";
import { queueDispatch } from "../cron/fan-out";
import { EXPORTERS } from "../modules/exporters";
import { streamUserData } from "../db/export";
import { describeDevice } from "../lib/device";
import { ApiError, apiError } from "../lib/errors";
import { log } from "../lib/log";
import { localDate } from "../lib/time-zone";
import { validate } from "../lib/validate";
import { notifySecurityEvent } from "../notifications/account-events";
import type { AppEnv } from "../types";
import { MODULE_KEYS } from "~/lib/modules";
import { ACCOUNT_ENTITY } from "~/lib/entity-changes";
import { publishEntityChange } from "../notifications/notify";
import { email as emailAddress } from "./auth";

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};


const timeZone = z.string().max(64).refine(isTimeZone, "errors:field.invalid");
const language = z.enum(["pt", "en"]);

/** The stored preferences, whole, are kept small: the row is read on every signed-in request. */
export const PREFERENCES_MAX_CHARS = 8_192;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "errors:field.invalid");

/**
 * Every preference the app stores, each bounded; unknown keys are refused, so the JSON column
 * cannot grow or nest without limit (a feature adds its key here). null removes a key.
 */
const preferencesSchema = z
  .object({
    /** Guided tours the user finished or dismissed. */
    completedGuides: z.array(z.string().trim().min(1).max(64)).max(100).nullable(),
    /** Working hours for planning features: local times and ISO weekdays (1 = Monday). */
    workingHours: z
      .object({ start: clock, end: clock, days: z.array(z.number().int().min(1).max(7)).max(7).optional() })
      .strict()
      // Scheduling refuses overnight hours and empty or repeated days (worker/modules/tasks/scheduling.ts).
      .refine((hours) => hours.end > hours.start, { path: ["end"], message: "errors:field.invalid" })
      .refine((hours) => !hours.days || (hours.days.length > 0 && new Set(hours.days).size === hours.days.length), { path: ["days"], message: "errors:field.invalid" })
      .nullable(),
    /** Finances: amounts masked on every screen (issue 14's 'hide values'), remembered per user. */
    hideFinanceValues: z.boolean().nullable(),
    /** Whether diary and cycle content may be sent to an AI provider (GDPR Art. 9; off unless set). */
    aiOnPersonalData: z.boolean().nullable(),
    /** The cycle reminder's text says nothing of periods; on unless false (docs/decisions/0107). */
    discreetCycleReminder: z.boolean().nullable(),
    /** Session tracking (user_activities); on unless false (docs/decisions/0037). */
    activityTracking: z.boolean().nullable(),
  })
  .partial()
  .strict();

/** The modules onboarding asked for first; Perfil → Preferências changes them (decision 0111). */
const firstModules = z.array(z.enum(MODULE_KEYS)).max(MODULE_KEYS.length);

const patchMeSchema = z
  .object({
    // Required as at sign-up, in the sign-up's words: an account always has a name to greet.
    fullName: z.string().trim().min(1, "auth:validation.fillAllRequiredFields").max(120),
    language,
    timeZone,
    preferences: preferencesSchema,
    firstModules,
  })
  .partial()
  .strict();

/**
 * Applies a change (null removes a key); the merged whole must still fit the bound. Finished tours
 * are added to the stored ones: each tab sends the list it loaded plus its own, so replacing would
 * forget a tour another tab finished meanwhile (and it would play again).
 */
function mergePreferences(stored: Record<string, unknown>, change: z.infer<typeof preferencesSchema>) {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else if (key === "completedGuides" && Array.isArray(value) && Array.isArray(stored.completedGuides)) merged[key] = [...new Set([...stored.completedGuides, ...value])];
    else if (value !== undefined) merged[key] = value;
  }
  if (JSON.stringify(merged).length > PREFERENCES_MAX_CHARS) {
    throw new ApiError("validation_failed", 400, "errors:field.tooLong", { preferences: "errors:field.tooLong" });
  }
  return merged;
}

/**
 * Saves account fields, with `also` (statements of the same change) in one batch. A new zone moves
 * the all-day event reminders and the routine reminders in that batch too: they follow the
 * account's midnight and clock (worker/modules/calendar/queries.ts `allDayRemindersIn`,
 * worker/modules/selfCare/queries.ts `routineRemindersIn`), never a zone without its reminders.
 */
async function saveAccount(db: Db, user: accounts.User, set: Partial<Omit<accounts.NewUser, "id">>, also: BatchItem<"sqlite">[] = []) {
  const zone = set.timeZone && set.timeZone !== user.timeZone ? set.timeZone : null;
  const now = new Date();
  const [events, routines] = zone ? await Promise.all([allDayRemindersIn(scopedTo(db, user.id), zone, now), routineRemindersIn(db, user.id, zone, now)]) : [[], []];
  await db.batch([accounts.userUpdate(db, user.id, set), ...also, ...events, ...routines]);
}

const onboardingSchema = z
  .object({
    fullName: z.string().trim().min(1).max(120),
    language,
    timeZone,
    firstModules,
  })
  .strict();

const passwordSchema = z.object({
  currentPassword: z.string().max(256).default(""),
  newPassword: z.string().min(1).min(6, "auth:validation.passwordTooShort").max(256, "auth:validation.passwordTooLong"),
});
const confirmWithPassword = z.object({ password: z.string().max(256).optional() });
// The new address by sign-up's rules; the password as every confirmed action takes it (none for an
// account without one, which shows a recent Google sign-in instead).
const changeEmailSchema = z.object({ email: emailAddress("errors:field.required"), password: z.string().max(256).optional() });
const codeSchema = z.object({ code: z.string().trim().min(1, "auth:validation.codeFormat").max(12, "auth:validation.codeFormat") });

export const me = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", async (c) => {
    const auth = currentAuth(c);
    const { user, session, profile } = auth;
    const { subscription, entitlements } = entitlementsOfAuth(auth);
    return c.json({
      user: publicUser(user, session),
      profile: { hasCompletedOnboarding: profile?.hasCompletedOnboarding ?? false, firstModules: profile?.firstModules ?? [] },
      subscription,
      entitlements,
    });
  })

  .patch("/", validate("json", patchMeSchema), async (c) => {
    const { user, session } = currentAuth(c);
    const { firstModules, ...input } = c.req.valid("json");
    const db = database(c.env.DB);
    const preferences = input.preferences ? mergePreferences(user.preferences, input.preferences) : undefined;
    // The first modules live on the profile row: saved in the account's batch, all or nothing.
    await saveAccount(db, user, { ...input, ...(preferences ? { preferences } : {}) }, firstModules ? [accounts.profileUpdate(db, user.id, { firstModules: [...new Set(firstModules)] })] : []);
    // The user's other tabs and devices reload the account: its language, zone, "Ocultar valores".
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: ACCOUNT_ENTITY, id: user.id, action: "updated" }));
    // A move east on a Monday morning would skip the week's report (worker/modules/reports/job.ts).
    if (input.timeZone && input.timeZone !== user.timeZone) {
      const sent = catchUpAfterZoneMove(user.id, user.timeZone, input.timeZone, new Date(), queueDispatch(c.env.USER_JOBS));
      c.executionCtx.waitUntil(sent.catch((err) => log("warn", "report_catch_up_failed", { error: err instanceof Error ? err.message : String(err) })));
    }
    return c.json({ user: publicUser((await accounts.findUserById(db, user.id))!, session) });
  })

  .post("/onboarding", validate("json", onboardingSchema), async (c) => {
    const { user } = currentAuth(c);
    const { firstModules, ...account } = c.req.valid("json");
    const db = database(c.env.DB);
    await saveAccount(db, user, account, [accounts.profileUpdate(db, user.id, { hasCompletedOnboarding: true, firstModules })]);
    return c.json({ ok: true });
  })

  .post("/password", requireFreshSession, validate("json", passwordSchema), async (c) => {
    const { user, session } = currentAuth(c);
    await rules.changePassword(accountDeps(c.env), user.id, session, c.req.valid("json"));
    await notifySecurityEvent(c.env, user.id, "passwordChanged");
    return c.body(null, 204);
  })

  // A new e-mail address (docs/decisions/0101): stored unconfirmed, a link to it, a notice to the old one.
  .post("/email", requireFreshSession, validate("json", changeEmailSchema), async (c) => {
    const { user, session } = currentAuth(c);
    const input = c.req.valid("json");
    await rules.changeEmail(accountDeps(c.env), user.id, session, input);
    await notifySecurityEvent(c.env, user.id, "emailChanged", { email: input.email });
    // The user's other tabs and devices reload the account: the new address and the unconfirmed banner.
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: ACCOUNT_ENTITY, id: user.id, action: "updated" }));
    return c.json({ user: publicUser((await accounts.findUserById(database(c.env.DB), user.id))!, session) });
  })

  .get("/sessions", async (c) => {
    const { user, session } = currentAuth(c);
    const list = await accounts.listSessions(database(c.env.DB), user.id);
    return c.json({
      // A sign-in still waiting for its second factor is no signed-in device: it is not listed (it
      // can do nothing but send a code, expires as any session, and "end all others" still ends it).
      items: list.filter((s) => !s.pendingSecondFactor).map((s) => ({
        id: s.id,
        current: s.id === session.id,
        provider: s.provider,
        device: describeDevice(s.userAgent),
        ipAddress: s.ipAddress,
        lastUsedAt: s.lastUsedAt.toISOString(),
        createdAt: s.createdAt.toISOString(),
      })),
      nextCursor: null,
    });
  })

  .delete("/sessions/:id", async (c) => {
    const { user, session } = currentAuth(c);
    const id = c.req.param("id");
    if (!(await revokeSession(sessionDeps(c.env), user.id, id))) throw apiError("not_found");
    if (id === session.id) c.header("Set-Cookie", clearSessionCookie(c.req.url));
    return c.body(null, 204);
  })

  .delete("/sessions", async (c) => {
    const { user, session } = currentAuth(c);
    const ended = await revokeOtherSessions(sessionDeps(c.env), user.id, session.id);
    return c.json({ ended });
  })

  .post("/two-factor/setup", requireFreshSession, async (c) => {
    const { user } = currentAuth(c);
    if (user.totpEnabledAt) throw apiError("conflict");
    return c.json(await setupTwoFactor({ ...accountDeps(c.env), env: c.env }, user));
  })

  .post("/two-factor/enable", requireFreshSession, validate("json", codeSchema), async (c) => {
    const { user } = currentAuth(c);
    const result = await enableTwoFactor({ ...accountDeps(c.env), env: c.env }, user.id, c.req.valid("json").code);
    await notifySecurityEvent(c.env, user.id, "twoFactorEnabled");
    return c.json(result);
  })

  .post("/two-factor/disable", requireFreshSession, validate("json", confirmWithPassword), async (c) => {
    const { user, session } = currentAuth(c);
    await rules.confirmPassword(accountDeps(c.env), user.id, c.req.valid("json").password, session);
    await disableTwoFactor(accountDeps(c.env), user.id);
    await notifySecurityEvent(c.env, user.id, "twoFactorDisabled");
    return c.body(null, 204);
  })

  .get("/export", async (c) => {
    const { user } = currentAuth(c);
    // The platform's exporters and every module's (worker/modules/): one export, always complete.
    // Streamed one exporter at a time, so a heavy account fits in the Worker's memory; a part that
    // fails once the answer has begun cuts the transfer rather than end it short (decision 0089).
    const body = await streamUserData(database(c.env.DB), user.id, EXPORTERS, { exportedAt: new Date().toISOString() }, (error) =>
      log("error", "export_failed", { requestId: c.get("requestId"), error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined }),
    );
    return c.body(body, 200, {
      "Content-Type": "application/json",
      // Named by the account's day, as the finances CSV is (not UTC's, a day off around midnight).
      "Content-Disposition": `attachment; filename="rumo-export-${localDate(new Date(), user.timeZone)}.json"`,
      "Cache-Control": "no-store",
    });
  })

  .delete("/", requireFreshSession, validate("json", confirmWithPassword), async (c) => {
    const { user, session } = currentAuth(c);
    const deps = accountDeps(c.env);
    await rules.confirmPassword(deps, user.id, c.req.valid("json").password, session);
    // The same erasure an admin's deletion uses (Stripe first; nothing is deleted if it fails).
    await eraseAccount(c.env, user);
    c.header("Set-Cookie", clearSessionCookie(c.req.url));
    return c.body(null, 204);
  });
