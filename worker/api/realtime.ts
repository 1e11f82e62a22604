import { Hono } from "hono";
import { SESSION_ID_HEADER, userRealtime, USER_ID_HEADER } from "../durable-objects/user-realtime";
import { authenticate } from "../auth/middleware";
import { apiError } from "../lib/errors";
import { isSameOriginRequest } from "../middleware/csrf";
import type { AppEnv } from "../types";
import { appOrigin } from "../lib/app-url";

/**
 * GET /api/v1/realtime: the WebSocket upgrade to the signed-in user's own Durable Object. The object
 * is chosen from the session's user id, so no request can reach another user's object. Browsers
 * send Origin on upgrades and the root CSRF check skips GET, so it is checked here.
 */
export const realtimeApi = new Hono<AppEnv>().get("/", async (c) => {
  // D1, not the KV copy: a session revoked a moment ago elsewhere must not open a new socket.
  const auth = c.get("auth") && (await authenticate(c.env, c.req.raw, { strict: true }));
  if (!auth || auth.session.pendingSecondFactor) throw apiError("unauthenticated");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: { code: "upgrade_required", message: "WebSocket" } }, 426);
  }
  if (c.req.header("origin") && !isSameOriginRequest(c.req.raw, [appOrigin(c.env)])) throw apiError("forbidden", { messageKey: "errors:csrf" });
  const headers = new Headers(c.req.raw.headers);
  headers.set(USER_ID_HEADER, auth.user.id);
  headers.set(SESSION_ID_HEADER, auth.session.id);
  return userRealtime(c.env, auth.user.id).fetch(new Request(c.req.raw.url, { headers }));
});
