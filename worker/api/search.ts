import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import { validate } from "../lib/validate";
import { SEARCH_TYPES, searchAll, searchProviders, type SearchProvider } from "../search/registry";
import type { AppEnv } from "../types";

/** GET /search?q=&type=: the user's own data, at least 2 characters, case-insensitive, over the given providers. */
export function searchApiFor(types: readonly string[], providers: readonly SearchProvider[]) {
  const searchQuery = z.object({
    q: z.string().trim().min(2, "errors:field.tooShort").max(100),
    type: z.enum(["all", ...types] as [string, ...string[]]).default("all"),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });
  return new Hono<AppEnv>().use("*", requireUser).get("/", validate("query", searchQuery), async (c) => {
    const { user } = currentAuth(c);
    const { q, type, limit } = c.req.valid("query");
    return c.json({ items: await searchAll(database(c.env.DB), user.id, q, type, limit, providers), nextCursor: null });
  });
}

/** The search of the running app: every module's types and providers (worker/modules/). */
export const searchApi = searchApiFor(SEARCH_TYPES, searchProviders);
