import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, readAsActiveUser, requireUser } from "../auth/middleware";
import { decodeCursor, DEFAULT_LIMIT, encodeCursor, MAX_LIMIT } from "../lib/pagination";
import { validate } from "../lib/validate";
import { MAX_QUERY_CHARS } from "../search/query";
import { SEARCH_TYPES, searchRequest, searchSources, type ModuleSearchSource } from "../search/registry";
import type { AppEnv } from "../types";

/**
 * A search's cursor: opaque to clients, the offset of the next page in the ranked matches (the
 * ranking is stable for a query, worker/db/search.ts). Anything this server did not write answers
 * 400 `validation_failed`.
 */
const searchCursor = z.string().transform((cursor, ctx) => {
  const [offset, ...rest] = decodeCursor(cursor) ?? [];
  if (typeof offset === "number" && Number.isSafeInteger(offset) && offset > 0 && rest.length === 0) return offset;
  ctx.addIssue({ code: "custom", message: "errors:field.cursor" });
  return z.NEVER;
});

/**
 * GET /search?q=&type=&limit=&cursor=: the user's own data, at least 2 characters, case- and
 * accent-insensitive, by word prefix, over the given sources, a page at a time. A query longer than
 * 200 characters is cut, not refused (issue 16: long input and FTS syntax give sensible results or
 * none, never an error).
 */
export function searchApiFor(types: readonly string[], sources: readonly ModuleSearchSource[]) {
  const searchQuery = z.object({
    q: z
      .string()
      .trim()
      .min(2, "errors:field.tooShort")
      .transform((q) => q.slice(0, MAX_QUERY_CHARS)),
    type: z.enum(["all", ...types] as [string, ...string[]]).default("all"),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    cursor: searchCursor.optional(),
  });
  // One D1 round trip per keystroke: the account's standing (its disabled check) is read in the search's batch.
  return new Hono<AppEnv>().use("*", requireUser).get("/", accountInHandler, validate("query", searchQuery), async (c) => {
    const { q, type, limit, cursor: offset = 0 } = c.req.valid("query");
    const request = searchRequest(q, type, { offset, limit }, sources);
    if (!request) {
      await readAsActiveUser(c);
      return c.json({ items: [], nextCursor: null });
    }
    const rows = await readAsActiveUser(c, request.query);
    const { results, nextOffset } = request.page(rows, c.get("lang") ?? "pt");
    return c.json({ items: results, nextCursor: nextOffset === null ? null : encodeCursor([nextOffset]) });
  });
}

/** The search of the running app: every module's types and sources (worker/modules/). */
export const searchApi = searchApiFor(SEARCH_TYPES, searchSources);
