/** A fixed-window limit: at most `max` counted events per `windowMs` for one key. */
export type Limit = { name: string; max: number; windowMs: number };

const MINUTE = 60_000;
export const limits = {
  loginFailuresPerAccount: { name: "login-account", max: 5, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { name: "login-ip", max: 30, windowMs: 15 * MINUTE },
  signupPerIp: { name: "signup-ip", max: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { name: "reset-account", max: 3, windowMs: 15 * MINUTE },
  resetPerIp: { name: "reset-ip", max: 20, windowMs: 60 * MINUTE },
  resendPerAccount: { name: "resend-account", max: 3, windowMs: 15 * MINUTE },
  /** Per account, across all its sessions: a new password sign-in must not bring new guesses. */
  secondFactorPerAccount: { name: "totp-account", max: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

type Window = { count: number; resetAt: number };

/**
 * Counters in KV (the design card's store for rate limits). KV is not transactional, so two
 * simultaneous attempts may both count as one: the limit is approximate by a request or two,
 * which is fine for slowing guessing down. Windows expire, so nobody is locked out for good.
 */
export function rateLimiter(kv: KVNamespace, now: () => number = Date.now) {
  const key = (limit: Limit, subject: string) => `rl:${limit.name}:${subject.toLowerCase()}`;
  async function read(limit: Limit, subject: string): Promise<Window> {
    const window = await kv.get<Window>(key(limit, subject), { type: "json", cacheTtl: 60 });
    return window && window.resetAt > now() ? window : { count: 0, resetAt: now() + limit.windowMs };
  }
  return {
    /** Seconds to wait when the limit is reached, else null. */
    async blocked(limit: Limit, subject: string): Promise<number | null> {
      const window = await read(limit, subject);
      return window.count >= limit.max ? Math.max(1, Math.ceil((window.resetAt - now()) / 1000)) : null;
    },
    async hit(limit: Limit, subject: string): Promise<void> {
      const window = await read(limit, subject);
      const next = { count: window.count + 1, resetAt: window.resetAt };
      await kv.put(key(limit, subject), JSON.stringify(next), { expirationTtl: Math.max(60, Math.ceil((next.resetAt - now()) / 1000)) });
    },
    async clear(limit: Limit, subject: string): Promise<void> {
      await kv.delete(key(limit, subject));
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
