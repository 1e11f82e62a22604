import type { Language } from "~/i18n/language";
import { TRIAL_DAYS } from "~/lib/plans";
import * as accounts from "../db/accounts";
import type { Db } from "../db/client";
import { ApiError, apiError } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import type { Mailer } from "../mail/mailer";
import { renderMail } from "../mail/templates";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { limits, type RateLimiter } from "./rate-limit";
import { createSession, revokeOtherSessions, type SessionDeps, type SessionRecord } from "./sessions";
import { generateToken, hashToken } from "./tokens";
import type { MessageKey } from "~/locales/types";

export const CONFIRMATION_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;
/** How recent a Google sign-in must be to stand in for a password (accounts without one). */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** Everything the account rules need, passed in (tests give fakes or the real bindings). */
export type AccountDeps = SessionDeps & {
  mailer: Mailer;
  limiter: RateLimiter;
  appUrl: string;
  adminEmails: string[];
  now: () => Date;
  /** Named in the notice an e-mail change sends to the old address (the way back without a session). */
  supportEmail?: string;
};

/** 403 account_disabled: an admin disabled the account (docs/decisions/0032). */
export const accountDisabled = () => new ApiError("account_disabled", 403, "auth:errors.accountDisabled");

export type RequestInfo = { language: Language; ip: string; userAgent: string };

/**
 * 429 with Retry-After, for every throttled account action: `rate_limited`, as every throttled route
 * answers, except sign-in, whose code the contract fixes with its catalogue (`too_many_requests`).
 */
export const tooMany = (retryAfter: number, messageKey: MessageKey, code: "rate_limited" | "too_many_requests" = "rate_limited") =>
  new ApiError(code, 429, messageKey, undefined, { "Retry-After": String(retryAfter) });

/**
 * The role an address earns: admin only for an ADMIN_EMAILS address whose owner has proven the
 * mailbox (confirmation link, password reset or Google's `email_verified`). Anyone can type an
 * address into a sign-up form, so an unconfirmed one earns nothing.
 */
export const roleFor = (deps: Pick<AccountDeps, "adminEmails">, email: string, confirmed: boolean) =>
  confirmed && deps.adminEmails.includes(email) ? ("admin" as const) : ("user" as const);

/** Gives the admin role to a confirmed ADMIN_EMAILS account (the setting may come after the account). */
export async function applyAdminRole(deps: AccountDeps, user: Pick<accounts.User, "id" | "email" | "role" | "emailConfirmedAt">) {
  if (user.role !== "admin" && roleFor(deps, user.email, user.emailConfirmedAt !== null) === "admin") {
    await accounts.updateUser(deps.db, user.id, { role: "admin" });
    return "admin" as const;
  }
  return user.role;
}

/** What every new account starts with, however it signs up: the Pro trial and, for a confirmed ADMIN_EMAILS address, the admin role. */
export function newAccountDefaults(deps: Pick<AccountDeps, "adminEmails" | "now">, email: string, confirmed: boolean) {
  return {
    role: roleFor(deps, email, confirmed),
    trialEndsAt: new Date(deps.now().getTime() + TRIAL_DAYS * 24 * 3600_000),
  };
}

async function issueToken(deps: AccountDeps, userId: string, email: string, kind: accounts.TokenKind) {
  const token = generateToken();
  const ttl = kind === "password_reset" ? RESET_TTL_MS : CONFIRMATION_TTL_MS;
  await accounts.insertAuthToken(deps.db, { id: hashToken(token), userId, email, kind, expiresAt: new Date(deps.now().getTime() + ttl) });
  return token;
}

/** Mail failures never fail the request that caused them: they are logged. */
async function sendQuietly(deps: AccountDeps, mail: Parameters<Mailer["send"]>[0], kind: string) {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    log("error", "mail_failed", { kind, error: err instanceof Error ? err.message : String(err) });
  }
}

const confirmLink = (deps: AccountDeps, token: string) => `${deps.appUrl}/api/v1/auth/confirm?token=${token}`;

export async function signUp(deps: AccountDeps, input: { fullName: string; email: string; password: string }, request: RequestInfo) {
  deps.mailer.ensureReady?.();
  // Taken in one call: a concurrent burst gets at most the limit through (blocked-then-hit let it all).
  const blocked = await deps.limiter.take(limits.signupPerIp, request.ip);
  if (blocked) throw tooMany(blocked, "auth:errors.tooManySignUps");

  if (await accounts.findUserByEmail(deps.db, input.email)) {
    throw new ApiError("conflict", 409, "auth:errors.alreadyRegistered", { email: "auth:errors.alreadyRegistered" });
  }
  const userId = newId();
  const token = generateToken();
  const now = deps.now();
  try {
    await accounts.createUser(
      deps.db,
      {
        id: userId,
        email: input.email,
        fullName: input.fullName,
        passwordHash: await hashPassword(input.password),
        language: request.language,
        // Not confirmed yet: the admin role, if any, follows the confirmation link.
        ...newAccountDefaults(deps, input.email, false),
      },
      { id: hashToken(token), email: input.email, kind: "email_confirmation", expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS) },
    );
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides.
    if (err instanceof Error && /UNIQUE/i.test(String(err.cause ?? err.message))) {
      throw new ApiError("conflict", 409, "auth:errors.alreadyRegistered", { email: "auth:errors.alreadyRegistered" });
    }
    throw err;
  }
  await sendQuietly(deps, renderMail("confirmation", request.language, input.email, { link: confirmLink(deps, token), name: input.fullName }), "confirmation");
  await sendQuietly(deps, renderMail("welcome", request.language, input.email, { link: `${deps.appUrl}/app/meu-impacto`, name: input.fullName }), "welcome");
  return { userId };
}

export async function logIn(deps: AccountDeps, input: { email: string; password: string }, request: RequestInfo) {
  // The address's failures are read; the account's attempt is counted before its password is
  // checked, so a concurrent burst gets no more than the account's limit checked.
  const blocked = (await deps.limiter.blocked(limits.loginFailuresPerIp, request.ip)) ?? (await deps.limiter.take(limits.loginFailuresPerAccount, input.email));
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyLoginAttempts", "too_many_requests");

  const user = await accounts.findUserByEmail(deps.db, input.email);
  // Unknown addresses cost a hash too, so timing does not reveal which accounts exist.
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : (await hashPassword(input.password), false);
  if (!user || !valid) {
    await deps.limiter.hit(limits.loginFailuresPerIp, request.ip);
    throw new ApiError("invalid_credentials", 401, "auth:errors.invalidCredentials");
  }
  // The right password ends the account's count, whatever follows (unconfirmed, disabled).
  await deps.limiter.clear(limits.loginFailuresPerAccount, input.email);
  if (!user.emailConfirmedAt) throw apiError("email_not_confirmed", { messageKey: "auth:errors.emailNotConfirmed" });
  // Checked after the password, so the answer does not tell strangers which accounts are disabled.
  if (user.disabledAt) throw accountDisabled();
  if (needsRehash(user.passwordHash!)) await accounts.updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password) });
  // ADMIN_EMAILS may be set after the account exists: the role follows at the next sign-in.
  await applyAdminRole(deps, user);

  const twoFactorRequired = user.totpEnabledAt !== null;
  const { token, session } = await createSession(deps, {
    userId: user.id,
    provider: "email",
    userAgent: request.userAgent,
    ipAddress: request.ip,
    pendingSecondFactor: twoFactorRequired,
  });
  return { user, token, session, twoFactorRequired };
}

export type TokenOutcome = "ok" | "expired" | "used" | "invalid";

/** What a link's token is worth now, without using it up. */
async function peekToken(deps: Pick<AccountDeps, "db" | "now">, token: string, kind: accounts.TokenKind) {
  if (!/^[a-z2-7]{32}$/.test(token)) return { outcome: "invalid" as const };
  const record = await accounts.findAuthToken(deps.db, hashToken(token));
  if (!record || record.kind !== kind) return { outcome: "invalid" as const };
  if (record.usedAt) return { outcome: "used" as const, record };
  if (record.expiresAt.getTime() <= deps.now().getTime()) return { outcome: "expired" as const, record };
  return { outcome: "ok" as const, record };
}

async function checkToken(deps: AccountDeps, token: string, kind: accounts.TokenKind) {
  const peeked = await peekToken(deps, token, kind);
  if (peeked.outcome !== "ok") return peeked;
  if (!(await accounts.consumeAuthToken(deps.db, peeked.record.id, deps.now()))) return { outcome: "used" as const, record: peeked.record };
  return peeked;
}

/**
 * Whether a password-reset link can still set a password, read without using it up: the /auth
 * screen asks when the link is opened (server-side, in the Worker; the contract has no endpoint for
 * it), so a used or expired link says so at once rather than after a new password was typed.
 */
export async function passwordResetLinkState(deps: Pick<AccountDeps, "db" | "now">, token: string): Promise<TokenOutcome> {
  return (await peekToken(deps, token, "password_reset")).outcome;
}

/**
 * Confirms the address a link was sent to. `onConfirmed` runs once it is (the Stripe customer's
 * e-mail follows a changed address); it must not throw, as the confirmation has happened.
 */
export async function confirmEmail(deps: AccountDeps, token: string, onConfirmed?: (user: accounts.User) => Promise<unknown>): Promise<TokenOutcome> {
  const { outcome, record } = await checkToken(deps, token, "email_confirmation");
  if (outcome === "ok" && record) {
    const user = await accounts.findUserById(deps.db, record.userId);
    // The token confirms the address it was sent to, not whatever the account holds now.
    if (user && user.email === record.email) {
      const confirmed = { ...user, emailConfirmedAt: deps.now() };
      await accounts.updateUser(deps.db, user.id, { emailConfirmedAt: confirmed.emailConfirmedAt });
      await applyAdminRole(deps, confirmed);
      await onConfirmed?.(confirmed);
    } else return "invalid";
  }
  return outcome;
}

/** Resends the confirmation link; silent for unknown or already-confirmed addresses. */
export async function resendConfirmation(deps: AccountDeps, email: string, language: Language, ip = "local") {
  deps.mailer.ensureReady?.();
  // Per address and per client: one client cycling through many addresses is an e-mail cannon too.
  // A request the client limit refuses still used one of the address's sends: the e-mail cannon
  // is what these limits stop, so erring toward fewer sends is right.
  const blocked = (await deps.limiter.take(limits.resendPerAccount, email)) ?? (await deps.limiter.take(limits.resendPerIp, ip));
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  const user = await accounts.findUserByEmail(deps.db, email);
  if (!user || user.emailConfirmedAt) return;
  const token = await issueToken(deps, user.id, user.email, "email_confirmation");
  // An address changed from a signed-in account is not a new account: its link is resent in the
  // change's words ("confirm your new email"), not sign-up's ("activate your account").
  const template = user.emailChangedAt ? "emailChangeConfirmation" : "confirmation";
  await sendQuietly(deps, renderMail(template, user.language ?? language, user.email, { link: confirmLink(deps, token), name: user.fullName }), template === "confirmation" ? "confirmation" : "email_change_confirmation");
}

/** Always the same answer, whether or not the address has an account (no enumeration). */
export async function requestPasswordReset(deps: AccountDeps, email: string, request: RequestInfo) {
  deps.mailer.ensureReady?.();
  const blocked = (await deps.limiter.take(limits.resetPerAccount, email)) ?? (await deps.limiter.take(limits.resetPerIp, request.ip));
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  const user = await accounts.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueToken(deps, user.id, user.email, "password_reset");
  const link = `${deps.appUrl}/auth?type=recovery&token=${token}`;
  await sendQuietly(deps, renderMail("passwordReset", user.language, user.email, { link, name: user.fullName }), "password_reset");
}

export async function resetPassword(deps: AccountDeps, token: string, password: string) {
  const { outcome, record } = await checkToken(deps, token, "password_reset");
  if (outcome !== "ok" || !record) {
    const key = ({ expired: "auth:errors.tokenExpired", used: "auth:errors.tokenUsed", invalid: "auth:errors.tokenInvalid" } as const)[outcome as "expired"];
    throw new ApiError(`token_${outcome}`, 400, key, { token: key });
  }
  // Proving control of the mailbox also confirms it. A Google link made before that (Google said the
  // address was not verified) belongs to whoever created the account, not to the mailbox: it goes.
  const user = await accounts.findUserById(deps.db, record.userId);
  const confirmsNow = user && !user.emailConfirmedAt && user.email === record.email;
  await accounts.updateUser(deps.db, record.userId, {
    passwordHash: await hashPassword(password),
    ...(confirmsNow ? { emailConfirmedAt: deps.now(), googleSub: null, googleRefreshToken: null } : {}),
  });
  await revokeOtherSessions(deps, record.userId);
  return { userId: record.userId };
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  session: Pick<SessionRecord, "id" | "provider" | "authenticatedAt">,
  input: { currentPassword: string; newPassword: string },
) {
  const sessionId = session.id;
  const user = await accounts.findUserById(deps.db, userId);
  if (!user) throw apiError("unauthenticated");
  if (user.passwordHash) await checkPassword(deps, user.id, user.passwordHash, input.currentPassword, "currentPassword");
  // A first password for a Google-only account would let a borrowed session sign in for good.
  if (!user.passwordHash && !recentGoogleSignIn(deps, session)) {
    throw new ApiError("reauthentication_required", 403, "auth:errors.reauthenticateWithGoogle");
  }
  await accounts.updateUser(deps.db, userId, { passwordHash: await hashPassword(input.newPassword) });
  return { endedSessions: await revokeOtherSessions(deps, userId, sessionId) };
}

/**
 * Proves the person is there before destructive actions (deleting the account, turning off
 * two-factor): the password, or for an account without one a Google sign-in of this session made
 * less than REAUTH_WINDOW_MS ago. A stolen or forgotten-open session alone is not enough.
 */
export async function confirmPassword(
  deps: AccountDeps,
  userId: string,
  password: string | undefined,
  session: Pick<SessionRecord, "provider" | "authenticatedAt">,
) {
  const user = await accounts.findUserById(deps.db, userId);
  if (!user) throw apiError("unauthenticated");
  if (user.passwordHash) await checkPassword(deps, user.id, user.passwordHash, password, "password");
  else if (!recentGoogleSignIn(deps, session)) {
    throw new ApiError("reauthentication_required", 403, "auth:errors.reauthenticateWithGoogle");
  }
  return user;
}

/**
 * The password typed to confirm an action, with attempts counted per account (5 per 15 minutes,
 * fail-closed as sign-in's; the right one clears the count): without it a borrowed session could
 * guess the password at will. Counted before the check, so a concurrent burst gets no more checked.
 */
async function checkPassword(deps: AccountDeps, userId: string, passwordHash: string, password: string | undefined, field: "password" | "currentPassword") {
  const blocked = await deps.limiter.take(limits.passwordConfirmPerAccount, userId);
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  if (!(password && (await verifyPassword(passwordHash, password)))) {
    // Named as the field that was typed: "Senha atual" on the change-password form, "Senha" where an
    // action is confirmed (turning off two-factor, deleting the account).
    const key = field === "currentPassword" ? "auth:errors.wrongPassword" : "auth:errors.incorrectPassword";
    throw new ApiError("invalid_credentials", 400, key, { [field]: key });
  }
  await deps.limiter.clear(limits.passwordConfirmPerAccount, userId);
}

const recentGoogleSignIn = (deps: Pick<AccountDeps, "now">, session: Pick<SessionRecord, "provider" | "authenticatedAt">) =>
  session.provider === "google" && session.authenticatedAt !== undefined && deps.now().getTime() - session.authenticatedAt <= REAUTH_WINDOW_MS;

/**
 * "a•••@example.com": the new address as the notice to the old one names it. The old mailbox may be
 * the very reason for the change (lost, or someone else's now), so it learns that the address
 * changed and where to roughly, not where the account's mail goes from now on.
 */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

/**
 * A new e-mail address for the account (POST /me/email, docs/decisions/0101): proven by the
 * password (or, without one, a Google sign-in of this session in the last minutes, as deleting the
 * account is), stored unconfirmed with every unused link ended, in one batch. The new address gets
 * a confirmation link (GET /auth/confirm confirms it); the old one a notice that it changed. The
 * sessions stay: the password did not change, and an open session is the owner's way to undo a
 * change they did not make, since the old address no longer signs in.
 */
export async function changeEmail(
  deps: AccountDeps,
  userId: string,
  session: Pick<SessionRecord, "provider" | "authenticatedAt">,
  input: { email: string; password?: string },
) {
  deps.mailer.ensureReady?.();
  // Each change mails an address the caller chose: at most a few an hour, whatever the outcome.
  const blocked = await deps.limiter.take(limits.emailChangePerAccount, userId);
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  const current = await accounts.findUserById(deps.db, userId);
  if (!current) throw apiError("unauthenticated");
  // Before the password: the person knows their own address, and no guess is spent on it.
  if (current.email === input.email) throw new ApiError("validation_failed", 400, "auth:errors.sameEmail", { email: "auth:errors.sameEmail" });
  const user = await confirmPassword(deps, userId, input.password, session);
  // After the password only, and in sign-up's words: it tells no more than sign-up tells anyone.
  const taken = () => new ApiError("conflict", 409, "auth:errors.alreadyRegistered", { email: "auth:errors.alreadyRegistered" });
  if (await accounts.findUserByEmail(deps.db, input.email)) throw taken();
  const token = generateToken();
  const now = deps.now();
  try {
    await accounts.changeEmail(deps.db, user.id, input.email, { id: hashToken(token), expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS) }, now);
  } catch (err) {
    // Another account took the address meanwhile: the unique index decides, as at sign-up.
    if (err instanceof Error && /UNIQUE/i.test(String(err.cause ?? err.message))) throw taken();
    throw err;
  }
  const name = user.fullName;
  await sendQuietly(deps, renderMail("emailChangeConfirmation", user.language, input.email, { link: confirmLink(deps, token), name }), "email_change_confirmation");
  await sendQuietly(
    deps,
    renderMail("emailChanged", user.language, user.email, {
      link: `${deps.appUrl}/app/perfil?tab=security`,
      name,
      vars: { oldEmail: user.email, newEmail: maskEmail(input.email), support: deps.supportEmail ?? "" },
    }),
    "email_changed",
  );
  return { previousEmail: user.email };
}
