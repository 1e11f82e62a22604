import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import * as accounts from "../db/accounts";
import { ApiError, apiError } from "../lib/errors";
import { open, seal } from "../lib/secret-box";
import { tooMany, type AccountDeps } from "./account-rules";
import { limits } from "./rate-limit";
import { completeSecondFactor, type SessionRecord } from "./sessions";
import { hashToken } from "./tokens";

const PERIOD = 30;
const DIGITS = 6;
type KeyEnv = Pick<Env, "ENCRYPTION_KEY" | "ENVIRONMENT">;

const invalidCode = () => new ApiError("invalid_code", 400, "auth:errors.invalidCode", { code: "auth:errors.invalidCode" });

/** Starts two-factor setup: a new key, stored sealed but not active until a code proves it. */
export async function setupTwoFactor(deps: AccountDeps & { env: KeyEnv }, user: accounts.User) {
  const key = crypto.getRandomValues(new Uint8Array(20));
  // A new key starts with no spent step (the last one belonged to the previous key).
  await accounts.updateUser(deps.db, user.id, { totpKey: await seal(deps.env, encodeBase32UpperCaseNoPadding(key)), totpLastStep: null });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri: createTOTPKeyURI("Rumo", user.email, key, PERIOD, DIGITS) };
}

async function keyOf(env: KeyEnv, user: accounts.User) {
  return user.totpKey ? decodeBase32IgnorePadding(await open(env, user.totpKey)) : null;
}

/**
 * The time step a code belongs to (the current one or a neighbour, for clock drift), or null. The
 * step is what makes a code single-use: the caller claims it (see accounts.claimTotpStep).
 */
function stepOf(key: Uint8Array, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now.getTime() / 1000 / PERIOD);
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), DIGITS, code)) return step;
  }
  return null;
}

/** A code is accepted once: its step must be later than the last one used by this account. */
async function useCode(deps: AccountDeps, userId: string, key: Uint8Array, code: string): Promise<boolean> {
  const step = stepOf(key, code, deps.now());
  return step !== null && (await accounts.claimTotpStep(deps.db, userId, step));
}

/** Turns two-factor sign-in on once a code from the app matches; returns one-time recovery codes. */
export async function enableTwoFactor(deps: AccountDeps & { env: KeyEnv }, userId: string, code: string) {
  const user = await accounts.findUserById(deps.db, userId);
  if (!user) throw apiError("unauthenticated");
  const key = await keyOf(deps.env, user);
  if (!key || !(await useCode(deps, userId, key, code))) throw invalidCode();
  const recoveryCodes = Array.from({ length: 8 }, () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(6))));
  await accounts.updateUser(deps.db, userId, { totpEnabledAt: deps.now(), totpRecoveryCodes: JSON.stringify(recoveryCodes.map(hashToken)) });
  return { recoveryCodes };
}

export async function disableTwoFactor(deps: AccountDeps, userId: string) {
  await accounts.updateUser(deps.db, userId, { totpKey: null, totpEnabledAt: null, totpRecoveryCodes: null, totpLastStep: null });
}

/** Completes a sign-in that owes its second factor, by TOTP code or by a recovery code (used once). */
export async function verifySecondFactor(deps: AccountDeps & { env: KeyEnv }, session: SessionRecord, code: string) {
  // Counted per account, so new sessions (each a fresh password sign-in) add no guesses; counted
  // before the code is checked, so a concurrent burst gets no more than the limit checked.
  const blocked = await deps.limiter.take(limits.secondFactorPerAccount, session.userId);
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  const user = await accounts.findUserById(deps.db, session.userId);
  const key = user && (await keyOf(deps.env, user));
  if (!user || !key) throw apiError("unauthenticated");
  const normalized = code.trim().toLowerCase().replace(/\s|-/g, "");
  let ok = await useCode(deps, user.id, key, normalized);
  if (!ok && user.totpRecoveryCodes) {
    const remaining: string[] = JSON.parse(user.totpRecoveryCodes);
    const hashed = hashToken(normalized);
    if (remaining.includes(hashed)) {
      await accounts.updateUser(deps.db, user.id, { totpRecoveryCodes: JSON.stringify(remaining.filter((h) => h !== hashed)) });
      ok = true;
    }
  }
  if (!ok) throw invalidCode();
  await deps.limiter.clear(limits.secondFactorPerAccount, session.userId);
  const completed = await completeSecondFactor(deps, session);
  if (!completed) throw apiError("unauthenticated");
  return completed;
}

/**
 * Proves the second factor again for a sensitive action (admin actions, docs/decisions/0032):
 * a TOTP code or a recovery code, counted against the same per-account limit as sign-in.
 */
export async function confirmSecondFactor(deps: AccountDeps & { env: KeyEnv }, userId: string, code: string | undefined) {
  const blocked = await deps.limiter.take(limits.secondFactorPerAccount, userId);
  if (blocked) throw tooMany(blocked, "auth:errors.tooManyRequests");
  const user = await accounts.findUserById(deps.db, userId);
  const key = user && (await keyOf(deps.env, user));
  if (!user || !key) throw apiError("unauthenticated");
  const normalized = (code ?? "").trim().toLowerCase().replace(/\s|-/g, "");
  let ok = normalized !== "" && (await useCode(deps, user.id, key, normalized));
  if (!ok && normalized && user.totpRecoveryCodes) {
    const remaining: string[] = JSON.parse(user.totpRecoveryCodes);
    const hashed = hashToken(normalized);
    if (remaining.includes(hashed)) {
      await accounts.updateUser(deps.db, user.id, { totpRecoveryCodes: JSON.stringify(remaining.filter((h) => h !== hashed)) });
      ok = true;
    }
  }
  if (!ok) throw invalidCode();
  await deps.limiter.clear(limits.secondFactorPerAccount, userId);
}
