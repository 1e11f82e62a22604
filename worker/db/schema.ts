/**
 * The single definition of Rumo's tables. Migrations in migrations/ are generated from this file
 * with `npm run db:generate`.
 *
 * Only modules under worker/db/ may import it (tests/unit/db-guard.test.ts enforces this): every
 * other file reads and writes user data through the scoped data-access functions, so a query
 * that forgets the user id cannot be written by accident.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** Every table's creation and change times (UTC instants in ms); modules' schemas use them too. */
export const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
};

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    /** Self-describing hash string (algorithm and parameters inside), null for Google-only accounts. */
    passwordHash: text("password_hash"),
    fullName: text("full_name").notNull().default(""),
    language: text("language", { enum: ["pt", "en"] }).notNull().default("pt"),
    timeZone: text("time_zone").notNull().default("Europe/Lisbon"),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    googleSub: text("google_sub"),
    /** AES-GCM encrypted Google refresh token (for calendar sync). */
    googleRefreshToken: text("google_refresh_token"),
    /** AES-GCM encrypted TOTP key; two-factor sign-in is on when totpEnabledAt is set. */
    totpKey: text("totp_key"),
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    /** JSON array of hashed, unused recovery codes. */
    totpRecoveryCodes: text("totp_recovery_codes"),
    /** The TOTP time step (unix seconds / 30) of the last accepted code: a code works once. */
    totpLastStep: integer("totp_last_step"),
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
    /** Pro until this instant, from referral rewards (docs/decisions/0008-billing-state-sync.md). */
    bonusProUntil: integer("bonus_pro_until", { mode: "timestamp_ms" }),
    /** The code of the user's referral link, made on first use. */
    referralCode: text("referral_code"),
    preferences: text("preferences", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    /** Set by an admin: the account cannot sign in and its sessions are refused (docs/decisions/0032). */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    /**
     * When the address was last changed (POST /me/email): a resent confirmation link then says
     * "confirm your new email", not sign-up's "activate your account" (docs/decisions/0101).
     */
    emailChangedAt: integer("email_changed_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    uniqueIndex("users_referral_code_unique").on(t.referralCode),
    // The weekly reports' quarter-hour job reads the confirmed accounts' distinct zones, then the
    // users of the zones at Monday 07:00 in id pages: both from this index alone, not a scan of
    // users (the confirmation time in it makes it covering).
    // The trial notices' jobs, every quarter-hour each, look for trials ending in a window of days.
    index("users_confirmed_trial_end_idx").on(t.trialEndsAt).where(sql`${t.emailConfirmedAt} is not null and ${t.trialEndsAt} is not null`),
    index("users_confirmed_time_zone_idx").on(t.timeZone, t.id, t.emailConfirmedAt).where(sql`${t.emailConfirmedAt} is not null`),
  ],
);

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hasCompletedOnboarding: integer("has_completed_onboarding", { mode: "boolean" }).notNull().default(false),
  /** Module keys the user wants first on the dashboard, in order. */
  firstModules: text("first_modules", { mode: "json" }).$type<string[]>().notNull().default([]),
  ...timestamps,
});

/** D1 keeps every session so that revocation and sensitive checks never depend on KV's lag. */
export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token (hex); the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["email", "google"] }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ipAddress: text("ip_address").notNull().default(""),
    /** Set while the second factor is still owed: such a session only reaches the TOTP step. */
    pendingSecondFactor: integer("pending_second_factor", { mode: "boolean" }).notNull().default(false),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    absoluteExpiresAt: integer("absolute_expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One-time tokens sent by e-mail (confirmation, password reset); only their hash is stored. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["email_confirmation", "password_reset"] }).notNull(),
    /** The address the token confirms (an e-mail change confirms the new address). */
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  // The nightly cleanup deletes the expired ones by this index, not a scan of every token.
  (t) => [index("auth_tokens_user_idx").on(t.userId), index("auth_tokens_expires_idx").on(t.expiresAt)],
);

/** Local e-mail outbox (ENVIRONMENT=development): what production would have sent. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);

export const FEEDBACK_STATUSES = ["new", "read", "done"] as const;

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    type: text("type").notNull().default("beta_feedback"),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull(),
    rating: integer("rating").notNull().default(5),
    /** The admin inbox's triage state. */
    status: text("status", { enum: FEEDBACK_STATUSES }).notNull().default("new"),
    /** The admin's e-mailed reply (kept so the inbox shows it was answered). */
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("feedback_user_idx").on(t.userId), index("feedback_status_created_idx").on(t.status, t.createdAt)],
);

// Billing ------------------------------------------------------------------------------------

/**
 * The user's Stripe customer and a copy of their current Stripe subscription, rewritten whole
 * from Stripe on every relevant webhook (never patched from an event's delta).
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    tier: text("tier", { enum: ["free", "light", "pro"] }).notNull().default("free"),
    /** Stripe's subscription status (active, trialing, past_due, canceled, ...), null before any. */
    status: text("status"),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [uniqueIndex("subscriptions_customer_unique").on(t.stripeCustomerId)],
);

/** Stripe events already applied, written in the same batch as their change (idempotency). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});

/** Coupons a user has redeemed in a completed checkout (each once per account). */
export const couponRedemptions = sqliteTable(
  "coupon_redemptions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    redeemedAt: integer("redeemed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("coupon_redemptions_user_code_unique").on(t.userId, t.code)],
);

/** Who referred whom; a reward marks the two referrals it consumed with its id. */
export const referrals = sqliteTable(
  "referrals",
  {
    id: text("id").primaryKey(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstPaidAt: integer("first_paid_at", { mode: "timestamp_ms" }),
    rewardId: text("reward_id"),
    rewardGrantedAt: integer("reward_granted_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("referrals_referred_unique").on(t.referredId), index("referrals_referrer_idx").on(t.referrerId)],
);

// Notifications -------------------------------------------------------------------------------

export const NOTIFICATION_TYPES = [
  "system",
  "achievement",
  "task",
  "financial",
  "reminder",
  "social",
  "security",
  "welcome",
  "goal_progress",
  "budget_alert",
  "weekly_report",
] as const;
export const NOTIFICATION_PRIORITIES = ["low", "medium", "high", "critical"] as const;
export const NOTIFICATION_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export const RELEASE_STATUSES = ["development", "beta", "launched", "deprecated"] as const;

/**
 * A notification's priority as a number, critical 3 to low 0: the bell's first sort key. The list
 * orders by this very expression, so SQLite reads it from the indexes below instead of sorting.
 */
export const notificationPriorityRank = (priority: AnySQLiteColumn) =>
  sql<number>`case ${priority} when 'critical' then 3 when 'high' then 2 when 'medium' then 1 else 0 end`;

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    category: text("category").notNull().default("general"),
    priority: text("priority", { enum: NOTIFICATION_PRIORITIES }).notNull().default("medium"),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /** A same-site path opened when the notification is clicked. */
    actionUrl: text("action_url"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    parentId: text("parent_id"),
    /** Set by jobs and account events: one notification per key and user, so reruns never duplicate (the record that outlives the row: notification_keys). */
    dedupeKey: text("dedupe_key"),
    /** False when the user turned in-app delivery of this type off: the row is kept for the e-mail digests only. */
    inApp: integer("in_app", { mode: "boolean" }).notNull().default(true),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_expires_idx").on(t.expiresAt),
    uniqueIndex("notifications_user_dedupe_unique").on(t.userId, t.dedupeKey),
    // The bell's order (priority, newest, id) per user, and the same over unread rows only for the
    // unread tab and the badge's count, which finds in_app and expires_at in the index without
    // reading the rows (docs/decisions/0088).
    index("notifications_user_priority_idx").on(t.userId, notificationPriorityRank(t.priority), t.createdAt, t.id),
    index("notifications_user_unread_idx")
      .on(t.userId, notificationPriorityRank(t.priority), t.createdAt, t.id, t.inApp, t.expiresAt)
      .where(sql`${t.isRead} = 0`),
  ],
);

export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationType: text("notification_type", { enum: NOTIFICATION_TYPES }).notNull(),
    inAppEnabled: integer("in_app_enabled", { mode: "boolean" }).notNull().default(true),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(false),
    pushEnabled: integer("push_enabled", { mode: "boolean" }).notNull().default(false),
    frequency: text("frequency", { enum: NOTIFICATION_FREQUENCIES }).notNull().default("instant"),
    /** Local "HH:MM" in the user's time zone; both set or both null. */
    quietHoursStart: text("quiet_hours_start"),
    quietHoursEnd: text("quiet_hours_end"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("notification_preferences_user_type_unique").on(t.userId, t.notificationType),
    // The e-mail digests' job pages, every quarter-hour, the users with a digest of some type: the
    // few such rows, not every user's preferences. Its query writes the same terms as literals
    // (worker/db/jobs.ts), or SQLite cannot tell that this index holds every row it wants.
    index("notification_preferences_digest_idx").on(t.userId).where(sql`${t.emailEnabled} = 1 and ${t.frequency} in ('daily', 'weekly')`),
  ],
);

/** Daily and weekly e-mail digests already sent: one row per user and period, so reruns send nothing. */
export const notificationDigests = sqliteTable(
  "notification_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "daily:2026-11-22" or "weekly:2026-11-16" (the local Monday). */
    periodKey: text("period_key").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodKey] })],
);

/**
 * Each dedupe key notify() has raised a notification with (docs/decisions/0103): the lasting record
 * that it was sent, kept apart from the notification, which the user may delete and which expires.
 * Its key alone went with it, and the job sent it again (a budget alert every night, the welcome at
 * the next sign-in). Forgotten at `forget_at`, once the job that raised it can no longer raise the
 * same key (a task's start is past); kept for the account's life when null.
 */
export const notificationKeys = sqliteTable(
  "notification_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    forgetAt: integer("forget_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dedupeKey] }),
    // The quarter-hour cleanup's range (worker/cron/delete-expired-notifications.ts).
    index("notification_keys_forget_idx").on(t.forgetAt).where(sql`${t.forgetAt} is not null`),
  ],
);

/**
 * Devices (browser, system and address) a user has signed in from: a new one raises a security
 * notice. The key holds an IP address, so a device not signed in from for 180 days is forgotten
 * (the nightly `cleanup-known-devices`).
 */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceKey: text("device_key").notNull(),
    createdAt: timestamps.createdAt,
    /** The last sign-in from it (null on rows from before the column: their `createdAt` counts). */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("known_devices_user_device_unique").on(t.userId, t.deviceKey),
    // The nightly cleanup's own expression (worker/db/notifications.ts), so it reads the stale devices only.
    index("known_devices_seen_idx").on(sql`coalesce(${t.lastSeenAt}, ${t.createdAt})`),
  ],
);

/** Product features and their release state; launched ones updated in the last 7 days are announced. */
export const featureFlags = sqliteTable(
  "feature_flags",
  {
    id: text("id").primaryKey(),
    featureName: text("feature_name").notNull(),
    description: text("description").notNull().default(""),
    releaseStatus: text("release_status", { enum: RELEASE_STATUSES }).notNull().default("development"),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [uniqueIndex("feature_flags_name_unique").on(t.featureName), index("feature_flags_status_updated_idx").on(t.releaseStatus, t.updatedAt)],
);

/** When each user last looked at (or dismissed) the feature announcements. */
export const featureChecks = sqliteTable("feature_checks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Fan-outs that must happen once (a launched feature is announced to everyone once, not every 15
 * minutes): recorded after all of their queue messages were sent (docs/decisions/0013).
 */
export const fanOuts = sqliteTable(
  "fan_outs",
  {
    job: text("job").notNull(),
    /** What was fanned out, e.g. "agentes:1767225600000" (the flag and its launch time). */
    key: text("key").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.job, t.key] })],
);

// Operations (issue 19, docs/decisions/0032) ---------------------------------------------------

export const AUDIT_OUTCOMES = ["ok", "refused", "failed"] as const;

/**
 * Append-only record of admin actions and refused admin attempts. Nothing in the app updates or
 * deletes a row. Actor and target are plain ids without a foreign key on purpose: the record of
 * an action must outlive the accounts it names (an erased user leaves only an opaque id).
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** The signed-in actor (null for an anonymous attempt). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull().default(""),
    /** e.g. "user.disable", "user.role", "flag.update", "admin.access". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }).notNull(),
    /** Why a refusal happened, or what changed (small JSON, never module content). */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_target_idx").on(t.targetId, t.createdAt),
  ],
);

/** One row per cron job run, written by the registry's runner (runSchedule). */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: text("id").primaryKey(),
    job: text("job").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    result: text("result", { enum: ["ok", "error"] }).notNull(),
    /** The job's own summary ({ affected } or { enqueued, batches }) or its error message. */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("cron_runs_job_started_idx").on(t.job, t.startedAt)],
);

export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
export const INCIDENT_IMPACTS = ["minor", "major"] as const;

/** Incidents an admin writes, shown on the public /status page in both languages. */
export const incidents = sqliteTable(
  "incidents",
  {
    id: text("id").primaryKey(),
    titlePt: text("title_pt").notNull(),
    titleEn: text("title_en").notNull(),
    bodyPt: text("body_pt").notNull().default(""),
    bodyEn: text("body_en").notNull().default(""),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull().default("investigating"),
    impact: text("impact", { enum: INCIDENT_IMPACTS }).notNull().default("minor"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("incidents_started_idx").on(t.startedAt)],
);

/**
 * Error answers per route pattern and 5-minute bucket: one upsert per 4xx/5xx answer keeps the
 * health screen's "errors by route over the last hour" cheap to write and to read.
 */
export const errorCounts = sqliteTable(
  "error_counts",
  {
    route: text("route").notNull(),
    /** Start of the 5-minute bucket, unix ms. */
    bucket: integer("bucket").notNull(),
    clientErrors: integer("client_errors").notNull().default(0),
    serverErrors: integer("server_errors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.route, t.bucket] })],
);

/** The last outcome of an outside service the app calls (the e-mail provider): one row per service. */
export const serviceResults = sqliteTable("service_results", {
  service: text("service").primaryKey(),
  ok: integer("ok", { mode: "boolean" }).notNull(),
  detail: text("detail").notNull().default(""),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
});

// Activity tracking (issue 16, docs/decisions/0037) ---------------------------------------------

/** The session events of section 4 of the specification; nothing else is accepted. */
export const ACTIVITY_TYPES = ["session_start", "heartbeat", "session_end", "session_summary"] as const;

/**
 * What a signed-in session did, for the impact dashboard (activities in the last 30 days) and the
 * admin's active users and module usage. What a row says is cleared after 90 days and the bare row
 * deleted after 155, for the dashboard's five months (the nightly `cleanup-old-activities` job, 0109).
 * `route` is the app path the event came from (no query string) and `module` the module key that
 * path belongs to, both derived on the server, so analytics group without parsing JSON.
 */
export const userActivities = sqliteTable(
  "user_activities",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    activityTitle: text("activity_title").notNull().default(""),
    activityDescription: text("activity_description").notNull().default(""),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    route: text("route"),
    module: text("module"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // The dashboard's 30-day count and five months, per user.
    index("user_activities_user_created_idx").on(t.userId, t.createdAt),
    // The nightly cleanup and the admin's windows across users.
    index("user_activities_created_idx").on(t.createdAt),
  ],
);

/**
 * Answers to writes sent with an Idempotency-Key (the offline queue's replays): a repeat of the
 * same key answers the stored response without writing again. Kept a day (nightly cleanup).
 * `status` is null while the first request is still running. docs/decisions/0040-offline-app.md
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
