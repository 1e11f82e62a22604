/**
 * The app's public base URL (`APP_URL`), read in one place. Links in e-mails, Stripe return URLs,
 * the Google redirect URI, canonical links and feeds are built from it; the CSRF and WebSocket
 * checks compare request origins with its origin.
 */
type AppUrlConfig = { APP_URL: string };

/** `APP_URL` without trailing slashes ("" when unset), ready for `${base}/path`. */
export function appBaseUrl(env: AppUrlConfig): string {
  return (env.APP_URL ?? "").trim().replace(/\/+$/, "");
}

/** The absolute URL of a path of the app (`path` starts with "/"). */
export function appLink(env: AppUrlConfig, path: string): string {
  return `${appBaseUrl(env)}${path}`;
}

/** Scheme, host and port of `APP_URL`, or "" when it is unset or not a URL. */
export function appOrigin(env: AppUrlConfig): string {
  try {
    return env.APP_URL ? new URL(env.APP_URL).origin : "";
  } catch {
    return "";
  }
}
