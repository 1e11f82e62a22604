import { encodeBase64 } from "@oslojs/encoding";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../types";
import { setHeader } from "./request-context";

/** The Content-Security-Policy for a page rendered with `nonce`. */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  const script = options.dev
    ? // Vite's dev server injects inline scripts without nonces; production never takes this branch.
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`;
  return [
    "default-src 'self'",
    script,
    // React renders style attributes (charts, transitions); inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=(), interest-cohort=()";

/**
 * The policy of the API's answers (JSON, never a document with scripts): nothing may load, nothing
 * may frame it. Constant, so an API request draws no nonce (docs/decisions/0053).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every answer carries, whatever its kind. */
const COMMON_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", PERMISSIONS_POLICY],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

/**
 * Real HTTP security headers on every response the Worker makes, with a fresh CSP nonce per page
 * request that the React Router renderer puts on its scripts (the API's answers get API_POLICY and
 * no nonce). Static assets get the same headers from public/_headers.
 */
// Vite's dev server (npm run dev) only: its injected scripts carry no nonce. Tests and builds are strict.
const viteDevServer = import.meta.env?.DEV === true && import.meta.env?.MODE === "development";

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const https = c.req.url.startsWith("https:");
  // Plain http is redirected on the production host (local development stays on http).
  if (!https && c.env.ENVIRONMENT === "production") {
    const url = new URL(c.req.url);
    url.protocol = "https:";
    return c.redirect(url.toString(), 301);
  }
  // Random bytes are a visible share of a small API answer's CPU; only pages carry scripts.
  const isApi = c.req.path.startsWith("/api/");
  if (!isApi) c.set("cspNonce", encodeBase64(crypto.getRandomValues(new Uint8Array(16))));
  await next();
  if (c.res.status === 101) return; // WebSocket upgrades carry no document.
  setHeader(c, "Content-Security-Policy", isApi ? API_POLICY : contentSecurityPolicy(c.get("cspNonce"), { dev: viteDevServer, https }));
  for (const [name, value] of COMMON_HEADERS) setHeader(c, name, value);
  if (https) setHeader(c, "Strict-Transport-Security", "max-age=31536000; includeSubDomains");
});
