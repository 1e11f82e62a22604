import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import { validate } from "../lib/validate";
import { SEARCH_TYPES, searchAll } from "../search/registry";
import type { AppEnv } from "../types";

const searchQuery = z.object({
  q: z.string().trim().min(2, "errors:field.tooShort").max(100),
  type: z.enum(["all", ...SEARCH_TYPES]).default("all"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /search?q=&type=: the user's own data, at least 2 characters, case-insensitive. */
export const searchApi = new Hono<AppEnv>().use("*", requireUser).get("/", validate("query", searchQuery), async (c) => {
  const { user } = currentAuth(c);
  const { q, type, limit } = c.req.valid("query");
  return c.json({ items: await searchAll(database(c.env.DB), user.id, q, type, limit), nextCursor: null });
});
