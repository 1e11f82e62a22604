/**
 * Account records: users, profiles, sessions and one-time tokens. Lookups by e-mail, Google id,
 * session hash or token hash are deliberately not scoped by a user id — they are how a user is
 * found in the first place; everything after that takes the user id.
 */
import { and, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { bound } from "./prepared";
import { mapRead, read, readAll, type Read } from "./reads";
import { authTokens, mailOutbox, profiles, sessions, subscriptions, users } from "./schema";

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type TokenKind = AuthToken["kind"];

export const findUserByEmail = (db: Db, email: string) => db.query.users.findFirst({ where: eq(users.email, email) });
// Every signed-in request reads its user with the profile and paid subscription that every /app
// page, GET /me and the premium guards need: one statement (left joins; both are keyed by the user
// id), turned into SQL once per client instead of on each request (docs/decisions/0041).
const hotReads = new WeakMap<Db, ReturnType<typeof prepareHotReads>>();
function prepareHotReads(db: Db) {
  return {
    userById: db.select().from(users).where(eq(users.id, sql.placeholder("userId"))).prepare(),
    accountById: db
      .select({ user: users, profile: profiles, paid: subscriptions })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(),
    sessionWithAccount: db
      .select({ session: sessions, user: users, profile: profiles, paid: subscriptions })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(eq(sessions.id, sql.placeholder("sessionId")))
      .prepare(),
    // Whether the account still exists and is not disabled, for a handler's own batch (`userStanding`).
    standing: db.select({ disabledAt: users.disabledAt, language: users.language }).from(users).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare(),
  };
}
function hot(db: Db) {
  let reads = hotReads.get(db);
  if (!reads) {
    reads = prepareHotReads(db);
    hotReads.set(db, reads);
  }
  return reads;
}

export type PaidSubscription = typeof subscriptions.$inferSelect;
/** A user with what the signed-in pipeline carries along: the profile and the paid subscription row. */
export type Account = { user: User; profile: Profile | null; paid: PaidSubscription | null };

export const findUserById = (db: Db, userId: string): Promise<User | undefined> => hot(db).userById.get({ userId });

/**
 * The account's standing (exists, and since when it is disabled) and its language, as a statement for
 * a handler's own D1 batch (worker/auth/middleware.ts `readAsActiveUser`, with worker/db/prepared.ts `runBound`).
 */
export const userStanding = (db: Db, userId: string) => bound<{ disabledAt: Date | null; language: string }[]>(hot(db).standing, { userId });

/**
 * The account as a read for a handler's own D1 batch (worker/auth/middleware.ts `readWithAccount`):
 * three single-table statements, since D1 answers a batch's rows as objects and the joined
 * statement's same-named columns would collide (worker/db/reads.ts).
 */
export function accountRead(db: Db, userId: string): Read<Account | undefined> {
  return mapRead(
    readAll([
      read(db.select().from(users).where(eq(users.id, userId)).limit(1)),
      read(db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)),
      read(db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1)),
    ]),
    ([[user], [profile], [paid]]) => (user ? { user, profile: profile ?? null, paid: paid ?? null } : undefined),
  );
}

/** The user, profile and paid subscription in one statement (the session check when KV has a copy). */
export const findAccount = (db: Db, userId: string): Promise<Account | undefined> => hot(db).accountById.get({ userId });
/** A session with its user's account in one statement (the session check when KV has no copy). */
export const findSessionWithAccount = (db: Db, sessionId: string): Promise<(Account & { session: Session }) | undefined> =>
  hot(db).sessionWithAccount.get({ sessionId });
export const findUserByGoogleSub = (db: Db, sub: string) => db.query.users.findFirst({ where: eq(users.googleSub, sub) });

/** A user, their profile and optionally a first one-time token, in one batch: never half an account. */
export async function createUser(db: Db, user: NewUser & { id: string }, token?: Omit<typeof authTokens.$inferInsert, "userId">) {
  const writes = [db.insert(users).values(user), db.insert(profiles).values({ userId: user.id })] as const;
  if (token) await db.batch([...writes, db.insert(authTokens).values({ ...token, userId: user.id })]);
  else await db.batch(writes);
}

/** The update of account fields, as a statement for a caller's batch (updateUser runs it alone). */
export const userUpdate = (db: Db, userId: string, set: Partial<Omit<NewUser, "id">>) =>
  db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));

export async function updateUser(db: Db, userId: string, set: Partial<Omit<NewUser, "id">>) {
  await userUpdate(db, userId, set);
}

export const getProfile = (db: Db, userId: string) => db.query.profiles.findFirst({ where: eq(profiles.userId, userId) });
/** The update of profile fields, as a statement for a caller's batch (updateProfile runs it alone). */
export const profileUpdate = (db: Db, userId: string, set: Partial<Omit<typeof profiles.$inferInsert, "userId">>) =>
  db
    .update(profiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));

export async function updateProfile(db: Db, userId: string, set: Partial<Omit<typeof profiles.$inferInsert, "userId">>) {
  await profileUpdate(db, userId, set);
}

/**
 * Records `step` as the user's last used TOTP step, only if it is later than the one stored: the
 * conditional update makes a code (or an earlier one) usable once, even by two requests at once.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))));
  return result.meta.changes > 0;
}

// Sessions ------------------------------------------------------------------------------------

export async function insertSession(db: Db, session: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(session);
}

export const findSession = (db: Db, sessionId: string) => db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) });

export const listSessions = (db: Db, userId: string) =>
  db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastUsedAt));

/** Updates one session of this user; returns whether it still existed (a revoked one has no row). */
export async function updateSession(db: Db, userId: string, sessionId: string, set: Partial<Omit<Session, "id" | "userId">>): Promise<boolean> {
  const result = await db
    .update(sessions)
    .set(set)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)));
  return result.meta.changes > 0;
}

/** Deletes one session of this user; returns whether it existed (another user's id never matches). */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)));
  return result.meta.changes > 0;
}

/**
 * Deletes every session of the user except `keepSessionId`; returns the deleted ones (their ids for
 * KV, and whether each was still waiting for its second factor).
 */
export async function deleteSessions(db: Db, userId: string, keepSessionId?: string): Promise<{ id: string; pendingSecondFactor: boolean }[]> {
  const where = keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId);
  return db.delete(sessions).where(where).returning({ id: sessions.id, pendingSecondFactor: sessions.pendingSecondFactor });
}

/**
 * Google proves the mailbox of an account whose address was never confirmed: the account becomes
 * the Google owner's, so whatever its creator set up (password, second factor, sessions) is
 * dropped, in one batch. Returns the ended session ids (for KV and the realtime sockets).
 */
export async function linkGoogleToUnconfirmedUser(db: Db, userId: string, googleSub: string, now: Date): Promise<string[]> {
  const [, deleted] = await db.batch([
    db
      .update(users)
      .set({ googleSub, emailConfirmedAt: now, passwordHash: null, totpKey: null, totpEnabledAt: null, totpRecoveryCodes: null, totpLastStep: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt))),
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
  ]);
  return deleted.map((row) => row.id);
}

// One-time tokens -----------------------------------------------------------------------------

export async function insertAuthToken(db: Db, token: typeof authTokens.$inferInsert) {
  // A new link replaces older unused ones of the same kind.
  await db.batch([
    db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, token.userId), eq(authTokens.kind, token.kind), isNull(authTokens.usedAt))),
    db.insert(authTokens).values(token),
  ]);
}

/**
 * A new address for the account, in one batch: stored unconfirmed, every unused link of the account
 * ended (a password-reset link mailed to the old address must not set a password afterwards, an old
 * confirmation link must not confirm anything) and the new address's confirmation token added.
 */
export async function changeEmail(db: Db, userId: string, email: string, token: Omit<typeof authTokens.$inferInsert, "userId" | "email" | "kind">, now: Date) {
  await db.batch([
    db.update(users).set({ email, emailConfirmedAt: null, emailChangedAt: now, updatedAt: now }).where(eq(users.id, userId)),
    db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt))),
    db.insert(authTokens).values({ ...token, userId, email, kind: "email_confirmation" }),
  ]);
}

export const findAuthToken = (db: Db, tokenId: string) => db.query.authTokens.findFirst({ where: eq(authTokens.id, tokenId) });

/** Marks a token used, once: the conditional update makes a concurrent second use fail. */
export async function consumeAuthToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const result = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt)));
  return result.meta.changes > 0;
}

// Account deletion and export -----------------------------------------------------------------

/**
 * Removes the user and, through ON DELETE CASCADE, every row that references them (profile,
 * sessions, tokens and each module's tables), plus e-mails addressed to them in the dev outbox.
 */
export async function deleteUserData(db: Db, user: Pick<User, "id" | "email">) {
  await db.batch([db.delete(mailOutbox).where(eq(mailOutbox.to, user.email)), db.delete(users).where(eq(users.id, user.id))]);
}

export async function exportAccount(db: Db, userId: string) {
  const [user, profile, sessionList] = await Promise.all([findUserById(db, userId), getProfile(db, userId), listSessions(db, userId)]);
  if (!user) return null;
  const { passwordHash, googleRefreshToken, totpKey, totpRecoveryCodes, ...account } = user;
  return {
    account: { ...account, hasPassword: passwordHash !== null, googleLinked: user.googleSub !== null, twoFactorEnabled: user.totpEnabledAt !== null },
    profile,
    sessions: sessionList.map(({ id, ...session }) => session),
  };
}
