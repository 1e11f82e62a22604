import type { User } from "../db/accounts";
import { database } from "../db/client";
import { rememberDevice } from "../db/notifications";
import { describeDevice } from "../lib/device";
import { log } from "../lib/log";
import { notify } from "./notify";
import { SECURITY_NOTICE_KEEP_MS } from "./retention";

const DAY_MS = 86_400_000;
/**
 * The welcome is raised at a sign-in in the account's first 30 days, the first time only (its
 * dedupe key, forgotten a day after the window). Someone who confirms the address later is no newcomer.
 */
export const WELCOME_WINDOW_MS = 30 * DAY_MS;

export type SecurityEvent = "passwordChanged" | "emailChanged" | "twoFactorEnabled" | "twoFactorDisabled";

/**
 * After a completed sign-in: the welcome notification the first time (once, by its dedupe key, and
 * only in the account's first 30 days), later a security notice when the device (browser, system
 * and address) was never seen before, or not for 180 days (known devices are forgotten then, worker/cron/cleanup-known-devices.ts).
 */
export async function onSignIn(env: Env, user: Pick<User, "id" | "emailConfirmedAt" | "createdAt">, request: { userAgent: string; ip: string }, now = new Date()) {
  if (!user.emailConfirmedAt) return;
  try {
    const device = describeDevice(request.userAgent);
    const label = [device.browser, device.os].filter(Boolean).join(" · ") || "?";
    const isNewDevice = await rememberDevice(database(env.DB), user.id, `${label}|${request.ip}`, now);
    // Only in the account's first days, so that its key can be forgotten after them (decision 0103, revised).
    const welcomeEnds = user.createdAt.getTime() + WELCOME_WINDOW_MS;
    const welcome =
      now.getTime() < welcomeEnds
        ? await notify(env, user.id, { type: "welcome", template: "welcome", priority: "medium", actionUrl: "/app/meu-impacto", dedupeKey: "welcome", dedupeUntil: new Date(welcomeEnds + DAY_MS) }, { now: () => now })
        : null;
    if (welcome || !isNewDevice) return;
    await notify(env, user.id, {
      type: "security",
      category: "account",
      priority: "high",
      template: "security.newDevice",
      vars: { device: label, ip: request.ip },
      actionUrl: "/app/settings",
      metadata: { event: "new_device", device: label, ip: request.ip },
      keepFor: SECURITY_NOTICE_KEEP_MS,
    });
  } catch (err) {
    log("error", "sign_in_notification_failed", { userId: user.id, error: err instanceof Error ? err.message : String(err) });
  }
}

/** A security notice for a change to the account's sign-in (password, e-mail, two-factor), kept 90 days like every security notice. */
export function notifySecurityEvent(env: Env, userId: string, event: SecurityEvent, vars?: Record<string, string>) {
  return notify(env, userId, {
    type: "security",
    category: "account",
    priority: "high",
    template: `security.${event}`,
    vars,
    actionUrl: "/app/settings",
    metadata: { event },
    keepFor: SECURITY_NOTICE_KEEP_MS,
  });
}
