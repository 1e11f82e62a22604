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
 * Real HTTP security headers on every response the Worker makes, with a fresh CSP nonce per
 * request that the React Router renderer puts on its scripts. Static assets get the same headers
 * from public/_headers.
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
  c.set("cspNonce", encodeBase64(crypto.getRandomValues(new Uint8Array(16))));
  await next();
  if (c.res.status === 101) return; // WebSocket upgrades carry no document.
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(c.get("cspNonce"), { dev: viteDevServer, https }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  for (const [name, value] of Object.entries(headers)) setHeader(c, name, value);
});
