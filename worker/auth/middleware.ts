import { createMiddleware } from "hono/factory";
import { pickLanguage, readCookie } from "~/i18n/language";
import * as accounts from "../db/accounts";
import { database } from "../db/client";
import { apiError } from "../lib/errors";
import type { AppEnv } from "../types";
import { rateLimiter } from "./rate-limit";
import { sessionCookie, sessionCookieName, validateSessionToken, withRefreshedCookie, type SessionDeps, type SessionRecord } from "./sessions";
import type { AccountDeps } from "./account-rules";
import { mailerFor } from "../mail/mailer";
import { userRealtime } from "../durable-objects/user-realtime";
import { appBaseUrl } from "../lib/app-url";

/**
 * The signed-in request: the user with their profile and paid subscription row (read in the same
 * statement as the user, so GET /me, the /app layout and premium checks need no read of their own).
 * `refreshedCookie`: set when this request extended the session; the response must carry it.
 */
export type Auth = accounts.Account & { session: SessionRecord; token: string; refreshedCookie?: string };

/** Ending sessions closes their realtime sockets on the user's Durable Object. */
const closeSocketsOf = (env: Env) => async (userId: string, sessionIds: string[]) => {
  await userRealtime(env, userId).closeSessions(sessionIds);
};

export const sessionDeps = (env: Env, waitUntil?: (p: Promise<unknown>) => void): SessionDeps => ({
  db: database(env.DB),
  kv: env.SESSIONS,
  waitUntil,
  closeSockets: closeSocketsOf(env),
});

/** The dependencies of the account rules, built from the bindings. */
export function accountDeps(env: Env): AccountDeps {
  return {
    db: database(env.DB),
    kv: env.SESSIONS,
    closeSockets: closeSocketsOf(env),
    mailer: mailerFor(env),
    limiter: rateLimiter(env.RATE_LIMITER),
    appUrl: appBaseUrl(env),
    adminEmails: env.ADMIN_EMAILS.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean),
    now: () => new Date(),
  };
}

/**
 * Resolves the session cookie of a request to its user (pages and API alike). `strict` reads D1
 * instead of KV, for actions that must not trust a possibly stale cache.
 */
export async function authenticate(env: Env, request: Request, options: { strict?: boolean; waitUntil?: (p: Promise<unknown>) => void } = {}): Promise<Auth | null> {
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(request.url));
  if (!token) return null;
  const deps = sessionDeps(env, options.waitUntil);
  const result = await validateSessionToken(deps, token, { strict: options.strict });
  if (result.status !== "valid") return null;
  const account = result.account ?? (await accounts.findAccount(deps.db, result.session.userId));
  // A disabled account is signed out everywhere, even by a session copy KV still holds.
  if (!account || account.user.disabledAt) return null;
  return { ...account, session: result.session, token, refreshedCookie: result.extended ? sessionCookie(request.url, token, result.session.expiresAt) : undefined };
}

/**
 * Loads the session (if any) once per request, for the API and the pages alike (the page handler
 * passes it to loaders in the load context). Without a session cookie nothing is read.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authenticate(c.env, c.req.raw, { waitUntil: (p) => c.executionCtx.waitUntil(p) });
  c.set("auth", auth);
  await next();
  // The session slid forward: so does the cookie, on pages and API answers alike (errors included).
  if (auth?.refreshedCookie) c.res = withRefreshedCookie(c.res, c.req.url, auth.refreshedCookie);
});

/**
 * API messages follow the signed-in user's language. Pages keep the language of the request (the
 * `?lang=` alternate, the stored choice's cookie, the browser), which the user switches in place.
 */
export const userLanguage = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (auth) c.set("lang", pickLanguage([auth.user.language, c.get("lang")]));
  await next();
});

/** A fully signed-in user (second factor done), else 401. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
  await next();
});

/** Sensitive actions re-check the session in D1, so a just-revoked session cannot use them. */
export const requireFreshSession = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authenticate(c.env, c.req.raw, { strict: true });
  if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
  c.set("auth", auth);
  await next();
});

/** The signed-in user of a handler behind requireUser. */
export function currentAuth(c: { get: (key: "auth") => Auth | null }): Auth {
  const auth = c.get("auth");
  if (!auth) throw apiError("unauthenticated");
  return auth;
}
