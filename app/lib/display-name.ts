/** The name shown in the header: full name, else the e-mail before the @, else the fallback ('Utilizador'). */
export function displayName(user: { fullName?: string | null; email?: string | null } | null | undefined, fallback: string): string {
  const name = user?.fullName?.trim();
  if (name) return name;
  const local = user?.email?.split("@")[0]?.trim();
  return local || fallback;
}
