import { log } from "../lib/log";

/**
 * A fixed-window limit: at most `max` counted events per `windowMs` for one key. `failClosed`
 * limits guard secrets against guessing: if the limiter itself fails they refuse (429) rather than
 * let unlimited guesses through; the others fail open with a log line (docs/decisions/0014).
 */
export type Limit = { name: string; max: number; windowMs: number; failClosed?: boolean };

const MINUTE = 60_000;
export const limits = {
  loginFailuresPerAccount: { name: "login-account", max: 5, windowMs: 15 * MINUTE, failClosed: true },
  loginFailuresPerIp: { name: "login-ip", max: 30, windowMs: 15 * MINUTE },
  signupPerIp: { name: "signup-ip", max: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { name: "reset-account", max: 3, windowMs: 15 * MINUTE },
  resetPerIp: { name: "reset-ip", max: 20, windowMs: 60 * MINUTE },
  resendPerAccount: { name: "resend-account", max: 3, windowMs: 15 * MINUTE },
  resendPerIp: { name: "resend-ip", max: 20, windowMs: 60 * MINUTE },
  /**
   * Wrong passwords typed to confirm a sensitive action (change password, turn off two-factor,
   * delete the account, admin actions): a borrowed session must not become a password-guessing oracle.
   */
  passwordConfirmPerAccount: { name: "password-confirm-account", max: 5, windowMs: 15 * MINUTE, failClosed: true },
  /** E-mail address changes (each mails an address the caller chose): per account. */
  emailChangePerAccount: { name: "email-change-account", max: 5, windowMs: 60 * MINUTE },
  /** Per account, across all its sessions: a new password sign-in must not bring new guesses. */
  secondFactorPerAccount: { name: "totp-account", max: 5, windowMs: 15 * MINUTE, failClosed: true },
  /** Anonymous endpoints that call Stripe (coupon check, checkout) per client address. */
  stripeCallsPerIp: { name: "stripe-ip", max: 60, windowMs: 15 * MINUTE },
  feedbackPerAccount: { name: "feedback-account", max: 10, windowMs: 60 * MINUTE },
  /** Session events: a heartbeat every 30 s is 120 an hour per tab; this leaves room for a few tabs. */
  activitiesPerAccount: { name: "activities-account", max: 600, windowMs: 60 * MINUTE },
  /** 'Sincronizar agora' calls Google's API: per account. */
  googleSyncPerAccount: { name: "google-sync-account", max: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** Seconds a refused limiter failure asks the client to wait. */
const FAILED_CLOSED_RETRY_SECONDS = 60;

/** The counters' store: the RateLimiter Durable Object, one instance per limit key. */
export type LimiterStore = Pick<Env["RATE_LIMITER"], "idFromName" | "get">;

/**
 * Exact counters in the RateLimiter Durable Object (worker/durable-objects/rate-limiter.ts). A
 * limiter failure never becomes a 5xx: fail-open limits let the request through and log it,
 * fail-closed limits answer 429 (the caller's Retry-After).
 */
export function rateLimiter(store: LimiterStore, now: () => number = Date.now) {
  const counter = (limit: Limit, subject: string) => store.get(store.idFromName(`${limit.name}:${subject.trim().toLowerCase()}`));
  const failed = (operation: string, limit: Limit, error: unknown) =>
    log("error", "rate_limiter_failed", { operation, limit: limit.name, failClosed: !!limit.failClosed, error: error instanceof Error ? error.message : String(error) });
  const secondsUntil = (resetAt: number) => Math.max(1, Math.ceil((resetAt - now()) / 1000));
  return {
    /** Seconds to wait when the limit is reached, else null. */
    async blocked(limit: Limit, subject: string): Promise<number | null> {
      try {
        const window = await counter(limit, subject).read(limit.windowMs, now());
        return window.count >= limit.max ? secondsUntil(window.resetAt) : null;
      } catch (error) {
        failed("blocked", limit, error);
        return limit.failClosed ? FAILED_CLOSED_RETRY_SECONDS : null;
      }
    },
    /**
     * Counts one attempt before it is checked, or refuses it (uncounted) once the limit is reached:
     * seconds to wait, else null. One call, so a concurrent burst gets at most `max` attempts
     * checked, where blocked-then-hit let all of it through (guessing limits; decision 0014).
     */
    async take(limit: Limit, subject: string): Promise<number | null> {
      try {
        const window = await counter(limit, subject).take(limit.windowMs, now(), limit.max);
        return window.taken ? null : secondsUntil(window.resetAt);
      } catch (error) {
        failed("take", limit, error);
        return limit.failClosed ? FAILED_CLOSED_RETRY_SECONDS : null;
      }
    },
    async hit(limit: Limit, subject: string): Promise<void> {
      try {
        await counter(limit, subject).hit(limit.windowMs, now());
      } catch (error) {
        failed("hit", limit, error);
      }
    },
    async clear(limit: Limit, subject: string): Promise<void> {
      try {
        await counter(limit, subject).clear();
      } catch (error) {
        failed("clear", limit, error);
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
