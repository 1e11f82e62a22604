import { Hono } from "hono";
import { z } from "zod";
import { limits } from "../auth/rate-limit";
import { currentAuth, requireUser } from "../auth/middleware";
import { ACTIVITY_TYPES, insertActivity } from "../db/activities";
import { database } from "../db/client";
import { routeOf } from "../impact/routes";
import { newId } from "../lib/ids";
import { validate } from "../lib/validate";
import { limitRequests } from "../middleware/rate-limit";
import type { AppEnv } from "../types";

/** Metadata is at most 4 KB as UTF-8 JSON (issue 16). */
export const ACTIVITY_METADATA_MAX_BYTES = 4096;

const utf8Length = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

const activitySchema = z
  .object({
    activityType: z.enum(ACTIVITY_TYPES),
    activityTitle: z.string().trim().max(200).default(""),
    activityDescription: z.string().trim().max(1000).default(""),
    metadata: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((metadata) => utf8Length(metadata) <= ACTIVITY_METADATA_MAX_BYTES, { message: "errors:field.tooLong" }),
  })
  .strict();

/** Tracking is on unless the user turned it off in Preferências (preferences.activityTracking = false). */
export const trackingEnabled = (preferences: Record<string, unknown>) => preferences.activityTracking !== false;

/**
 * POST /activities: one session event (section 4 of the specification). 204 whether stored or not,
 * so a client with tracking turned off elsewhere (another tab) learns nothing and stores nothing.
 * The URL fields keep only their path under /app: a query string may hold what the user searched.
 */
export const activitiesApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/", limitRequests(limits.activitiesPerAccount, (c) => currentAuth(c).user.id), validate("json", activitySchema), async (c) => {
    const { user } = currentAuth(c);
    if (!trackingEnabled(user.preferences)) return c.body(null, 204);
    const body = c.req.valid("json");
    const metadata = { ...body.metadata };
    for (const key of ["url", "currentUrl"]) if (key in metadata) metadata[key] = routeOf(metadata[key]).route;
    const { route, module } = routeOf(body.metadata.currentUrl ?? body.metadata.url);
    await insertActivity(database(c.env.DB), user.id, {
      id: newId(),
      activityType: body.activityType,
      activityTitle: body.activityTitle,
      activityDescription: body.activityDescription,
      metadata,
      route,
      module,
      createdAt: new Date(),
    });
    return c.body(null, 204);
  });
