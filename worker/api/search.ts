import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, readAsActiveUser, requireUser } from "../auth/middleware";
import { validate } from "../lib/validate";
import { MAX_QUERY_CHARS } from "../search/query";
import { SEARCH_TYPES, searchRequest, searchSources, type ModuleSearchSource } from "../search/registry";
import type { AppEnv } from "../types";

/**
 * GET /search?q=&type=: the user's own data, at least 2 characters, case- and accent-insensitive,
 * by word prefix, over the given sources. A query longer than 200 characters is cut, not refused
 * (issue 16: long input and FTS syntax give sensible results or none, never an error).
 */
export function searchApiFor(types: readonly string[], sources: readonly ModuleSearchSource[]) {
  const searchQuery = z.object({
    q: z
      .string()
      .trim()
      .min(2, "errors:field.tooShort")
      .transform((q) => q.slice(0, MAX_QUERY_CHARS)),
    type: z.enum(["all", ...types] as [string, ...string[]]).default("all"),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });
  // One D1 round trip per keystroke: the account's standing (its disabled check) is read in the search's batch.
  return new Hono<AppEnv>().use("*", requireUser).get("/", accountInHandler, validate("query", searchQuery), async (c) => {
    const { q, type, limit } = c.req.valid("query");
    const request = searchRequest(q, type, limit, sources);
    if (!request) {
      await readAsActiveUser(c);
      return c.json({ items: [], nextCursor: null });
    }
    const rows = await readAsActiveUser(c, request.query);
    return c.json({ items: request.results(rows, c.get("lang") ?? "pt"), nextCursor: null });
  });
}

/** The search of the running app: every module's types and sources (worker/modules/). */
export const searchApi = searchApiFor(SEARCH_TYPES, searchSources);
