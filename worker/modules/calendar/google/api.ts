/**
 * /api/v1/calendar/google (docs/decisions/0035): the connection, the calendars shown, a sync on
 * demand, and the history of an event's conflicts. Connecting uses the refresh token of a Google
 * sign-in when it already carries the calendar scope; otherwise the client is sent through
 * `authorize`, which asks Google for the calendar scope only (include_granted_scopes).
 */
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { Hono } from "hono";
import { z } from "zod";
import { readCookie } from "~/i18n/language";
import { hasEntitlement } from "~/lib/plans";
import { accountDeps, currentAuth, requireUser, type Auth } from "../../../auth/middleware";
import { limits } from "../../../auth/rate-limit";
import { entitlementsOfAuth } from "../../../billing/entitlements";
import { database } from "../../../db/client";
import { scopedTo, type Scoped } from "../../../db/scoped";
import { apiError } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { seal } from "../../../lib/secret-box";
import { translator } from "../../../lib/translate";
import { validate } from "../../../lib/validate";
import { limitRequests } from "../../../middleware/rate-limit";
import { publishEntityChange } from "../../../notifications/notify";
import type { AppEnv } from "../../../types";
import * as store from "../queries";
import { calendarApi, DEFAULT_CALENDAR_API_BASE, GoogleError } from "./client";
import { disconnectGoogle } from "./disconnect";
import { pushOutbox } from "./push";
import { connectApi, refreshCalendars, syncUser, type SyncDeps } from "./sync";

export const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar";
const COOKIE_PATH = "/api/v1/calendar/google";
const PREFERENCES = "/app/perfil?tab=preferences";
const cookie = (name: string, value: string, secure: boolean, maxAge = 600) =>
  `${name}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;

const oauthClient = (env: Env, appUrl: string) =>
  new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET ?? null, `${appUrl}${COOKIE_PATH}/callback`);

/**
 * What the Preferências section shows. `paused`: the plan no longer includes calendar sync, so
 * nothing is pulled or pushed (the connection is kept and resumes with a plan that has it, 0079).
 */
async function statusOf(env: Env, auth: Pick<Auth, "user" | "paid">) {
  const scoped = scopedTo(database(env.DB), auth.user.id);
  const connection = await store.googleConnectionOf(scoped);
  if (!connection) return { connection: null };
  const calendars = await store.googleCalendarsOf(scoped);
  return {
    connection: {
      status: connection.status,
      paused: !hasEntitlement(entitlementsOfAuth(auth).subscription, "calendarSync"),
      lastSyncAt: connection.lastSyncAt?.toISOString() ?? null,
      lastError: connection.lastError,
      pendingChanges: await store.pendingGooglePushCount(scoped),
      calendars: calendars.map((c) => ({ id: c.id, summary: c.summary, color: c.color, primary: c.primary, selected: c.selected })),
    },
  };
}

/** The deps of one sync run inside a request or a job. */
export function syncDeps(env: Env, user: { id: string; timeZone: string; language: "pt" | "en" }): SyncDeps {
  return {
    db: database(env.DB),
    env,
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(),
    userId: user.id,
    timeZone: user.timeZone,
    untitled: translator(user.language)("calendar:google.untitled"),
  };
}

/** Pushes the user's due changes to Google now; a refused or failing Google leaves them queued. */
async function pushPending(deps: SyncDeps, scoped: Scoped) {
  const connection = await store.googleConnectionOf(scoped);
  if (connection?.status !== "connected" || !connection.refreshToken) return;
  try {
    const pushed = await pushOutbox(deps, scoped, await connectApi(deps, connection.refreshToken));
    if (pushed.reconnect) throw new GoogleError(401, "push_unauthorized");
  } catch (err) {
    if (!(err instanceof GoogleError)) throw err;
    if (err.needsReconnect) await store.updateGoogleConnection(scoped, { status: "reconnect", lastError: "reconnect" }, deps.now());
  }
}

export const googleCalendarApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", async (c) => c.json(await statusOf(c.env, currentAuth(c))))

  /**
   * Connects with the sign-in's refresh token when Google accepts it for the calendar; otherwise
   * answers where to send the browser to grant the calendar scope.
   */
  .post("/connect", async (c) => {
    const { user } = currentAuth(c);
    const scoped = scopedTo(database(c.env.DB), user.id);
    const now = new Date();
    if (user.googleRefreshToken) {
      try {
        const api = await connectApi(syncDeps(c.env, user), user.googleRefreshToken);
        await api.listCalendars(); // proves the calendar scope before anything is saved
        await store.saveGoogleConnection(scoped, user.googleRefreshToken, now);
        await refreshCalendars(scoped, api, now);
        return c.json({ ...(await statusOf(c.env, currentAuth(c))), authorizeUrl: null });
      } catch (err) {
        if (!(err instanceof GoogleError)) throw err;
        // No calendar scope on that token, or revoked: the user grants it at Google.
      }
    }
    return c.json({ ...(await statusOf(c.env, currentAuth(c))), authorizeUrl: `${COOKIE_PATH}/authorize` });
  })

  .get("/authorize", (c) => {
    const { user } = currentAuth(c);
    if (!c.env.GOOGLE_CLIENT_ID || !c.env.GOOGLE_CLIENT_SECRET) return c.redirect(`${PREFERENCES}&google=unavailable`, 302);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = oauthClient(c.env, accountDeps(c.env).appUrl).createAuthorizationURLWithPKCE(c.env.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, verifier, [CALENDAR_SCOPE]);
    // Incremental authorization: only the calendar scope is asked; what was granted before stays.
    url.searchParams.set("include_granted_scopes", "true");
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
    url.searchParams.set("login_hint", user.email);
    const secure = new URL(c.req.url).protocol === "https:";
    c.header("Set-Cookie", cookie("gcal_state", state, secure), { append: true });
    c.header("Set-Cookie", cookie("gcal_verifier", verifier, secure), { append: true });
    return c.redirect(url.toString(), 302);
  })

  .get("/callback", async (c) => {
    const { user } = currentAuth(c);
    const cookies = c.req.header("cookie");
    const state = readCookie(cookies, "gcal_state");
    const verifier = readCookie(cookies, "gcal_verifier");
    const secure = new URL(c.req.url).protocol === "https:";
    for (const name of ["gcal_state", "gcal_verifier"]) c.header("Set-Cookie", cookie(name, "", secure, 0), { append: true });
    const code = c.req.query("code");
    if (!state || !verifier || !code || c.req.query("state") !== state) return c.redirect(`${PREFERENCES}&google=failed`, 302);
    try {
      const tokens = await oauthClient(c.env, accountDeps(c.env).appUrl).validateAuthorizationCode(c.env.GOOGLE_TOKEN_URL, code, verifier);
      if (!tokens.hasRefreshToken() || !tokens.hasScopes() || !tokens.scopes().includes(CALENDAR_SCOPE)) return c.redirect(`${PREFERENCES}&google=scope`, 302);
      const scoped = scopedTo(database(c.env.DB), user.id);
      const now = new Date();
      await store.saveGoogleConnection(scoped, await seal(c.env, tokens.refreshToken()), now);
      await refreshCalendars(scoped, calendarApi((i, init) => fetch(i, init), c.env.GOOGLE_CALENDAR_API_BASE || DEFAULT_CALENDAR_API_BASE, tokens.accessToken()), now);
      return c.redirect(`${PREFERENCES}&google=connected`, 302);
    } catch (err) {
      log("warn", "google_calendar_connect_failed", { requestId: c.get("requestId"), error: err instanceof Error ? err.message : String(err) });
      return c.redirect(`${PREFERENCES}&google=failed`, 302);
    }
  })

  .patch("/calendars/:id", validate("json", z.object({ selected: z.boolean() }).strict()), async (c) => {
    const { user } = currentAuth(c);
    const scoped = scopedTo(database(c.env.DB), user.id);
    // Disconnected, the calendars are kept for the next connection (0092) but not shown, nor chosen.
    if (!(await store.googleConnectionOf(scoped))) throw apiError("not_found");
    const calendar = (await store.googleCalendarsOf(scoped)).find((cal) => cal.id === c.req.param("id"));
    if (!calendar) throw apiError("not_found");
    const { selected } = c.req.valid("json");
    // Hiding removes the events Google brought from it: their changes not yet at Google go first,
    // or the calendar stays shown (hiding then showing again would bring back Google's older version).
    if (!selected && (await store.pendingGooglePushesOfCalendar(scoped, calendar.id)) > 0) {
      await pushPending(syncDeps(c.env, user), scoped);
      if ((await store.pendingGooglePushesOfCalendar(scoped, calendar.id)) > 0) throw apiError("conflict", { messageKey: "calendar:google.hidePending" });
    }
    await store.setGoogleCalendarSelected(scoped, calendar.id, selected, new Date());
    await publishEntityChange(c.env, user.id, { entity: "event", id: calendar.id, action: "updated" });
    return c.json(await statusOf(c.env, currentAuth(c)));
  })

  /** 'Sincronizar agora': pull every shown calendar and push pending changes, now. */
  .post(
    "/sync",
    limitRequests(limits.googleSyncPerAccount, (c) => currentAuth(c).user.id),
    async (c) => {
      const { user } = currentAuth(c);
      if (!(await store.googleConnectionOf(scopedTo(database(c.env.DB), user.id)))) throw apiError("not_found");
      const result = await syncUser(syncDeps(c.env, user));
      if (result.created || result.updated || result.deleted) await publishEntityChange(c.env, user.id, { entity: "event", id: "google", action: "updated" });
      return c.json({ result, ...(await statusOf(c.env, currentAuth(c))) });
    },
  )

  /**
   * Disconnect: Google stops syncing and Rumo's access is revoked at Google; the events already here
   * stay as Rumo events. What the sync knows (links, waiting changes) is kept for 30 days, so
   * connecting again within them loses no change made meanwhile (0092).
   */
  .delete("/", async (c) => {
    await disconnectGoogle(c.env, currentAuth(c).user, new Date());
    return c.body(null, 204);
  })

  /** Versions of an event that lost a sync conflict, newest first. */
  .get("/events/:id/history", async (c) => {
    const { user } = currentAuth(c);
    const scoped = scopedTo(database(c.env.DB), user.id);
    const id = c.req.param("id");
    // Another user's event (or none) is a 404 like every id route, not an empty history (../shared/API.md).
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !(await store.findSeries(scoped, id))) throw apiError("not_found");
    const rows = await store.historyOfEvent(scoped, id);
    return c.json({ items: rows.map((r) => ({ id: r.id, source: r.source, reason: r.reason, snapshot: r.snapshot, createdAt: r.createdAt.toISOString() })) });
  });
