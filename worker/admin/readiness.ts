import * as store from "../db/admin";
import { appBaseUrl } from "../lib/app-url";
import { database } from "../db/client";

/** Secrets checked by presence only: their values never leave the Worker. */
export const REQUIRED_SECRETS = ["ENCRYPTION_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "EMAIL_API_KEY", "GOOGLE_CLIENT_SECRET"] as const;

/** A verified Stripe event this recent shows the webhook endpoint is wired to this deployment. */
export const STRIPE_EVENT_MAX_AGE_MS = 30 * 86_400_000;

export type ReadinessId = `secret_${(typeof REQUIRED_SECRETS)[number]}` | "stripe_webhook" | "admin_exists" | "migrations" | "environment" | "https" | "mail_provider" | "mail_delivered" | "google_oauth" | "backups";
export type ReadinessCheck = { id: ReadinessId; ok: boolean };

const present = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * The launch checklist, computed from the running system (docs/decisions/0032). Each check has a
 * label and a how-to-fix text in the admin catalogue under admin:readiness.checks.<id>.
 */
export async function readinessChecks(env: Env, now: Date): Promise<ReadinessCheck[]> {
  const db = database(env.DB);
  const [lastEvent, admins, missing, mail] = await Promise.all([
    store.lastStripeEvent(db),
    store.countActiveAdmins(db),
    store.missingSchema(env.DB),
    store.serviceResult(db, "mail"),
  ]);
  const vars = env as unknown as Record<string, unknown>;
  return [
    ...REQUIRED_SECRETS.map((name) => ({ id: `secret_${name}` as const, ok: present(vars[name]) })),
    { id: "stripe_webhook", ok: present(env.STRIPE_WEBHOOK_SECRET) && lastEvent !== null && now.getTime() - lastEvent.getTime() <= STRIPE_EVENT_MAX_AGE_MS },
    { id: "admin_exists", ok: admins > 0 },
    { id: "migrations", ok: missing.length === 0 },
    { id: "environment", ok: env.ENVIRONMENT === "production" },
    { id: "https", ok: appBaseUrl(env).startsWith("https://") },
    { id: "mail_provider", ok: present(env.EMAIL_API_KEY) && (present(env.EMAIL_FROM) || present(env.SUPPORT_EMAIL)) },
    { id: "mail_delivered", ok: mail?.ok === true },
    { id: "google_oauth", ok: present(env.GOOGLE_CLIENT_ID) && present(env.GOOGLE_CLIENT_SECRET) },
    // D1 Time Travel is always on for production databases (point-in-time restore, 30 days);
    // the check passes where it applies: a production deployment, not local state.
    { id: "backups", ok: env.ENVIRONMENT === "production" },
  ];
}
