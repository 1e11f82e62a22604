/**
 * The end of a Google connection: a disconnect, an account deletion, and the nightly job that
 * forgets what a disconnect kept (docs/decisions/0092). Rumo's access is revoked at Google each time
 * (best effort, worker/auth/google.ts `revokeGoogleAccess`).
 */
import { revokeGoogleAccess } from "../../../auth/google";
import { findUserById, updateUser, type User } from "../../../db/accounts";
import { database } from "../../../db/client";
import { scopedTo } from "../../../db/scoped";
import { deleteGoogleConnection, forgetDisconnectedGoogleSync, googleConnectionOf } from "../queries";

/** Days the sync's memory is kept after a disconnect, for connecting the same account again. */
export const DISCONNECTED_MEMORY_DAYS = 30;

/**
 * Disconnects: the connection goes (the calendars, links and outbox stay, 0092), and so does
 * Rumo's access at Google. Revoking a token ends its whole grant, which the sign-in's token shares
 * (the calendar scope is asked at sign-in, and later grants include the earlier ones), so that one
 * is revoked and forgotten too: connecting again asks Google's consent.
 */
export async function disconnectGoogle(env: Env, user: Pick<User, "id" | "googleRefreshToken">, now: Date) {
  const db = database(env.DB);
  const connection = await deleteGoogleConnection(scopedTo(db, user.id), now);
  if (!connection) return;
  if (user.googleRefreshToken) await updateUser(db, user.id, { googleRefreshToken: null });
  await revokeGoogleAccess(env, user.id, [connection.refreshToken, user.googleRefreshToken]);
}

/**
 * Before an account is erased: revokes the calendar's grant, unless its token is the sign-in's,
 * which the erasure itself revokes (worker/auth/erase-account.ts, which also logs a failure here).
 */
export async function revokeBeforeErase(env: Env, userId: string) {
  const db = database(env.DB);
  const [connection, user] = await Promise.all([googleConnectionOf(scopedTo(db, userId)), findUserById(db, userId)]);
  if (connection?.refreshToken && connection.refreshToken !== user?.googleRefreshToken) await revokeGoogleAccess(env, userId, [connection.refreshToken]);
}

/** Nightly: forgets the calendars, links and outbox kept for users disconnected over 30 days ago. */
export async function forgetDisconnectedSync(env: Env, now: Date) {
  return { affected: await forgetDisconnectedGoogleSync(database(env.DB), new Date(now.getTime() - DISCONNECTED_MEMORY_DAYS * 86_400_000)) };
}
