/**
 * Where a new account goes around onboarding: the /app page it was on its way to (a plan chosen on
 * /pricing leads to /app/premium) waits in `next` while onboarding runs, and is opened after it.
 * Without it, "Escolher Pro" before onboarding ended on the dashboard.
 */
import { DEFAULT_NEXT, safeNext } from "@worker/auth/safe-next";

const ONBOARDING = "/app/onboarding";

/** The onboarding URL for a visit to `path` + `search`; the landing pages need no `next`. */
export function onboardingHref(path: string, search: string): string {
  if (path === "/app" || path === "/app/" || path === DEFAULT_NEXT || path === "/app/dashboard") return ONBOARDING;
  return `${ONBOARDING}?next=${encodeURIComponent(path + search)}`;
}

/** The page to open once onboarding is done: `next` when it is a safe /app page, else the impact dashboard. */
export function afterOnboarding(search: string, origin: string): string {
  const next = safeNext(new URLSearchParams(search).get("next"), origin);
  return next.startsWith("/app/") && !next.startsWith(ONBOARDING) ? next : DEFAULT_NEXT;
}
