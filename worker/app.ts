import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { api, BODY_RULES } from "./api";
import { dev } from "./api/dev";
import { loadSession, userLanguage } from "./auth/middleware";
import { stripeSimulatorPages } from "./dev/stripe-sim/pages";
import { CachedRouter } from "./lib/cached-router";
import { handleError, notFoundResponse } from "./lib/errors";
import { forOneReader } from "./lib/page-cache";
import { limitBodies } from "./middleware/body";
import { csrf } from "./middleware/csrf";
import { environmentOfRequest } from "./middleware/environment";
import { idempotency } from "./middleware/idempotency";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import type { AppEnv } from "./types";

/** Routes authenticated by their own signature rather than the session cookie. */
export const WEBHOOK_PATHS = ["/api/v1/billing/webhook"];

// Built once for the isolate, for every method (forms post to page routes too).
const handlePage = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/** The Worker's one Hono root. Order matters: each block sees what the previous ones set. */
// Its router remembers each (method, path) it has matched (worker/lib/cached-router.ts, 0041).
export const app = new Hono<AppEnv>({ router: new CachedRouter() });

app.onError(handleError);

// Request id, language, and a log line for server errors and slow answers (LOG_REQUESTS).
app.use("*", requestContext);
// A development ENVIRONMENT counts only on this machine (fail closed anywhere else); there, small
// unread bodies are read before the answer leaves (wrangler dev's proxy, 0060).
app.use("*", environmentOfRequest);
// Security headers with a per-request CSP nonce; plain http redirected on the production host.
app.use("*", securityHeaders);
// No body over its route's limit (1 MB unless a module's rule says otherwise) is read by anyone.
app.use("*", limitBodies(BODY_RULES));
// CSRF: state-changing requests must come from our own pages (signed webhooks excepted).
app.use("*", csrf({ except: WEBHOOK_PATHS }));
// The session (if any), read once for the API and the pages; no read without a session cookie.
// Static assets never get here: the assets binding serves them before the Worker runs.
app.use("*", loadSession);
// Writes replayed by the offline queue answer once per Idempotency-Key (docs/decisions/0040).
app.use("/api/v1/*", idempotency);

// The JSON API (and, inside it, webhooks and the realtime upgrade).
app.route("/api/v1", api);
// Development-only helpers (mailbox, demo seed, cron trigger); 404 elsewhere.
app.route("/api/dev", dev);
// The local Stripe simulator's checkout and portal pages (development only; 404 elsewhere). They
// deliver webhooks through the app's own handler, so the signature check stays on the real path.
app.route("/dev/stripe", stripeSimulatorPages((request, env, ctx) => app.fetch(request, env, ctx)));
// Any other /api path is an API 404, not a page.
app.all("/api/*", notFoundResponse);

// Everything else is the React Router app (pages, loaders, actions), last. Signed in, a page is in
// the account's language, as the API's answers are (its texts come into the page): a stored or
// browser language that differs would mix the two on one screen.
// A page made with a session is that reader's alone (`private`): no shared cache, the CDN's or the
// service worker's public one, may keep it (worker/lib/page-cache.ts).
app.all("*", userLanguage, async (c) => {
  const response = await handlePage(c.req.raw, {
    cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    cspNonce: c.get("cspNonce"),
    auth: c.get("auth"),
    lang: c.get("lang"),
    requestId: c.get("requestId"),
    // Actions reach the JSON API through this same root, in-process (worker/lib/in-process-api.ts).
    // c.env is already the request's effective environment (development faults included).
    fetchApi: async (request) => app.fetch(request, c.env, c.executionCtx),
  });
  return c.get("auth") ? forOneReader(response) : response;
});
