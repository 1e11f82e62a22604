/**
 * App mode on the landing (`?pwa=true`, which installed apps open, or a client that detected
 * standalone display): where to send the user, or null to show the landing. Any other value of
 * `pwa` is ignored. `signedIn` is a real session check by the caller (see home.tsx).
 */
export function appModeRedirect(request: Request, signedIn: boolean): string | null {
  const url = new URL(request.url);
  if (url.searchParams.get("pwa") !== "true") return null;
  return signedIn ? "/app/meu-impacto" : "/auth";
}
