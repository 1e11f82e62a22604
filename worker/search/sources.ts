/**
 * The global search's index (docs/decisions/0036-search-fts5.md): one FTS5 table over every
 * module's searchable rows, kept in step by SQL triggers on the modules' own tables, so every writer
 * (the API, imports, calendar sync, the assistant, a console UPDATE) is covered without knowing the
 * index exists. Modules declare what they contribute (`searchSources` in their worker manifest);
 * this file turns those declarations into the DDL that migrations and the rebuild script run.
 *
 *   search_owners  one row per user: the `base` of the user's own range of search_docs ids, given
 *                  by a trigger on users when the account is created.
 *   search_docs    a plain table, one row per searchable item: owner, type, item id, the texts and
 *                  the metadata a result shows. Its integer `id` is the FTS rowid, always inside
 *                  the owner's range (base, base + OWNER_RANGE), so each user's rows are contiguous
 *                  in every FTS5 doclist and a search seeks straight to them (`rowid BETWEEN`).
 *   search_fts     FTS5 over search_docs (external content: the texts are stored once), columns
 *                  `title`, `body`; unicode61 without diacritics, prefix indexes of 2 to 8
 *                  characters.
 *   search_substrings
 *                  FTS5 over search_docs' `title` with the trigram tokenizer (case and accents
 *                  folded as search_fts folds them): any run of 3 or more characters of a title, not
 *                  only word prefixes; a module's own text filter (the transactions' `q`,
 *                  decision 0096) reads it.
 *
 * Pure functions of the declarations: no D1 here (the queries are in worker/db/search.ts).
 */

/** How much of an item's body a search result carries (its description, or a title made from it). */
export const SHOWN_BODY_CHARS = 140;

/** The stored fields of one indexed item, as a source's `present` receives them. */
export type SearchDoc = {
  type: string;
  itemId: string;
  title: string;
  /** The body's first SHOWN_BODY_CHARS characters (worker/db/search.ts cuts it in SQL). */
  body: string;
  date: string | null;
  status: string | null;
  amountCents: number | null;
};

/** What a result shows beyond the stored texts: where it opens, and the title when the row has none. */
export type SearchPresentation = { url: string; title?: string; description?: string };

/**
 * A module's searchable rows of one result type. Every SQL fragment is an expression over the
 * table's columns by bare name (it runs in `SELECT ... FROM <table> WHERE id = new.id` inside the
 * triggers, and over the whole table in the backfill). Adding a source is one entry in the module's
 * manifest plus a migration with `searchSourceSql(source)` (see the decision record).
 */
export type SearchSource = {
  /** The result type (../shared/API.md: event, goal, transaction, task, note, insight). */
  type: string;
  /** The module table; its primary key must be `id` and its owner column `user_id`. */
  table: string;
  /** The texts matched, title weighted above body. */
  title: string;
  body: string;
  /** Metadata (SQL, may be NULL): a `YYYY-MM-DD` date, a status, an amount in cents. */
  date?: string;
  status?: string;
  amountCents?: string;
  /** Recency for equal relevance, larger is newer (e.g. `updated_at`). */
  recency: string;
  /** Which rows are searchable (e.g. `series_id is null`); all when absent. */
  where?: string;
  /**
   * Other tables whose rows are part of an item's texts (a task's steps, read by a subquery in
   * `body`): `key` is their column holding the item's id, `columns` the ones the texts read. Their
   * inserts, deletes and changes of those columns re-index the item, by triggers on that table.
   */
  parts?: readonly { table: string; key: string; columns: readonly string[] }[];
  /** Where the item opens in the app (the task itself, the event's day...), and words of ours in the reader's `language`. */
  present: (doc: SearchDoc, language: "pt" | "en") => SearchPresentation;
};

const SQL_KEYWORD_SAFE = /^[a-z_][a-z0-9_]*$/;

/**
 * The size of each user's range of search_docs ids (and FTS rowids): 2^32 items a user, and room for
 * 2^31 users below SQLite's largest rowid. A user's ids are `base + 1`, `base + 2`... (the next one
 * is the largest in the range + 1), so they also grow with indexing time, which the search's
 * "newest candidates first" window relies on.
 */
export const OWNER_RANGE = 4294967296;
const LAST_IN_RANGE = OWNER_RANGE - 1;

function checked(source: SearchSource) {
  const names = [source.table, source.type, ...(source.parts ?? []).flatMap((p) => [p.table, p.key, ...p.columns])];
  if (!names.every((name) => SQL_KEYWORD_SAFE.test(name))) throw new Error(`search source ${source.type}: bad table, type or column name`);
  return source;
}

/** The source's rows as search_docs' columns (see INDEX_COLUMNS), named so they can be joined. */
const rowsOf = (s: SearchSource, where: string | null) =>
  `SELECT user_id, '${s.type}' AS type, id AS item_id, coalesce(${s.title}, '') AS title, coalesce(${s.body}, '') AS body, ${s.date ?? "null"} AS date, ${s.status ?? "null"} AS status, ${s.amountCents ?? "null"} AS amount_cents, ` +
  // Never NULL: a trigger that failed a constraint would fail the module's own write.
  `coalesce(${s.recency}, 0) AS recency FROM \`${s.table}\`${where ? ` WHERE ${where}` : ""}`;

const INDEX_COLUMNS = "user_id, type, item_id, title, body, date, status, amount_cents, recency";

/**
 * Inserts rows (`rows`: a SELECT of INDEX_COLUMNS) each with an id in its owner's range: after the
 * largest id already there, in recency order when there are several (a backfill). The subquery that
 * finds the largest id is one seek down the rowid b-tree. `WHERE true` is SQLite's documented way to
 * keep an upsert after a join from parsing as the join's ON.
 */
const insertInOwnRange = (rows: string) =>
  `INSERT INTO search_docs (id, ${INDEX_COLUMNS}) SELECT coalesce((SELECT max(d.id) FROM search_docs d WHERE d.id BETWEEN o.base AND o.base + ${LAST_IN_RANGE}), o.base) + row_number() OVER (PARTITION BY s.user_id ORDER BY s.recency, s.type, s.item_id), s.* FROM (${rows}) s JOIN search_owners o ON o.user_id = s.user_id WHERE true`;

const UPSERT =
  // The id stays: an item keeps its place in its owner's range for life.
  "on conflict (type, item_id) do update set title = excluded.title, body = excluded.body, date = excluded.date, status = excluded.status, amount_cents = excluded.amount_cents, recency = excluded.recency" +
  // An unchanged row (a reminder bookkeeping update, say) leaves the FTS index alone.
  " where title is not excluded.title or body is not excluded.body or date is not excluded.date or status is not excluded.status or amount_cents is not excluded.amount_cents or recency is not excluded.recency";

/**
 * One statement per trigger, BEGIN/END upper-case on one line: remote D1 migrations split trigger
 * bodies on `;` otherwise (workers-sdk#14991, #15178), as the audit_log triggers already do.
 */
export function searchTriggers(source: SearchSource): { name: string; sql: string }[] {
  const s = checked(source);
  const filter = s.where ? ` and (${s.where})` : "";
  const name = (what: string) => `search_${s.type}_${what}`;
  const upsertOf = (id: string) => `${insertInOwnRange(rowsOf(s, `id = ${id}${filter}`))} ${UPSERT};`;
  const upsert = upsertOf("new.id");
  const triggers = [
    { name: name("insert"), sql: `CREATE TRIGGER \`${name("insert")}\` AFTER INSERT ON \`${s.table}\` BEGIN ${upsert} END` },
    { name: name("update"), sql: `CREATE TRIGGER \`${name("update")}\` AFTER UPDATE ON \`${s.table}\` BEGIN ${upsert} END` },
    { name: name("delete"), sql: `CREATE TRIGGER \`${name("delete")}\` AFTER DELETE ON \`${s.table}\` BEGIN DELETE FROM search_docs WHERE type = '${s.type}' AND item_id = old.id; END` },
  ];
  // A part written re-indexes its item: no row when the item is gone (a cascade deletes the part
  // after its item), an unchanged doc when the part's texts are (the upsert's own WHERE).
  for (const part of s.parts ?? []) {
    const partName = (what: string) => name(`${part.table}_${what}`);
    const columns = part.columns.map((c) => `\`${c}\``).join(", ");
    triggers.push(
      { name: partName("insert"), sql: `CREATE TRIGGER \`${partName("insert")}\` AFTER INSERT ON \`${part.table}\` BEGIN ${upsertOf(`new.${part.key}`)} END` },
      { name: partName("update"), sql: `CREATE TRIGGER \`${partName("update")}\` AFTER UPDATE OF ${columns} ON \`${part.table}\` BEGIN ${upsertOf(`new.${part.key}`)} END` },
      { name: partName("delete"), sql: `CREATE TRIGGER \`${partName("delete")}\` AFTER DELETE ON \`${part.table}\` BEGIN ${upsertOf(`old.${part.key}`)} END` },
    );
  }
  // A row that stops matching `where` leaves the index (a one-occurrence edit, say).
  if (s.where)
    triggers.push({
      name: name("unmatch"),
      sql: `CREATE TRIGGER \`${name("unmatch")}\` AFTER UPDATE ON \`${s.table}\` WHEN NOT EXISTS (SELECT 1 FROM \`${s.table}\` WHERE id = new.id${filter}) BEGIN DELETE FROM search_docs WHERE type = '${s.type}' AND item_id = new.id; END`,
    });
  return triggers;
}

/**
 * Every new account gets the range after the last one given (the UNIQUE index on `base` makes the
 * max one seek). On users, so every way an account is made is covered, as the sources' triggers do.
 */
export const SEARCH_OWNER_TRIGGER = {
  name: "search_owners_insert",
  sql: `CREATE TRIGGER \`search_owners_insert\` AFTER INSERT ON users BEGIN INSERT INTO search_owners (user_id, base) SELECT new.id, coalesce(max(base), 0) + ${OWNER_RANGE} FROM search_owners; END`,
};

/** The existing accounts' ranges, oldest account first (the migration that creates the table). */
const OWNER_BACKFILL = `INSERT INTO search_owners (user_id, base) SELECT id, ${OWNER_RANGE} * row_number() OVER (ORDER BY created_at, id) FROM users;`;

/**
 * The existing rows of some sources into the index (a migration's one-off backfill, and the
 * rebuild). Each user's rows of every source are numbered together, oldest first, so rowid order is
 * recency order from the start; they meet in a scratch table because D1 caps a compound SELECT
 * (UNION ALL) below the number of sources.
 */
export const searchBackfill = (sources: readonly SearchSource[]) =>
  sources.length === 0
    ? []
    : [
        `CREATE TABLE search_backfill AS ${rowsOf(checked(sources[0]), "false")};`,
        ...sources.map((s) => `INSERT INTO search_backfill ${rowsOf(checked(s), s.where ?? null)};`),
        `${insertInOwnRange(`SELECT ${INDEX_COLUMNS} FROM search_backfill`)};`,
        "DROP TABLE search_backfill;",
      ];

/** Everything a migration adding one source runs: its triggers, then its rows. */
export const searchSourceSql = (source: SearchSource) => [...searchTriggers(source).map((t) => `${t.sql};`), ...searchBackfill([source])];

/**
 * What a migration changing an indexed source's texts runs (a body that now reads its parts): the
 * source's triggers dropped (`previous`: names it had and no longer has) and made again, then every row
 * re-indexed in place, each keeping its id; an unchanged row is left alone.
 */
export const searchSourceChangeSql = (source: SearchSource, previous: readonly string[]) => [
  ...[...new Set([...previous, ...searchTriggers(source).map((t) => t.name)])].map((name) => `DROP TRIGGER IF EXISTS \`${name}\`;`),
  ...searchTriggers(source).map((t) => `${t.sql};`),
  `${insertInOwnRange(rowsOf(checked(source), source.where ?? null))} ${UPSERT};`,
];

/**
 * The titles' substring index (decision 0096). Trigrams need full positions (`detail=full`) to match
 * a run of characters; `remove_diacritics 2` folds as search_fts does, Vietnamese letters included.
 */
const SUBSTRINGS_TABLE =
  "CREATE VIRTUAL TABLE search_substrings USING fts5(title, content='search_docs', content_rowid='id', tokenize='trigram remove_diacritics 2');";
/** Its triggers, beside search_fts' own (one statement each, see searchTriggers). */
const SUBSTRINGS_TRIGGERS = [
  "CREATE TRIGGER `search_docs_substrings_insert` AFTER INSERT ON search_docs BEGIN INSERT INTO search_substrings (rowid, title) VALUES (new.id, new.title); END;",
  "CREATE TRIGGER `search_docs_substrings_delete` AFTER DELETE ON search_docs BEGIN INSERT INTO search_substrings (search_substrings, rowid, title) VALUES ('delete', old.id, old.title); END;",
  // Only a changed title touches the index (the upsert also rewrites dates, amounts and recency).
  "CREATE TRIGGER `search_docs_substrings_update_old` BEFORE UPDATE OF title ON search_docs WHEN old.title IS NOT new.title BEGIN INSERT INTO search_substrings (search_substrings, rowid, title) VALUES ('delete', old.id, old.title); END;",
  "CREATE TRIGGER `search_docs_substrings_update_new` AFTER UPDATE OF title ON search_docs WHEN old.title IS NOT new.title BEGIN INSERT INTO search_substrings (rowid, title) VALUES (new.id, new.title); END;",
];

/** What a migration adding the substring index to an existing search index runs. */
export const searchSubstringsSql = [SUBSTRINGS_TABLE, "INSERT INTO search_substrings (search_substrings) VALUES ('rebuild');", ...SUBSTRINGS_TRIGGERS];

/** The index's own tables and the triggers that keep search_fts and search_substrings in step with search_docs. */
export const SEARCH_INDEX_DDL = [
  `CREATE TABLE search_owners (
  user_id text PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  base integer NOT NULL
);`,
  "CREATE UNIQUE INDEX search_owners_base ON search_owners (base);",
  `CREATE TABLE search_docs (
  id integer PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  item_id text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  date text,
  status text,
  amount_cents integer,
  recency integer NOT NULL
);`,
  "CREATE UNIQUE INDEX search_docs_item ON search_docs (type, item_id);",
  "CREATE INDEX search_docs_user ON search_docs (user_id);",
  // Prefix indexes up to 8 characters: a prefix query without one merges the doclists of every
  // matching term across all users (the rowid range cannot bound that merge); with one it is a
  // single term, read only inside the user's range (docs/decisions/0036, "Revised").
  "CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content='search_docs', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');",
  SUBSTRINGS_TABLE,
  "CREATE TRIGGER `search_docs_insert` AFTER INSERT ON search_docs BEGIN INSERT INTO search_fts (rowid, title, body) VALUES (new.id, new.title, new.body); END;",
  "CREATE TRIGGER `search_docs_delete` AFTER DELETE ON search_docs BEGIN INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body); END;",
  // Two single-statement triggers rather than one with two statements (see searchTriggers).
  "CREATE TRIGGER `search_docs_update_old` BEFORE UPDATE ON search_docs BEGIN INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body); END;",
  "CREATE TRIGGER `search_docs_update_new` AFTER UPDATE ON search_docs BEGIN INSERT INTO search_fts (rowid, title, body) VALUES (new.id, new.title, new.body); END;",
  ...SUBSTRINGS_TRIGGERS,
];
const INDEX_TABLES = 7;

/** Drops the index and every trigger that feeds it (the first half of a rebuild). */
export const dropSearchIndexSql = (sources: readonly SearchSource[]) => [
  ...sources.flatMap((s) => searchTriggers(s).map((t) => `DROP TRIGGER IF EXISTS \`${t.name}\`;`)),
  `DROP TRIGGER IF EXISTS \`${SEARCH_OWNER_TRIGGER.name}\`;`,
  "DROP TABLE IF EXISTS search_fts;",
  "DROP TABLE IF EXISTS search_substrings;",
  "DROP TABLE IF EXISTS search_docs;",
  "DROP TABLE IF EXISTS search_owners;",
  "DROP TABLE IF EXISTS search_backfill;",
];

/**
 * The whole index from scratch: tables, the users' ranges, the backfill of every source
 * (bulk-indexed by one FTS 'rebuild', faster than row by row), then the triggers. The rebuild script
 * (scripts/search-index.ts) and the migrations that reshape the index run this.
 */
export const createSearchIndexSql = (sources: readonly SearchSource[]) => [
  ...SEARCH_INDEX_DDL.slice(0, INDEX_TABLES),
  OWNER_BACKFILL,
  ...searchBackfill(sources),
  "INSERT INTO search_fts (search_fts) VALUES ('rebuild');",
  "INSERT INTO search_substrings (search_substrings) VALUES ('rebuild');",
  ...SEARCH_INDEX_DDL.slice(INDEX_TABLES),
  `${SEARCH_OWNER_TRIGGER.sql};`,
  ...sources.flatMap((s) => searchTriggers(s).map((t) => `${t.sql};`)),
];
