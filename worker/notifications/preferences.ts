import type { NotificationPreference, NotificationType } from "../db/notifications";

export type EffectivePreference = Pick<
  NotificationPreference,
  "notificationType" | "inAppEnabled" | "emailEnabled" | "pushEnabled" | "frequency" | "quietHoursStart" | "quietHoursEnd"
>;

/** Types e-mailed unless the user turns it off: account security is worth an e-mail by default. */
const EMAIL_BY_DEFAULT: NotificationType[] = ["security"];

/** The user's stored preference for a type, or the defaults (in-app on, instant). */
export function preferenceFor(type: NotificationType, stored: NotificationPreference | null): EffectivePreference {
  if (stored) return stored;
  return {
    notificationType: type,
    inAppEnabled: true,
    emailEnabled: EMAIL_BY_DEFAULT.includes(type),
    pushEnabled: false,
    frequency: "instant",
    quietHoursStart: null,
    quietHoursEnd: null,
  };
}
