/**
 * The global search's index (docs/decisions/0036-search-fts5.md): one FTS5 table over every
 * module's searchable rows, kept in step by SQL triggers on the modules' own tables, so every writer
 * (the API, imports, calendar sync, the assistant, a console UPDATE) is covered without knowing the
 * index exists. Modules declare what they contribute (`searchSources` in their worker manifest);
 * this file turns those declarations into the DDL that migrations and the rebuild script run.
 *
 *   search_docs  a plain table, one row per searchable item: owner, type, item id, the texts and the
 *                metadata a result shows. Its integer `id` is the FTS rowid.
 *   search_fts   FTS5 over search_docs (external content: the texts are stored once), columns
 *                `owner` (hex of the user id: one token, so MATCH narrows to the user inside the
 *                index), `title`, `body`; unicode61 without diacritics, prefix indexes of 2 and 3.
 *
 * Pure functions of the declarations: no D1 here (the queries are in worker/db/search.ts).
 */

/** The stored fields of one indexed item, as a source's `present` receives them. */
export type SearchDoc = {
  type: string;
  itemId: string;
  title: string;
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
  /** Where the item opens in the app (the task itself, the event's day...). */
  present: (doc: SearchDoc) => SearchPresentation;
};

const SQL_KEYWORD_SAFE = /^[a-z_][a-z0-9_]*$/;

function checked(source: SearchSource) {
  if (!SQL_KEYWORD_SAFE.test(source.table) || !SQL_KEYWORD_SAFE.test(source.type)) throw new Error(`search source ${source.type}: bad table or type name`);
  return source;
}

/** The row's fields in search_docs' column order (see INDEX_COLUMNS). */
const selectOf = (s: SearchSource) =>
  [
    "user_id",
    "hex(user_id)",
    `'${s.type}'`,
    "id",
    `coalesce(${s.title}, '')`,
    `coalesce(${s.body}, '')`,
    s.date ?? "null",
    s.status ?? "null",
    s.amountCents ?? "null",
    // Never NULL: a trigger that failed a constraint would fail the module's own write.
    `coalesce(${s.recency}, 0)`,
  ].join(", ");

const INDEX_COLUMNS = "user_id, owner, type, item_id, title, body, date, status, amount_cents, recency";
const UPSERT =
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
  const upsert = `INSERT INTO search_docs (${INDEX_COLUMNS}) SELECT ${selectOf(s)} FROM \`${s.table}\` WHERE id = new.id${filter} ${UPSERT};`;
  const triggers = [
    { name: name("insert"), sql: `CREATE TRIGGER \`${name("insert")}\` AFTER INSERT ON \`${s.table}\` BEGIN ${upsert} END` },
    { name: name("update"), sql: `CREATE TRIGGER \`${name("update")}\` AFTER UPDATE ON \`${s.table}\` BEGIN ${upsert} END` },
    { name: name("delete"), sql: `CREATE TRIGGER \`${name("delete")}\` AFTER DELETE ON \`${s.table}\` BEGIN DELETE FROM search_docs WHERE type = '${s.type}' AND item_id = old.id; END` },
  ];
  // A row that stops matching `where` leaves the index (a one-occurrence edit, say).
  if (s.where)
    triggers.push({
      name: name("unmatch"),
      sql: `CREATE TRIGGER \`${name("unmatch")}\` AFTER UPDATE ON \`${s.table}\` WHEN NOT EXISTS (SELECT 1 FROM \`${s.table}\` WHERE id = new.id${filter}) BEGIN DELETE FROM search_docs WHERE type = '${s.type}' AND item_id = new.id; END`,
    });
  return triggers;
}

/** The source's existing rows into the index (a migration's one-off backfill, and the rebuild). */
export const searchBackfill = (source: SearchSource) =>
  `INSERT INTO search_docs (${INDEX_COLUMNS}) SELECT ${selectOf(checked(source))} FROM \`${source.table}\`${source.where ? ` WHERE ${source.where}` : ""};`;

/** Everything a migration adding one source runs: its triggers, then its rows. */
export const searchSourceSql = (source: SearchSource) => [...searchTriggers(source).map((t) => `${t.sql};`), searchBackfill(source)];

/** The index's own tables and the triggers that keep search_fts in step with search_docs. */
export const SEARCH_INDEX_DDL = [
  `CREATE TABLE search_docs (
  id integer PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  owner text NOT NULL,
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
  "CREATE VIRTUAL TABLE search_fts USING fts5(owner, title, body, content='search_docs', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');",
  "CREATE TRIGGER `search_docs_insert` AFTER INSERT ON search_docs BEGIN INSERT INTO search_fts (rowid, owner, title, body) VALUES (new.id, new.owner, new.title, new.body); END;",
  "CREATE TRIGGER `search_docs_delete` AFTER DELETE ON search_docs BEGIN INSERT INTO search_fts (search_fts, rowid, owner, title, body) VALUES ('delete', old.id, old.owner, old.title, old.body); END;",
  // Two single-statement triggers rather than one with two statements (see searchTriggers).
  "CREATE TRIGGER `search_docs_update_old` BEFORE UPDATE ON search_docs BEGIN INSERT INTO search_fts (search_fts, rowid, owner, title, body) VALUES ('delete', old.id, old.owner, old.title, old.body); END;",
  "CREATE TRIGGER `search_docs_update_new` AFTER UPDATE ON search_docs BEGIN INSERT INTO search_fts (rowid, owner, title, body) VALUES (new.id, new.owner, new.title, new.body); END;",
];

/** Drops the index and every source trigger (the first half of a rebuild). */
export const dropSearchIndexSql = (sources: readonly SearchSource[]) => [
  ...sources.flatMap((s) => searchTriggers(s).map((t) => `DROP TRIGGER IF EXISTS \`${t.name}\`;`)),
  "DROP TABLE IF EXISTS search_fts;",
  "DROP TABLE IF EXISTS search_docs;",
];

/**
 * The whole index from scratch: tables, the backfill of every source (bulk-indexed by one FTS
 * 'rebuild', faster than row by row), then the triggers. The first migration and the rebuild
 * script (scripts/search-index.ts) both run this.
 */
export const createSearchIndexSql = (sources: readonly SearchSource[]) => [
  ...SEARCH_INDEX_DDL.slice(0, 4),
  ...sources.map(searchBackfill),
  "INSERT INTO search_fts (search_fts) VALUES ('rebuild');",
  ...SEARCH_INDEX_DDL.slice(4),
  ...sources.flatMap((s) => searchTriggers(s).map((t) => `${t.sql};`)),
];
