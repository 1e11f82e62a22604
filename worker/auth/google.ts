import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import * as accounts from "../db/accounts";
import { ApiError } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
import { open, seal } from "../lib/secret-box";
import { renderMail } from "../mail/templates";
import { accountDisabled, applyAdminRole, newAccountDefaults, type AccountDeps, type RequestInfo } from "./account-rules";
import { createSession, forgetSessions } from "./sessions";

/** Sign-in plus the calendar scope that the calendar sync will use with the stored refresh token. */
export const GOOGLE_SCOPES = ["openid", "email", "profile", "https://www.googleapis.com/auth/calendar"];

type GoogleConfig = Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_AUTH_URL" | "GOOGLE_TOKEN_URL">;

const client = (env: GoogleConfig, appUrl: string) =>
  new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET ?? null, `${appUrl}/api/v1/auth/google/callback`);

export const googleConfigured = (env: GoogleConfig) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/** The authorization URL (PKCE S256 + state); the caller keeps state and verifier in short-lived cookies. */
export function startGoogleSignIn(env: GoogleConfig, appUrl: string) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(env, appUrl).createAuthorizationURLWithPKCE(env.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, GOOGLE_SCOPES);
  // A refresh token is only issued with offline access and consent.
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  return { url, state, codeVerifier };
}

type GoogleClaims = { sub: string; email?: string; email_verified?: boolean; name?: string };

export async function completeGoogleSignIn(
  deps: AccountDeps & { env: GoogleConfig & Pick<Env, "ENCRYPTION_KEY" | "ENVIRONMENT"> },
  input: { code: string; codeVerifier: string },
  request: RequestInfo,
) {
  const tokens = await client(deps.env, deps.appUrl).validateAuthorizationCode(deps.env.GOOGLE_TOKEN_URL, input.code, input.codeVerifier);
  // The ID token comes straight from Google's token endpoint over TLS, so its signature need not be checked.
  const claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
  const email = claims.email?.trim().toLowerCase();
  if (!claims.sub || !email) throw new ApiError("google_failed", 400, "auth:notices.googleFailed");
  const verified = claims.email_verified === true;
  const refreshToken = tokens.hasRefreshToken() ? await seal(deps.env, tokens.refreshToken()) : undefined;

  let user = await accounts.findUserByGoogleSub(deps.db, claims.sub);
  let created = false;
  if (!user) {
    const existing = await accounts.findUserByEmail(deps.db, email);
    if (existing) {
      // Linking to an e-mail account only on Google's word that the address is verified.
      if (!verified) throw new ApiError("google_unverified", 403, "auth:notices.googleUnverified");
      if (existing.emailConfirmedAt) {
        await accounts.updateUser(deps.db, existing.id, { googleSub: claims.sub });
      } else {
        // Whoever signed up with this address never proved the mailbox; Google just did, for its
        // owner. The creator's password and sessions must not survive (account pre-hijacking).
        const ended = await accounts.linkGoogleToUnconfirmedUser(deps.db, existing.id, claims.sub, deps.now());
        await forgetSessions(deps, existing.id, ended);
      }
      user = (await accounts.findUserById(deps.db, existing.id))!;
    } else {
      const id = newId();
      await accounts.createUser(deps.db, {
        id,
        email,
        fullName: claims.name ?? "",
        googleSub: claims.sub,
        emailConfirmedAt: verified ? deps.now() : null,
        language: request.language,
        ...newAccountDefaults(deps, email, verified),
      });
      user = (await accounts.findUserById(deps.db, id))!;
      created = true;
    }
  }
  if (user.disabledAt) throw accountDisabled();
  if (refreshToken) await accounts.updateUser(deps.db, user.id, { googleRefreshToken: refreshToken });
  user = { ...user, role: await applyAdminRole(deps, user) };
  if (created) {
    await deps.mailer
      .send(renderMail("welcome", request.language, email, { link: `${deps.appUrl}/app/meu-impacto`, name: user.fullName }))
      .catch(() => undefined);
  }
  const { token, session } = await createSession(deps, {
    userId: user.id,
    provider: "google",
    userAgent: request.userAgent,
    ipAddress: request.ip,
    pendingSecondFactor: user.totpEnabledAt !== null,
  });
  return { user, token, session, created };
}

type RevokeConfig = Pick<Env, "GOOGLE_REVOKE_URL" | "ENCRYPTION_KEY" | "ENVIRONMENT">;

/** A revocation slower than this is given up: the disconnect or deletion goes on without it. */
const REVOKE_TIMEOUT_MS = 5_000;

/**
 * Ends Rumo's access at Google: each sealed refresh token (each once) is sent to Google's revocation
 * endpoint, which ends the grant it belongs to, on a calendar disconnect and an account deletion.
 * Best effort: a failure (Google down or slow, a token already revoked or that cannot be unsealed)
 * is logged without the token and never thrown, so it never blocks what the user asked for.
 * Returns how many Google confirmed.
 */
export async function revokeGoogleAccess(env: RevokeConfig, userId: string, sealedTokens: readonly (string | null | undefined)[], fetcher: typeof fetch = fetch): Promise<number> {
  let revoked = 0;
  for (const sealed of new Set(sealedTokens.filter((token): token is string => Boolean(token)))) {
    let token: string;
    try {
      token = await open(env, sealed);
    } catch {
      log("warn", "google_revoke_failed", { userId, stage: "unseal" });
      continue;
    }
    try {
      const response = await fetcher(env.GOOGLE_REVOKE_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) revoked++;
      else log("warn", "google_revoke_failed", { userId, stage: "google", status: response.status });
    } catch (err) {
      // Only the error's kind (TimeoutError, TypeError...): nothing that could carry the token.
      log("warn", "google_revoke_failed", { userId, stage: "request", error: err instanceof Error ? err.name : "unknown" });
    }
  }
  return revoked;
}
