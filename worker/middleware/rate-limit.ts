import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { tooMany } from "../auth/account-rules";
import { rateLimiter, type Limit } from "../auth/rate-limit";
import type { AppEnv } from "../types";

/** The client's address as Cloudflare reports it (the same reading as the sign-in rules). */
export const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0].trim() ?? "local";

/**
 * Counts every request to a route against `limit` for the subject `subjectOf` names, and answers
 * 429 rate_limited with Retry-After once it is reached (before any work, e.g. a Stripe call).
 */
export const limitRequests = (limit: Limit, subjectOf: (c: Context<AppEnv>) => string, messageKey = "auth:errors.tooManyRequests") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const limiter = rateLimiter(c.env.RATE_LIMITER);
    const subject = subjectOf(c);
    const blocked = await limiter.blocked(limit, subject);
    if (blocked) throw tooMany(blocked, messageKey);
    await limiter.hit(limit, subject);
    await next();
  });
