/** Query parameters that describe one moment of the /auth screen; links and redirects leave them behind. */
const TRANSIENT = ["tab", "view", "notice", "confirmed", "confirm_error", "google_error", "type", "token"];

/** A link to /auth that keeps what the visit carries (`next`, `ref`, `lang`) and sets `changes`. */
export function authHref(search: string, changes: Record<string, string> = {}): string {
  const params = new URLSearchParams(search);
  for (const key of TRANSIENT) params.delete(key);
  for (const [key, value] of Object.entries(changes)) params.set(key, value);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}
