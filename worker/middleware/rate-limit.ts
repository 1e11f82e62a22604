import type { MessageKey } from "~/locales/types";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { tooMany } from "../auth/account-rules";
import { log } from "../lib/log";
import { rateLimiter, type Limit } from "../auth/rate-limit";
import type { AppEnv } from "../types";

/** The client's address as Cloudflare reports it (the same reading as the sign-in rules). */
export const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0].trim() ?? "local";

/**
 * Counts every request to a route against `limit` for the subject `subjectOf` names, and answers
 * 429 rate_limited with Retry-After once it is reached (before any work, e.g. a Stripe call).
 * Refused requests are not counted, so a client that waits gets in when the window ends.
 */
export const limitRequests = (limit: Limit, subjectOf: (c: Context<AppEnv>) => string, messageKey: MessageKey = "auth:errors.tooManyRequests") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const limiter = rateLimiter(c.env.RATE_LIMITER);
    const subject = subjectOf(c);
    // One atomic take: a concurrent burst gets at most `max` through, in one call to the counter.
    const blocked = await limiter.take(limit, subject);
    if (blocked) throw tooMany(blocked, messageKey);
    await next();
  });

/**
 * The refusal of a burst, in the words the spec gives its route: sign-in's "Muitas tentativas de
 * login…" with the sign-in catalogue's code (API.md), sign-up's "Muitas tentativas de registo…",
 * and the general "Muitas tentativas…" elsewhere.
 */
function burstRefusal(path: string) {
  if (path.endsWith("/auth/login")) return tooMany(BURST_RETRY_SECONDS, "auth:errors.tooManyLoginAttempts", "too_many_requests");
  if (path.endsWith("/auth/signup")) return tooMany(BURST_RETRY_SECONDS, "auth:errors.tooManySignUps");
  return tooMany(BURST_RETRY_SECONDS, "auth:errors.tooManyRequests");
}

/** Seconds a burst-limited client waits (the binding's period). */
export const BURST_RETRY_SECONDS = 10;

/**
 * Per-address burst guard for anonymous endpoints that hash passwords, send e-mail or call Stripe:
 * the Workers rate-limiting binding, before any other work. It fails open with a log line (a
 * binding outage must not take sign-in down); the exact per-account counters still apply.
 * Requests without Cloudflare's client address (local tools, tests) are not burst-limited.
 */
export const addressBurst = createMiddleware<AppEnv>(async (c, next) => {
  const ip = c.req.header("cf-connecting-ip");
  if (c.req.method === "POST" && ip) {
    let allowed = true;
    try {
      allowed = (await c.env.ADDRESS_BURST.limit({ key: ip })).success;
    } catch (error) {
      log("error", "rate_limiter_failed", { operation: "burst", limit: "address-burst", failClosed: false, error: error instanceof Error ? error.message : String(error) });
    }
    if (!allowed) throw burstRefusal(c.req.path);
  }
  await next();
});
