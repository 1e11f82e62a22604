import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { pickLanguage, readCookie } from "~/i18n/language";
import * as accounts from "../db/accounts";
import { database, type Db } from "../db/client";
import { runBound, type Bound } from "../db/prepared";
import { known, readAll, run, type Read } from "../db/reads";
import { ApiError, apiError, errorResponse } from "../lib/errors";
import type { AppEnv } from "../types";
import { rateLimiter } from "./rate-limit";
import { isolateSessions, sessionCookie, sessionCookieName, validateSessionToken, withRefreshedCookie, type SessionDeps, type SessionRecord } from "./sessions";
import type { AccountDeps } from "./account-rules";
import { mailerFor } from "../mail/mailer";
import { userRealtime } from "../durable-objects/user-realtime";
import { appBaseUrl } from "../lib/app-url";
import { SIGNED_IN_USER_HEADER, SIGNED_IN_USER_PARAM } from "~/lib/api";

/**
 * The signed-in request: the user with their profile and paid subscription row (read in the same
 * statement as the user, so GET /me, the /app layout and premium checks need no read of their own).
 * `refreshedCookie`: set when this request extended the session; the response must carry it.
 */
export type Auth = accounts.Account & { session: SessionRecord; token: string; refreshedCookie?: string };

/**
 * A valid session whose account is not read yet: the handler reads its standing in its own D1 batch,
 * with its first query (`readAsActiveUser`), so the whole request makes one D1 round trip.
 */
export type DeferredAuth = { session: SessionRecord; token: string; refreshedCookie?: string };

/**
 * Marks a GET route whose handler reads the account itself, in the same batch as its own query:
 * one D1 round trip for the whole request. The session middleware sees the mark among the routes
 * the request matched and leaves the account unread; the handler then reads it with
 * `readWithAccount` (or only its standing with `readAsActiveUser`) and must not call `currentAuth`
 * before. For the reads asked most: the search dialog on every keystroke (issue 16: p95 ≤ 20 ms),
 * the bell's notifications on every page, and the lists screens page through. An error made before
 * the account is read is answered in the account's language all the same
 * (`accountLanguageOnErrors`). A marked route may not be premium: the premium guard needs the
 * account before the handler (tests/worker/pipeline-round-trips.test.ts checks it).
 */
export const accountInHandler = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

/** Whether the request's GET route carries `accountInHandler` (one identity check per matched route). */
const readsAccountInHandler = (c: Context<AppEnv>) => c.req.method === "GET" && matchedRoutes(c).some((route) => route.handler === accountInHandler);

/** Ending sessions closes their realtime sockets on the user's Durable Object. */
const closeSocketsOf = (env: Env) => async (userId: string, sessionIds: string[]) => {
  await userRealtime(env, userId).closeSessions(sessionIds);
};

export const sessionDeps = (env: Env, waitUntil?: (p: Promise<unknown>) => void): SessionDeps => ({
  db: database(env.DB),
  kv: env.SESSIONS,
  recent: isolateSessions,
  waitUntil,
  closeSockets: closeSocketsOf(env),
});

/** The dependencies of the account rules, built from the bindings. */
export function accountDeps(env: Env): AccountDeps {
  return {
    db: database(env.DB),
    kv: env.SESSIONS,
    recent: isolateSessions,
    closeSockets: closeSocketsOf(env),
    mailer: mailerFor(env),
    limiter: rateLimiter(env.RATE_LIMITER),
    appUrl: appBaseUrl(env),
    adminEmails: env.ADMIN_EMAILS.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean),
    now: () => new Date(),
    supportEmail: env.SUPPORT_EMAIL,
  };
}

/**
 * Resolves the session cookie of a request to its user (pages and API alike). `strict` reads D1
 * instead of KV, for actions that must not trust a possibly stale cache.
 */
export async function authenticate(env: Env, request: Request, options?: { strict?: boolean; waitUntil?: (p: Promise<unknown>) => void }): Promise<Auth | null>;
export async function authenticate(
  env: Env,
  request: Request,
  options: { waitUntil?: (p: Promise<unknown>) => void; deferAccount: true },
): Promise<Auth | DeferredAuth | null>;
export async function authenticate(
  env: Env,
  request: Request,
  options: { strict?: boolean; waitUntil?: (p: Promise<unknown>) => void; deferAccount?: boolean } = {},
): Promise<Auth | DeferredAuth | null> {
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(request.url));
  if (!token) return null;
  const deps = sessionDeps(env, options.waitUntil);
  const result = await validateSessionToken(deps, token, { strict: options.strict });
  if (result.status !== "valid") return null;
  // A page that names another user than the session's (a tab left on an earlier account) is
  // answered as signed out, by every caller: the API, the pages, strict re-checks, realtime.
  if (!namesSessionUser(request, result.session.userId)) return null;
  const refreshedCookie = result.extended ? sessionCookie(request.url, token, result.session.expiresAt) : undefined;
  // KV answered: the handler reads the account with its own query (the disabled check included).
  if (options.deferAccount && !result.account) return { session: result.session, token, refreshedCookie };
  const account = result.account ?? (await accounts.findAccount(deps.db, result.session.userId));
  // A disabled account is signed out everywhere, even by a session copy KV still holds.
  if (!account || account.user.disabledAt) return null;
  return { ...account, session: result.session, token, refreshedCookie };
}

const isDeferred = (auth: Auth | DeferredAuth | null): auth is DeferredAuth => !!auth && !("user" in auth);

/**
 * Whether the request's page, if it names one, names this user. A signed-in page names the user it
 * was rendered for (`setPageUser` in app/lib/api.ts; a WebSocket upgrade in its URL, decision 0057).
 */
function namesSessionUser(request: Request, userId: string): boolean {
  const named = request.headers.get(SIGNED_IN_USER_HEADER) ?? (request.headers.get("upgrade")?.toLowerCase() === "websocket" ? new URL(request.url).searchParams.get(SIGNED_IN_USER_PARAM) : null);
  return named === null || named === userId;
}

/**
 * Loads the session (if any) once per request, for the API and the pages alike (the page handler
 * passes it to loaders in the load context). Without a session cookie nothing is read.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  const auth = readsAccountInHandler(c) ? await authenticate(c.env, c.req.raw, { waitUntil, deferAccount: true }) : await authenticate(c.env, c.req.raw, { waitUntil });
  c.set("auth", isDeferred(auth) ? null : auth);
  c.set("deferredAuth", isDeferred(auth) ? auth : null);
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

/**
 * The `accountInHandler` routes answer their errors in the account's language, as every other
 * route (`userLanguage`): an error made before the handler read the account (a bad query, made by
 * the validator) is made again once the account's language is read. A D1 read on that error path
 * only; if it fails, the request's language stays.
 */
export const accountLanguageOnErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const deferred = c.get("deferredAuth");
  if (!(c.error instanceof ApiError) || !deferred || c.get("auth")) return;
  const language = (await accounts.findUserById(database(c.env.DB), deferred.session.userId).catch(() => undefined))?.language;
  const lang = pickLanguage([language, c.get("lang")]);
  if (lang === c.get("lang")) return;
  c.set("lang", lang);
  c.res = errorResponse(c, c.error);
});

/**
 * A fully signed-in user (second factor done), else 401. On an `accountInHandler` route the session
 * alone passes the door: the handler's own read refuses a disabled or deleted account.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get("auth")?.session ?? c.get("deferredAuth")?.session;
  if (!session || session.pendingSecondFactor) throw apiError("unauthenticated");
  await next();
});

/**
 * Runs `query` (a prepared statement with its values, worker/db/prepared.ts) for the signed-in user,
 * with their account's standing read in the same D1 batch when the session came from KV alone: one
 * round trip for both. A disabled or deleted account answers 401 as everywhere else (its rows, read
 * in the same batch, are dropped). For handlers that need the user id and nothing else of the
 * account (the auth stays unread: no profile, no subscription).
 */
export async function readAsActiveUser(c: Context<AppEnv>): Promise<void>;
export async function readAsActiveUser<T>(c: Context<AppEnv>, query: (db: Db, userId: string) => Bound<T>): Promise<T>;
export async function readAsActiveUser<T>(c: Context<AppEnv>, query?: (db: Db, userId: string) => Bound<T>): Promise<T | void> {
  const db = database(c.env.DB);
  const ready = c.get("auth");
  if (ready) return query ? (await runBound(c.env.DB, [query(db, ready.user.id)]))[0] : undefined;
  const deferred = c.get("deferredAuth");
  if (!deferred) throw apiError("unauthenticated");
  const userId = deferred.session.userId;
  const [standing, rows] = await runBound(c.env.DB, [accounts.userStanding(db, userId), ...(query ? [query(db, userId)] : [])]);
  const user = (standing as { disabledAt: Date | null; language: string }[])[0];
  if (!user || user.disabledAt) throw apiError("unauthenticated");
  // The answer's own words (a category's label) in the account's language, as on every other route.
  c.set("lang", pickLanguage([user.language, c.get("lang")]));
  return rows as T | undefined;
}

/**
 * Runs `query` (a read, worker/db/reads.ts) for the signed-in user with their account read in the
 * same D1 batch when the session came from KV or the isolate alone: one round trip for both. A
 * disabled or deleted account answers 401 as everywhere else. The account is then the request's
 * `auth`, as if the middleware had read it. Without a query, only the account is read.
 */
export async function readWithAccount(c: Context<AppEnv>): Promise<{ auth: Auth }>;
export async function readWithAccount<T>(c: Context<AppEnv>, query: (db: Db, userId: string) => Read<T>): Promise<{ auth: Auth; answer: T }>;
export async function readWithAccount<T>(c: Context<AppEnv>, query?: (db: Db, userId: string) => Read<T>): Promise<{ auth: Auth; answer?: T }> {
  const db = database(c.env.DB);
  const ready = c.get("auth");
  if (ready) return { auth: ready, answer: query ? await run(db, query(db, ready.user.id)) : undefined };
  const deferred = c.get("deferredAuth");
  if (!deferred) throw apiError("unauthenticated");
  const userId = deferred.session.userId;
  const [account, answer] = await run(db, readAll([accounts.accountRead(db, userId), query ? query(db, userId) : known(undefined)]));
  if (!account || account.user.disabledAt) throw apiError("unauthenticated");
  const auth: Auth = { ...account, session: deferred.session, token: deferred.token, refreshedCookie: deferred.refreshedCookie };
  c.set("auth", auth);
  c.set("deferredAuth", null);
  // What comes after answers in the account's language, as on every other route (userLanguage).
  c.set("lang", pickLanguage([auth.user.language, c.get("lang")]));
  return { auth, answer };
}

/** The zone the account had when this isolate last read it, by user id: a guess, checked on every use. */
const lastZones = new Map<string, string>();
const LAST_ZONES_MAX = 1_000;
/** New accounts' zone (the schema's default), the guess for a user this isolate has not read yet. */
const DEFAULT_ZONE = "Europe/Lisbon";

function rememberZone(userId: string, timeZone: string) {
  lastZones.delete(userId);
  lastZones.set(userId, timeZone);
  // Oldest out: a Map iterates in insertion order.
  if (lastZones.size > LAST_ZONES_MAX) lastZones.delete(lastZones.keys().next().value!);
}

/**
 * For a read whose bounds depend on the user's zone (a day's tasks, today's notifications), in one
 * D1 round trip with the account when the zone is guessed right: the read is built for the zone the
 * isolate last saw on this account (else the default zone) and sent in the account's batch; if the
 * account says otherwise, the read is sent again for its real zone (a second round trip, once per
 * zone change and isolate). The answer is always the real zone's: the guess only decides the trips.
 */
export async function readInUserZone<T>(c: Context<AppEnv>, query: (db: Db, userId: string, timeZone: string) => Read<T>): Promise<{ auth: Auth; answer: T }> {
  const ready = c.get("auth");
  const userId = ready?.user.id ?? c.get("deferredAuth")?.session.userId;
  const guess = ready?.user.timeZone ?? (userId && lastZones.get(userId)) ?? DEFAULT_ZONE;
  const { auth, answer } = await readWithAccount(c, (db, id) => query(db, id, guess));
  const { id, timeZone } = auth.user;
  rememberZone(id, timeZone);
  if (timeZone === guess) return { auth, answer };
  const db = database(c.env.DB);
  return { auth, answer: await run(db, query(db, id, timeZone)) };
}

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
