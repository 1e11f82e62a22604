import { readCookie } from "~/i18n/language";

/** The session cookie names of the accounts issue (`__Host-` prefix on https). */
export const SESSION_COOKIES = ["__Host-rumo_session", "rumo_session"] as const;

/**
 * Whether the request carries a session. For now the presence of the session cookie; the accounts
 * issue replaces this body with a real session check (token looked up and not expired).
 */
export function hasSession(request: Request): boolean {
  const header = request.headers.get("cookie");
  return SESSION_COOKIES.some((name) => Boolean(readCookie(header, name)));
}

/**
 * App mode on the landing (`?pwa=true`, which installed apps open, or a client that detected
 * standalone display): where to send the user, or null to show the landing. Any other value of
 * `pwa` is ignored.
 */
export function appModeRedirect(request: Request): string | null {
  const url = new URL(request.url);
  if (url.searchParams.get("pwa") !== "true") return null;
  return hasSession(request) ? "/app/meu-impacto" : "/auth";
}
