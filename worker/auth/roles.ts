/**
 * Whether a user may use the admin screens: the admin role on a confirmed address. A role earned
 * with an address that later became unconfirmed (a changed e-mail) waits for the new confirmation.
 */
export function isAdmin(user: { role: string; emailConfirmedAt: Date | null } | null | undefined): boolean {
  return user?.role === "admin" && user.emailConfirmedAt !== null;
}
