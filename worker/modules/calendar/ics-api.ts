/**
 * The calendar's iCalendar routes (issue 13, ../shared/API.md "Events and recurrence"), paths
 * relative to /api/v1; the manifest routes this sub-app before the /events API:
 * - POST /events/import: an .ics document (text/calendar, ≤ 2 MB); `?dryRun=true` saves nothing
 *   and answers the events it would create or update (docs/decisions/0034).
 * - GET /calendar/feed-url → { url } (created on first ask), DELETE revokes it (Light and Pro).
 * - GET /calendar/feed/:token: the public feed, by token only; unknown or revoked → a bare 404.
 */
import { Hono } from "hono";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { hasEntitlement } from "~/lib/plans";
import type { MessageKey } from "~/locales/types";
import { currentAuth, requireUser } from "../../auth/middleware";
import type { PremiumRoute } from "../../billing/premium-routes";
import { loadSubscriptionState } from "../../billing/subscription";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { scopedTo } from "../../db/scoped";
import { appLink } from "../../lib/app-url";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { open, seal } from "../../lib/secret-box";
import { translator } from "../../lib/translate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { userTimeline } from "../timeline";
import type { BodyRule } from "../types";
import { planImport } from "./ics/import";
import { ICS_MAX_BYTES, readIcs } from "./ics/parse";
import { calendarWriter, type FeedEvent } from "./ics/write";
import * as store from "./queries";

/** The import takes the file's bytes as text/calendar (browsers send .ics files so). */
export const ICS_BODIES: readonly BodyRule[] = [{ method: "POST", path: "/events/import", maxBytes: ICS_MAX_BYTES, mediaTypes: ["text/calendar"] }];

/** The feed is a Light feature (../shared/DECISIONS.md); revoking stays open to a downgraded user. */
export const ICS_PREMIUM: readonly PremiumRoute[] = [{ method: "GET", path: "/calendar/feed-url", entitlement: "calendarSync", paidRead: true }];

const failures = {
  notIcal: "calendar:ics.notIcal",
  tooManyEvents: "calendar:ics.tooManyEvents",
} as const satisfies Record<string, MessageKey>;

const DAY_MS = 86_400_000;
/** The feed's window: events and other modules' items (scheduled tasks) that ended up to a year ago; those items up to two years ahead. */
const FEED_PAST_DAYS = 365;
const FEED_FUTURE_DAYS = 730;

const tokenHash = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
const feedUrl = (env: Env, token: string) => appLink(env, `/api/v1/calendar/feed/${token}.ics`);

async function newFeed(env: Env, userId: string) {
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await store.replaceFeed(scopedTo(database(env.DB), userId), tokenHash(token), await seal(env, token), new Date());
  return token;
}

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export const icsApi = new Hono<AppEnv>()
  // requireUser per route: mounted at "/", a wildcard would also guard the public feed.
  .post("/events/import", requireUser, async (c) => {
    const { user } = currentAuth(c);
    const dryRun = c.req.query("dryRun") === "true";
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const t = translator(c.get("lang") ?? "pt");
    const read = readIcs(bytes, user.timeZone, t("calendar:ics.untitled"));
    if (!read.ok) throw new ApiError(read.failure === "notIcal" ? "not_ical" : "too_many_events", 400, failures[read.failure], { file: failures[read.failure] });
    const scoped = scopedTo(database(c.env.DB), user.id);
    const existing = await store.rowsWithUids(
      scoped,
      read.events.map((e) => e.uid),
    );
    const plan = planImport(read.events, existing, newId, read.skipped);
    const answer = { imported: plan.imported, updated: plan.updated, skipped: plan.skipped };
    if (dryRun)
      return c.json({
        ...answer,
        items: plan.rows.map((r) => ({
          uid: r.uid,
          action: r.existingId ? "update" : "create",
          recurrenceId: r.recurrenceId,
          title: r.fields.title,
          start: r.fields.start,
          end: r.fields.end,
          allDay: r.fields.allDay,
          timeZone: r.fields.timeZone,
          rrule: r.fields.rrule,
          reminderMinutes: r.fields.reminderMinutes,
        })),
      });
    if (plan.rows.length || plan.removedOverrides.length) {
      const now = new Date();
      await store.writeImport(scoped, plan.rows, existing, now, plan.removedOverrides);
      // Each series the import wrote (or changed one occurrence of) goes to Google, as every write of the events API does (0035).
      const removedFrom = existing.filter((r) => plan.removedOverrides.includes(r.id)).map((r) => r.seriesId!);
      await store.queueGoogleUpserts(scoped, [...plan.rows.map((r) => r.seriesId ?? r.id), ...removedFrom], now);
      await publishEntityChange(c.env, user.id, { entity: "event", id: plan.rows[0]?.id ?? removedFrom[0], action: plan.imported ? "created" : "updated" });
    }
    return c.json(answer);
  })

  .get("/calendar/feed-url", requireUser, async (c) => {
    const { user } = currentAuth(c);
    const current = await store.feedOf(scopedTo(database(c.env.DB), user.id));
    let token: string | null = null;
    if (current) {
      try {
        token = await open(c.env, current.tokenSealed);
      } catch {
        token = null; // sealed with a rotated key: a new address is given
      }
    }
    const createdAt = token && current ? current.createdAt : new Date();
    token ??= await newFeed(c.env, user.id);
    return c.json({ url: feedUrl(c.env, token), createdAt: createdAt.toISOString() });
  })

  .delete("/calendar/feed-url", requireUser, async (c) => {
    const { user } = currentAuth(c);
    await store.revokeFeed(scopedTo(database(c.env.DB), user.id));
    return c.body(null, 204);
  })

  .get("/calendar/feed/:file", async (c) => {
    const match = /^([A-Za-z0-9_-]{20,64})(?:\.ics)?$/.exec(c.req.param("file"));
    if (!match) return notFound();
    const db = database(c.env.DB);
    const userId = await store.feedOwner(db, tokenHash(match[1]));
    const user = userId ? await findUserById(db, userId) : undefined;
    // A downgraded user's address stops answering, as a revoked one does (no hint either way).
    if (!user || user.disabledAt || !hasEntitlement(await loadSubscriptionState(db, user), "calendarSync")) return notFound();
    const now = new Date();
    const scoped = scopedTo(db, user.id);
    // Events, changed occurrences and series that ended more than a year ago are left out, as
    // other modules' items are (docs/decisions/0087): a long-kept calendar is not written whole each poll.
    const since = now.getTime() - FEED_PAST_DAYS * DAY_MS;
    const others = await userTimeline(db, user.id, { from: new Date(since), to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS), timeZone: user.timeZone }, "calendar");
    const t = translator(user.language === "en" ? "en" : "pt");
    const writer = calendarWriter({ name: t("calendar:ics.feedName"), timeZone: user.timeZone, zones: await store.feedZones(scoped, since), now });
    const otherEvents: FeedEvent[] = others.map((item) => ({
      uid: `${item.module}-${item.id}-${item.occurrenceStart.replace(/[^0-9A-Za-z]/g, "")}@rumo.app`,
      recurrenceId: null,
      title: item.title,
      description: "",
      location: "",
      start: item.start,
      end: item.end,
      allDay: item.allDay,
      timeZone: "UTC",
      rrule: null,
      exdates: [],
      reminderMinutes: null,
      busy: item.busy,
      updatedAt: now,
      url: appLink(c.env, item.url),
    }));
    // Written page by page as the client reads it: the rows of one page are in memory, never the document.
    async function* document() {
      yield writer.head;
      for await (const rows of store.feedRows(scoped, since)) yield writer.events(rows.map(feedEventOf));
      yield writer.events(otherEvents) + writer.end;
    }
    return c.body(streamOf(document()), 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, max-age=300", "content-disposition": 'inline; filename="rumo.ics"' });
  });

/** A stored row as the feed writes it: an override under its series' UID, a series without the occurrences changed long ago. */
function feedEventOf(row: store.FeedRow): FeedEvent {
  const exdates = row.changedBefore.length ? [...new Set([...row.exdates, ...row.changedBefore])] : row.exdates;
  return { ...row, uid: row.seriesUid ?? row.uid, exdates };
}

/** A body streamed from text pieces made on demand (a piece is made when the client has read the last). */
function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
