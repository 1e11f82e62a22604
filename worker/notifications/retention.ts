/**
 * How long notifications that carry personal details are kept (docs/decisions/0095; the privacy
 * policy states the same numbers). An expired row is hidden at once and deleted by the quarter-hour
 * `delete-expired-notifications` job.
 */
const DAY_MS = 86_400_000;

/** The weekly e-mail digest lists what was raised in the 7 days before it goes out (worker/cron/email-digests.ts). */
export const WEEKLY_DIGEST_WINDOW_MS = 7 * DAY_MS;

/**
 * Long enough for the weekly digest to include a notification, with a day's margin for a late run
 * of the job: the keep of a notification the bell does not show (in-app off for its type, so it
 * exists only for the digests), and of an event reminder after its occurrence ends.
 */
export const KEEP_FOR_DIGESTS_MS = WEEKLY_DIGEST_WINDOW_MS + DAY_MS;

/** Security notices: a new device's names its IP address. */
export const SECURITY_NOTICE_KEEP_MS = 90 * DAY_MS;

/**
 * When a notification expires: the earlier of the caller's expiry and, for one the bell does not
 * show, the digests' keep. Null (kept until the user deletes it) only for an in-app notification
 * whose caller set none.
 */
export function expiryOf(requested: Date | null, inApp: boolean, now: Date): Date | null {
  const digestsOnly = inApp ? null : new Date(now.getTime() + KEEP_FOR_DIGESTS_MS);
  if (!requested) return digestsOnly;
  return digestsOnly && digestsOnly < requested ? digestsOnly : requested;
}
