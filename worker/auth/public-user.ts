import type { User } from "../db/accounts";
import type { SessionRecord } from "./sessions";

/** The user as the API and the pages show it (never hashes, keys or tokens). */
export function publicUser(user: User, session: Pick<SessionRecord, "provider">) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    emailConfirmed: user.emailConfirmedAt !== null,
    provider: session.provider,
    language: user.language,
    timeZone: user.timeZone,
    role: user.role,
    twoFactorEnabled: user.totpEnabledAt !== null,
    hasPassword: user.passwordHash !== null,
  };
}
