import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, currentAuth, readInUserZone, readWithAccount, requireUser } from "../auth/middleware";
import { database, type Db } from "../db/client";
import { readAll } from "../db/reads";
import * as store from "../db/notifications";
import { apiError } from "../lib/errors";
import { startOfLocalDay } from "../lib/time-zone";
import { pageQuery } from "../lib/pagination";
import { validate } from "../lib/validate";
import { notify, publish } from "../notifications/notify";
import { publicNotification } from "../notifications/public";
import type { AppEnv } from "../types";

/** Where a click may lead: a path of this site, never another origin or a script URL. */
export const sitePath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, "errors:field.invalid");

const listQuery = z.object({
  filter: z.enum(["all", "unread", "priority", "today"]).default("all"),
  ...pageQuery,
});

const createSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    message: z.string().trim().max(2000).default(""),
    type: z.enum(store.NOTIFICATION_TYPES).default("reminder"),
    category: z.string().trim().min(1).max(40).default("general"),
    priority: z.enum(store.NOTIFICATION_PRIORITIES).default("medium"),
    actionUrl: sitePath.nullish(),
    expiresAt: z.iso.datetime({ offset: true }).nullish(),
    metadata: z
      .record(z.string().max(64), z.unknown())
      .refine((v) => JSON.stringify(v).length <= 4096, "errors:field.tooLong")
      .default({}),
    parentId: z.string().max(40).nullish(),
  })
  .strict();

const patchSchema = z.object({ isRead: z.boolean() }).strict();
const readSchema = z.union([
  z.object({ ids: z.array(z.string().max(40)).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** /api/v1/notifications: the user's notifications (section 7 of the specification). */
export const notificationsApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", accountInHandler, validate("query", listQuery), async (c) => {
    const { filter, limit, cursor } = c.req.valid("query");
    const now = new Date();
    const listAndCount = (db: Db, userId: string, todayStart?: Date) =>
      readAll([store.listNotificationsRead(db, userId, { filter, page: { limit, cursor }, now, todayStart }), store.countUnreadRead(db, userId, now)]);
    // The bell asks on every page: the account, the page and the unread count in one D1 round trip.
    const {
      answer: [page, unreadCount],
    } =
      // "Today" is the user's day: its start is the account's zone's.
      filter === "today"
        ? await readInUserZone(c, (db, userId, zone) => listAndCount(db, userId, startOfLocalDay(now, zone)))
        : await readWithAccount(c, (db, userId) => listAndCount(db, userId));
    // In the account's language (readWithAccount set it), whatever language each was written in.
    const language = c.get("lang");
    return c.json({ items: page.items.map((row) => publicNotification(row, language)), nextCursor: page.nextCursor, unreadCount });
  })

  .post("/", validate("json", createSchema), async (c) => {
    const { user } = currentAuth(c);
    const input = c.req.valid("json");
    const row = await notify(c.env, user.id, { ...input, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null });
    if (!row) throw apiError("internal_error");
    return c.json({ notification: publicNotification(row) }, 201);
  })

  .post("/read", validate("json", readSchema), async (c) => {
    const { user } = currentAuth(c);
    const body = c.req.valid("json");
    const now = new Date();
    const ids = await store.markNotificationsRead(database(c.env.DB), user.id, "all" in body ? "all" : body.ids, now);
    if (ids.length) await publish(c.env, user.id, { type: "notification.updated", ids, changes: { isRead: true, readAt: now.toISOString() } });
    return c.json({ updated: ids.length, ids });
  })

  .get("/:id", async (c) => {
    const { user } = currentAuth(c);
    const row = await store.notificationOr404(database(c.env.DB), user.id, c.req.param("id"), new Date());
    return c.json({ notification: publicNotification(row, c.get("lang")) });
  })

  .patch("/:id", validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const id = c.req.param("id");
    const db = database(c.env.DB);
    const now = new Date();
    await store.notificationOr404(db, user.id, id, now);
    const changes = c.req.valid("json").isRead ? { isRead: true, readAt: now.toISOString() } : { isRead: false, readAt: null };
    const changed = changes.isRead ? (await store.markNotificationsRead(db, user.id, [id], now)).length > 0 : await store.markNotificationUnread(db, user.id, id);
    if (changed) await publish(c.env, user.id, { type: "notification.updated", ids: [id], changes });
    return c.json({ notification: publicNotification(await store.notificationOr404(db, user.id, id, now), c.get("lang")) });
  })

  .delete("/:id", async (c) => {
    const { user } = currentAuth(c);
    const id = c.req.param("id");
    if (!(await store.deleteNotification(database(c.env.DB), user.id, id))) throw apiError("not_found");
    await publish(c.env, user.id, { type: "notification.deleted", ids: [id] });
    return c.body(null, 204);
  });
