import { sql } from "drizzle-orm";
import { ownerToken } from "../search/query";
import type { SearchDoc } from "../search/sources";
import type { Db } from "./client";

type Row = { type: string; item_id: string; title: string; body: string; date: string | null; status: string | null; amount_cents: number | null };

/**
 * How many matches are ranked: the most recently indexed ones. Every query of a word or more ranks
 * all of a user's matches; a two-letter prefix over 10,000 items would otherwise sort thousands
 * (most of the query's time, docs/decisions/0036-search-fts5.md).
 */
const RANKED_CANDIDATES = 500;

/**
 * The user's indexed items matching every one of `terms` (quoted by worker/search/query.ts), best
 * first. Scoped twice: the MATCH requires the user's owner token, so the FTS walk only meets the
 * user's rows, and `d.user_id` is checked on the joined row. CROSS JOIN keeps SQLite from starting
 * at search_docs (the user's 10,000 rows) and probing the index per row; FTS5 streams rowids in
 * descending order, so only the candidates are scored and sorted. Relevance is bm25 with the
 * title worth three times the body (owner weighs nothing: every row of the user has it), rounded
 * so that near-equal scores fall back to recency.
 */
export async function searchIndex(db: Db, userId: string, terms: readonly string[], types: readonly string[] | null, limit: number): Promise<SearchDoc[]> {
  const expression = [`owner: "${ownerToken(userId)}"`, ...terms.map((term) => `{title body}: ${term}`)].join(" AND ");
  const typeFilter = types ? sql` and d.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})` : sql``;
  const rows = await db.all<Row>(sql`
    select d.type, d.item_id, d.title, d.body, d.date, d.status, d.amount_cents
    from (
      select rowid as id, bm25(search_fts, 0.0, 3.0, 1.0) as score from search_fts
      where search_fts match ${expression} order by rowid desc limit ${RANKED_CANDIDATES}
    ) m
    cross join search_docs d on d.id = m.id
    where d.user_id = ${userId}${typeFilter}
    order by round(m.score, 1), d.recency desc, d.id desc
    limit ${limit}`);
  return rows.map((r) => ({ type: r.type, itemId: r.item_id, title: r.title, body: r.body, date: r.date, status: r.status, amountCents: r.amount_cents }));
}
