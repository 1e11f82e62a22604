import { sql, type SQL } from "drizzle-orm";
import { OWNER_RANGE, SHOWN_BODY_CHARS, type SearchDoc } from "../search/sources";
import type { Db } from "./client";
import { bound, perClient, type Bound, type Prepared } from "./prepared";

export type SearchRow = { type: string; item_id: string; title: string; body: string; date: string | null; status: string | null; amount_cents: number | null };

/**
 * How many matches are ranked: the user's most recently indexed ones (of the chosen category). A
 * query with fewer matches (nearly all of a word or more) is ranked in full; a short prefix over
 * 10,000 items ranks its newest 200 instead of scoring thousands (docs/decisions/0036, "Revised").
 * The API's pages (its cursor, an offset) go through these ranked matches, so they end after 200.
 */
const RANKED_CANDIDATES = 200;

/**
 * Relevance, BM25-shaped but from the row alone: `f` is the number of query matches, a title match
 * worth three body matches (highlight() marks each one with char(1)); it saturates (k1 = 1.2) and
 * a longer item scores lower (b = 0.75, against a typical 80 characters of title and body).
 * FTS5's bm25() was dropped because its term weights count every user's matching rows, which
 * read each term's whole doclist, all users included: most of the query's time at 510,000 rows
 * (and another user's data had no business in this user's ranking). Rounded so near-equal scores
 * fall back to recency.
 */
const MARKS = (column: string) => `(length(${column}) - length(replace(${column}, char(1), '')))`;
const F = `(3 * ${MARKS("c.t")} + ${MARKS("c.b")})`;
/**
 * The range's width as SQL text, not a bound parameter: D1 binds a JavaScript number as a REAL, and
 * with a REAL bound FTS5 no longer confines its doclist walk to the user's rowids (a 2-letter prefix
 * over 510,000 items took 12–20 ms of SQL instead of 2–3 ms in workerd; `npm run bench:search`).
 * A constant of the schema, never user input.
 */
const LAST_IN_RANGE = sql.raw(String(OWNER_RANGE - 1));

/** The first rowid of the user's range (search_owners), as SQL: the MATCH is bounded from it. */
const ownerBase = (userId: unknown) => sql`(select base from search_owners where user_id = ${userId})`;

const SCORE = sql.raw(`round(${F} * 2.2 / (${F} + 1.2 * (0.25 + 0.75 * (length(c.title) + length(c.body)) / 80.0)), 1)`);

/**
 * The user's indexed items matching every one of `terms` (quoted by worker/search/query.ts), best
 * first, in one statement (one D1 round trip). Scoped twice: the MATCH is bounded to the user's
 * range of rowids (search_owners, worker/search/sources.ts), which FTS5 answers by seeking inside
 * each term's doclist to the user's part, so other users' rows are not read; and `d.user_id` is
 * checked on the joined row. CROSS JOIN keeps the FTS side first (SQLite would otherwise start at
 * search_docs, the user's 10,000 rows, and probe the index per row); FTS5 streams rowids in
 * descending order (newest first), and the category applies before the window, so the first
 * candidates of the chosen type are scored (highlight() runs only on them) and sorted.
 *
 * Prepared once per client and number of types (worker/db/prepared.ts): the search runs on every
 * keystroke, and building this statement with drizzle on each request cost more than running it
 * on a small index. Only the values are bound per request.
 */
const preparedSearch = perClient((db: Db, typeCount: number) => {
  const userId = sql.placeholder("userId");
  const types = Array.from({ length: typeCount }, (_, i) => sql.placeholder(`type${i}`));
  const base = ownerBase(userId);
  const candidates = sql`(
      select d.id, d.type, d.item_id, d.title, d.body, d.date, d.status, d.amount_cents, d.recency,
        highlight(search_fts, 0, char(1), '') as t, highlight(search_fts, 1, char(1), '') as b
      from search_fts cross join search_docs d on d.id = search_fts.rowid
      where search_fts match ${sql.placeholder("expression")} and search_fts.rowid between ${base} and ${base} + ${LAST_IN_RANGE}
        and d.user_id = ${userId} and d.type in (${sql.join(types, sql`, `)})
      order by search_fts.rowid desc limit ${RANKED_CANDIDATES}
    ) c`;
  const prepared = db
    .select({
      type: sql<string>`c.type`.as("type"),
      item_id: sql<string>`c.item_id`.as("item_id"),
      title: sql<string>`c.title`.as("title"),
      // What a result shows of the body (worker/search/registry.ts, 140 characters at most); the
      // score above uses the whole body.
      body: sql<string>`substr(c.body, 1, ${sql.raw(String(SHOWN_BODY_CHARS))})`.as("body"),
      date: sql<string | null>`c.date`.as("date"),
      status: sql<string | null>`c.status`.as("status"),
      amount_cents: sql<number | null>`c.amount_cents`.as("amount_cents"),
    })
    .from(candidates)
    .orderBy(sql`${SCORE} desc`, sql`c.recency desc`, sql`c.id desc`)
    .limit(sql.placeholder("limit"))
    // A later page continues the same ranking: the candidates and their order do not depend on it.
    .offset(sql.placeholder("offset"))
    .prepare();
  // D1 answers a batch's rows as objects named by the aliases above, which are SearchRow's fields:
  // drizzle's mapping would only turn each row into an array and back (a visible cost for 50 rows).
  return { getQuery: () => prepared.getQuery(), mapResult: (result: unknown) => (result as D1Result<SearchRow>).results } satisfies Prepared<SearchRow[]>;
});

/** The MATCH expression of items having every one of `terms` in their title or body. */
const everyTerm = (terms: readonly string[]) => terms.map((term) => `{title body}: ${term}`).join(" AND ");

/**
 * The search for `userId`, ready for a D1 batch (`runBound`); `types` are the result types searched,
 * `page` the rows wanted from the ranked matches (`offset` of them skipped, `limit` at most).
 */
export function searchIndexQuery(db: Db, userId: string, terms: readonly string[], types: readonly string[], page: { limit: number; offset: number }): Bound<SearchRow[]> {
  const values: Record<string, unknown> = { userId, expression: everyTerm(terms), limit: page.limit, offset: page.offset };
  types.forEach((type, i) => (values[`type${i}`] = type));
  return bound(preparedSearch(db, types.length), values);
}

export const searchDocsOf = (rows: readonly SearchRow[]): SearchDoc[] =>
  rows.map((r) => ({ type: r.type, itemId: r.item_id, title: r.title, body: r.body, date: r.date, status: r.status, amountCents: r.amount_cents }));

/**
 * The fewest characters a substring match takes: the trigram index has nothing shorter to look up,
 * so a shorter text is the caller's to match (the transactions' list folds it in code).
 */
export const SUBSTRING_MIN_CHARS = 3;

/**
 * The text as the trigram index reads it: composed (what browsers send and rows hold), counted in
 * characters, without NUL (FTS5 reads its query as a C string: a NUL inside a phrase is an error).
 */
const substringText = (text: string) => text.normalize("NFC").replaceAll("\0", "");

export const matchableAsSubstring = (text: string) => Array.from(substringText(text)).length >= SUBSTRING_MIN_CHARS;

/**
 * The ids (`item_id`) of the user's indexed items of `type` whose title contains `text`, case and
 * accents aside, as a subquery for the module's own WHERE (decision 0096): one FTS5 phrase over the
 * title's trigrams, bounded to the user's range of rowids as the search is. `text` must be
 * `matchableAsSubstring`. Every character of it is literal ("100%", "*", quotes).
 */
export function itemsWithTitleContaining(userId: string, type: string, text: string): SQL {
  if (!matchableAsSubstring(text)) throw new Error(`A substring match needs ${SUBSTRING_MIN_CHARS} characters or more.`);
  const phrase = `"${substringText(text).replaceAll('"', '""')}"`;
  const base = ownerBase(userId);
  return sql`(select d.item_id from search_substrings cross join search_docs d on d.id = search_substrings.rowid
    where search_substrings match ${phrase} and search_substrings.rowid between ${base} and ${base} + ${LAST_IN_RANGE}
      and d.user_id = ${userId} and d.type = ${type})`;
}

/**
 * The ids (`item_id`) of the user's indexed items of `type` whose title or body has every one of
 * `terms` (worker/search/query.ts `matchTerms`: quoted word prefixes), case and accents aside as the
 * global search folds them, as a subquery for the module's own WHERE: one FTS5 query over search_fts,
 * bounded to the user's range of rowids as the search is. A module's word filter (the diary's `q`,
 * decision 0115) finds what Ctrl/⌘+K finds, without ranking.
 */
export function itemsWithWords(userId: string, type: string, terms: readonly string[]): SQL {
  if (!terms.length) throw new Error("A word filter needs at least one word.");
  const base = ownerBase(userId);
  return sql`(select d.item_id from search_fts cross join search_docs d on d.id = search_fts.rowid
    where search_fts match ${everyTerm(terms)} and search_fts.rowid between ${base} and ${base} + ${LAST_IN_RANGE}
      and d.user_id = ${userId} and d.type = ${type})`;
}
