import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import * as store from "../db/notifications";
import { newId } from "../lib/ids";
import { validate } from "../lib/validate";
import { ALWAYS_DELIVERED, preferenceFor } from "../notifications/preferences";
import type { AppEnv } from "../types";

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "errors:field.invalid");

const preferenceSchema = z
  .object({
    notificationType: z.enum(store.NOTIFICATION_TYPES),
    inAppEnabled: z.boolean(),
    emailEnabled: z.boolean(),
    pushEnabled: z.boolean(),
    frequency: z.enum(store.NOTIFICATION_FREQUENCIES).default("instant"),
    quietHoursStart: clock.nullable().default(null),
    quietHoursEnd: clock.nullable().default(null),
  })
  .strict()
  .refine((p) => (p.quietHoursStart === null) === (p.quietHoursEnd === null), { message: "errors:field.invalid", path: ["quietHoursEnd"] });

const putSchema = z
  .object({ items: z.array(preferenceSchema).min(1).max(store.NOTIFICATION_TYPES.length) })
  .strict()
  .refine((b) => new Set(b.items.map((i) => i.notificationType)).size === b.items.length, { message: "errors:field.invalid", path: ["items"] });

/**
 * Every type's preference as the specification's entity: the stored row's id and times, or null
 * ones for a type that still uses the defaults (nothing stored for it).
 */
async function allPreferences(db: ReturnType<typeof database>, userId: string) {
  const stored = await store.listPreferences(db, userId);
  return store.NOTIFICATION_TYPES.map((type) => {
    const row = stored.find((p) => p.notificationType === type) ?? null;
    const { notificationType, inAppEnabled, emailEnabled, pushEnabled, frequency, quietHoursStart, quietHoursEnd } = preferenceFor(type, row);
    return {
      id: row?.id ?? null,
      notificationType,
      inAppEnabled,
      emailEnabled,
      pushEnabled,
      frequency,
      quietHoursStart,
      quietHoursEnd,
      createdAt: row?.createdAt.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/** /api/v1/notification-preferences: one preference per notification type (defaults when unset). */
export const notificationPreferencesApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", async (c) => {
    const { user } = currentAuth(c);
    return c.json({ items: await allPreferences(database(c.env.DB), user.id), nextCursor: null });
  })

  .put("/", validate("json", putSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    // A type that is always delivered keeps nothing of what is sent for it (the answer shows what is
    // in force): the screen's quiet hours are saved on every type, security's included.
    const items = c.req.valid("json").items.filter((item) => !ALWAYS_DELIVERED.includes(item.notificationType));
    if (items.length) await store.upsertPreferences(db, user.id, items.map((item) => ({ id: newId(), ...item })), new Date());
    return c.json({ items: await allPreferences(db, user.id), nextCursor: null });
  });
