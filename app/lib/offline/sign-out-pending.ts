import { apiFetch } from "~/lib/api";

/**
 * A sign-out made without a connection: the logout request never reached the server, so the
 * session there is still alive (its cookie is HttpOnly: the page cannot remove it). The browser
 * remembers whose sign-out is unfinished and finishes it at the first chance with a connection,
 * before anything of that user is shown or replayed. docs/decisions/0044-offline-queue-rules.md
 */
const KEY = "rumo-sign-out-pending";

export function markSignOutPending(userId: string) {
  try {
    localStorage.setItem(KEY, userId);
  } catch {
    // No storage (private mode): nothing more can be done without a connection.
  }
}

export function pendingSignOut(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPendingSignOut() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

/** Sends the unfinished logout; true when the server has ended the session (or there was none). */
export async function finishPendingSignOut(): Promise<boolean> {
  const result = await apiFetch("/auth/logout", { method: "POST" });
  if (!result.ok && result.status !== 401) return false;
  clearPendingSignOut();
  return true;
}
