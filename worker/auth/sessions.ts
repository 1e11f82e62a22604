import * as accounts from "../db/accounts";
import type { Db } from "../db/client";
import { log } from "../lib/log";
import { digestToken, generateToken, hashToken } from "./tokens";

/** Sliding expiry: a session unused for 14 days ends; none lives longer than 90 days. */
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600_000;
/** Use is recorded (and expiry pushed back) at most this often, to keep writes rare. */
export const SESSION_TOUCH_MS = 15 * 60_000;

export type SessionDeps = {
  db: Db;
  kv: KVNamespace;
  now?: () => Date;
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Closes the realtime sockets opened by these sessions of the user (the user's Durable Object). */
  closeSockets?: (userId: string, sessionIds: string[]) => Promise<void>;
  /** The records this isolate read from KV in the last seconds (`RecentSessions`); none when absent. */
  recent?: RecentSessions;
};

/** What KV caches for a session (keyed by the token's hash). */
export type SessionRecord = {
  id: string;
  userId: string;
  provider: "email" | "google";
  pendingSecondFactor: boolean;
  lastUsedAt: number;
  expiresAt: number;
  absoluteExpiresAt: number;
  /** When the person proved who they are for this session (its sign-in); absent in older KV copies. */
  authenticatedAt?: number;
};

/** `extended`: this use pushed the expiry back, so the cookie's Max-Age must follow (see refreshedCookie). */
export type SessionValidation =
  | {
      status: "valid";
      session: SessionRecord;
      extended: boolean;
      /** The session's user account, when the session was read from D1 (read with it, in the same query). */
      account?: accounts.Account;
    }
  | { status: "invalid" };

const kvKey = (sessionId: string) => `session:${sessionId}`;

/** How long an isolate trusts a session record it read from KV (docs/decisions/0056). */
export const RECENT_SESSION_MS = 10_000;
const RECENT_SESSIONS_MAX = 1_000;

/**
 * Session records an isolate read from KV in the last RECENT_SESSION_MS, so a signed-in person's
 * next requests (the search dialog asks on every keystroke) make no KV read at all. Bounded: the
 * oldest entry goes first. Every path that ends or changes a session in this isolate updates it at
 * once; another isolate's copy lives at most RECENT_SESSION_MS on top of KV's own delay, which
 * decision 0005 already bounds (sensitive actions read D1 and never use it).
 */
export class RecentSessions {
  #records = new Map<string, { record: SessionRecord; until: number }>();
  constructor(
    private readonly ttlMs = RECENT_SESSION_MS,
    private readonly max = RECENT_SESSIONS_MAX,
  ) {}

  get(id: string, now: number): SessionRecord | null {
    const entry = this.#records.get(id);
    if (!entry) return null;
    if (entry.until > now) return entry.record;
    this.#records.delete(id);
    return null;
  }

  /** Remembers a record just read from KV for the next RECENT_SESSION_MS. */
  remember(record: SessionRecord, now: number) {
    this.#records.delete(record.id);
    if (this.#records.size >= this.max) this.#records.delete(this.#records.keys().next().value!);
    this.#records.set(record.id, { record, until: now + this.ttlMs });
  }

  /** Updates a record this isolate holds (a touch, the second factor) without starting a new deadline. */
  update(record: SessionRecord) {
    const entry = this.#records.get(record.id);
    if (entry) entry.record = record;
  }

  forget(id: string) {
    this.#records.delete(id);
  }

  clear() {
    this.#records.clear();
  }
}

/** The isolate's own: shared by every request this isolate serves. */
export const isolateSessions = new RecentSessions();

async function cache(kv: KVNamespace, record: SessionRecord, now: number) {
  const ttl = Math.max(60, Math.ceil((record.expiresAt - now) / 1000));
  await kv.put(kvKey(record.id), JSON.stringify(record), { expirationTtl: ttl });
}

/**
 * Saves a change to a live session (a touch, the second factor) in D1, then its KV copy, without
 * ever bringing back a session revoked meanwhile (docs/decisions/0085): KV is written only when D1
 * still had the row, and the row is read again once the copy has landed, so a revocation that ran
 * between the two takes the copy back out. Returns whether the session still exists.
 */
async function saveSession(deps: SessionDeps, record: SessionRecord, set: Parameters<typeof accounts.updateSession>[3], now: number): Promise<boolean> {
  if (await accounts.updateSession(deps.db, record.userId, record.id, set)) {
    await cache(deps.kv, record, now);
    if (await accounts.findSession(deps.db, record.id)) return true;
  }
  deps.recent?.forget(record.id);
  await deps.kv.delete(kvKey(record.id));
  return false;
}

export async function createSession(
  deps: SessionDeps,
  input: { userId: string; provider: "email" | "google"; userAgent?: string; ipAddress?: string; pendingSecondFactor?: boolean },
) {
  const now = (deps.now?.() ?? new Date()).getTime();
  const token = generateToken();
  const record: SessionRecord = {
    id: hashToken(token),
    userId: input.userId,
    provider: input.provider,
    pendingSecondFactor: input.pendingSecondFactor ?? false,
    lastUsedAt: now,
    expiresAt: now + SESSION_IDLE_MS,
    absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
    authenticatedAt: now,
  };
  await accounts.insertSession(deps.db, {
    ...record,
    userAgent: (input.userAgent ?? "").slice(0, 400),
    ipAddress: input.ipAddress ?? "",
    lastUsedAt: new Date(record.lastUsedAt),
    expiresAt: new Date(record.expiresAt),
    absoluteExpiresAt: new Date(record.absoluteExpiresAt),
    createdAt: new Date(now),
  });
  await cache(deps.kv, record, now);
  return { token, session: record };
}

/**
 * Validates a session token. KV answers most requests; D1 is the authority and is read when KV has
 * no record or when `strict` (sensitive actions), so a revoked session is refused at once there.
 * Elsewhere KV may serve a revoked session for up to its cache time (see docs/decisions/0005).
 */
export async function validateSessionToken(deps: SessionDeps, token: string, options: { strict?: boolean } = {}): Promise<SessionValidation> {
  if (!/^[a-z2-7]{32}$/.test(token)) return { status: "invalid" };
  const now = (deps.now?.() ?? new Date()).getTime();
  const id = await digestToken(token);
  let record: SessionRecord | null = null;
  if (!options.strict) {
    record = deps.recent?.get(id, now) ?? null;
    if (!record) {
      record = await deps.kv.get<SessionRecord>(kvKey(id), "json");
      if (record) deps.recent?.remember(record, now);
    }
  }
  let account: accounts.Account | undefined;
  if (!record) {
    // The session with its user's account: one D1 round trip before the handler, KV copy or not (0041).
    const found = await accounts.findSessionWithAccount(deps.db, id);
    const row = found?.session;
    if (found) account = { user: found.user, profile: found.profile, paid: found.paid };
    if (!row) {
      if (options.strict) {
        deps.recent?.forget(id);
        await deps.kv.delete(kvKey(id));
      }
      return { status: "invalid" };
    }
    record = {
      id,
      userId: row.userId,
      provider: row.provider,
      pendingSecondFactor: row.pendingSecondFactor,
      lastUsedAt: row.lastUsedAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
      authenticatedAt: row.createdAt.getTime(),
    };
  }
  if (now >= record.expiresAt || now >= record.absoluteExpiresAt) {
    deps.recent?.forget(id);
    await Promise.all([accounts.deleteSession(deps.db, record.userId, id), deps.kv.delete(kvKey(id))]);
    return { status: "invalid" };
  }
  let extended = false;
  if (now - record.lastUsedAt >= SESSION_TOUCH_MS) {
    extended = true;
    record = { ...record, lastUsedAt: now, expiresAt: Math.min(now + SESSION_IDLE_MS, record.absoluteExpiresAt) };
    deps.recent?.update(record);
    const write = saveSession(deps, record, { lastUsedAt: new Date(now), expiresAt: new Date(record.expiresAt) }, now);
    if (deps.waitUntil) deps.waitUntil(write);
    else await write;
  }
  return { status: "valid", session: record, extended, account };
}

/**
 * What follows the deletion of session rows: their KV copies go, and their realtime sockets are
 * closed at once (a revoked session must stop receiving the user's events, not just at reconnect).
 * A failing socket close is logged, not thrown: the sessions are already ended where it counts.
 */
export async function forgetSessions(deps: SessionDeps, userId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return;
  for (const id of sessionIds) deps.recent?.forget(id);
  await Promise.all(sessionIds.map((id) => deps.kv.delete(kvKey(id))));
  try {
    await deps.closeSockets?.(userId, sessionIds);
  } catch (err) {
    log("error", "close_sockets_failed", { userId, error: err instanceof Error ? err.message : String(err) });
  }
}

export async function revokeSession(deps: SessionDeps, userId: string, sessionId: string): Promise<boolean> {
  const existed = await accounts.deleteSession(deps.db, userId, sessionId);
  if (existed) await forgetSessions(deps, userId, [sessionId]);
  return existed;
}

/**
 * Ends every session of the user but `keepSessionId` (password change, "sign out everywhere"), a
 * sign-in still waiting for its second factor included (whoever typed the password is stopped too).
 * Returns how many signed-in devices ended: the ones the sessions list shows (GET /me/sessions leaves
 * out those waiting for a second factor), so "N sessions ended" matches what the person saw.
 */
export async function revokeOtherSessions(deps: SessionDeps, userId: string, keepSessionId?: string) {
  const ended = await accounts.deleteSessions(deps.db, userId, keepSessionId);
  await forgetSessions(deps, userId, ended.map((session) => session.id));
  return ended.filter((session) => !session.pendingSecondFactor).length;
}

/** Promotes a session once the second factor is proven; null when it was revoked meanwhile. */
export async function completeSecondFactor(deps: SessionDeps, session: SessionRecord): Promise<SessionRecord | null> {
  const record = { ...session, pendingSecondFactor: false };
  if (!(await saveSession(deps, record, { pendingSecondFactor: false }, (deps.now?.() ?? new Date()).getTime()))) return null;
  deps.recent?.update(record);
  return record;
}

// Cookies -------------------------------------------------------------------------------------

/** `__Host-` prefixed and Secure on https; plain name on local http (browsers refuse Secure there). */
export function sessionCookieName(url: string | URL): string {
  // A request's URL is absolute and its scheme lower-case: no parse needed on every request.
  const https = typeof url === "string" ? url.startsWith("https:") : url.protocol === "https:";
  return https ? "__Host-rumo_session" : "rumo_session";
}

export function sessionCookie(url: string | URL, token: string, expiresAt: number): string {
  const secure = new URL(url).protocol === "https:";
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return `${sessionCookieName(url)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/**
 * Applies a refreshed session cookie to a response, unless the response already sets the session
 * cookie itself (sign-in, sign-out, revoking the current session). The browser's copy then lives
 * as long as the server-side session, instead of ending 14 days after sign-in.
 */
export function withRefreshedCookie(response: Response, url: string | URL, cookie: string | undefined): Response {
  if (!cookie || response.status === 101) return response;
  const name = `${sessionCookieName(url)}=`;
  if (response.headers.getSetCookie().some((c) => c.startsWith(name))) return response;
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a response passed through from fetch): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

export function clearSessionCookie(url: string | URL): string {
  const secure = new URL(url).protocol === "https:";
  return `${sessionCookieName(url)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}
