import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import * as store from "../db/notifications";
import { validate } from "../lib/validate";
import type { AppEnv } from "../types";

/** Flags are announced for this long after their launch (section 9 of the specification). */
export const FEATURE_WINDOW_MS = 7 * 24 * 3600_000;

const newQuery = z.object({ since: z.iso.datetime({ offset: true }).optional() });

/** /api/v1/feature-flags: launched features the user has not yet been told about. */
export const featureFlagsApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/new", validate("query", newQuery), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const now = Date.now();
    const since = c.req.valid("query").since;
    const checkedAt = await store.getFeatureCheck(db, user.id);
    // The later of: the window's start, the account's creation (what was there when someone signed
    // up is not news to them: a new account was greeted by "Novas funcionalidades disponíveis" over
    // its onboarding), the stored last check, the client's own `since`.
    const from = Math.max(now - FEATURE_WINDOW_MS, user.createdAt.getTime(), checkedAt?.getTime() ?? 0, since ? Date.parse(since) : 0);
    const flags = await store.launchedFlagsSince(db, new Date(from));
    return c.json({
      items: flags.map((f) => ({ id: f.id, featureName: f.featureName, description: f.description, releaseStatus: f.releaseStatus, updatedAt: f.updatedAt.toISOString() })),
      nextCursor: null,
      checkedAt: checkedAt?.toISOString() ?? null,
    });
  })

  .post("/dismiss", async (c) => {
    const { user } = currentAuth(c);
    const now = new Date();
    await store.setFeatureCheck(database(c.env.DB), user.id, now);
    return c.json({ checkedAt: now.toISOString() });
  });
