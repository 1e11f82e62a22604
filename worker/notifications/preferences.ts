import type { NotificationPreference, NotificationType } from "../db/notifications";

export type EffectivePreference = Pick<
  NotificationPreference,
  "notificationType" | "inAppEnabled" | "emailEnabled" | "pushEnabled" | "frequency" | "quietHoursStart" | "quietHoursEnd"
>;

/** Types e-mailed unless the user turns it off: account security is worth an e-mail by default. */
const EMAIL_BY_DEFAULT: NotificationType[] = ["security"];

/**
 * Types no preference can silence (docs/decisions/0102): a security notice (a new device's sign-in,
 * a changed password, two-factor turned off) is how a person learns that someone else is in their
 * account, and that someone could otherwise turn the notices off first. Always in the app and
 * e-mailed at once, quiet hours or not (an instant e-mail held by quiet hours is never sent).
 */
export const ALWAYS_DELIVERED: readonly NotificationType[] = ["security"];

const defaults = (type: NotificationType): EffectivePreference => ({
  notificationType: type,
  inAppEnabled: true,
  emailEnabled: EMAIL_BY_DEFAULT.includes(type),
  pushEnabled: false,
  frequency: "instant",
  quietHoursStart: null,
  quietHoursEnd: null,
});

/** The preference in force for a type: the user's stored one, or the defaults (in-app on, instant); fixed for `ALWAYS_DELIVERED`. */
export function preferenceFor(type: NotificationType, stored: NotificationPreference | null): EffectivePreference {
  if (ALWAYS_DELIVERED.includes(type)) return { ...defaults(type), emailEnabled: true };
  return stored ?? defaults(type);
}
