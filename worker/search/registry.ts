import type { Language } from "~/i18n/language";
import type { Db } from "../db/client";
import { searchDocsOf, searchIndexQuery, type SearchRow } from "../db/search";
import { WORKER_MODULES } from "../modules";
import { searchSourcesOf, searchTypesOf } from "../modules/registry";
import { cutText } from "../lib/cut-text";
import { matchTerms } from "./query";
import { SHOWN_BODY_CHARS, type SearchDoc, type SearchSource } from "./sources";

/** A result type of the global search (the API contract: event, goal, transaction, task, note, insight). */
export type SearchType = string;
/** The types the API accepts: those the modules declare (worker/modules/<key>/index.ts). */
export const SEARCH_TYPES = searchTypesOf(WORKER_MODULES);

/** One result of the global search (../shared/API.md). */
export type SearchResult = {
  id: string;
  title: string;
  description: string;
  type: SearchType;
  module: string;
  url: string;
  metadata: { date?: string; amountCents?: number; status?: string };
};

/** A module's searchable source with the key of the module that declares it. */
export type ModuleSearchSource = SearchSource & { module: string };

/** Every module's search sources, from the manifests (worker/modules/<key>/index.ts `searchSources`). */
export const searchSources: ModuleSearchSource[] = searchSourcesOf(WORKER_MODULES);

function resultOf(source: ModuleSearchSource, doc: SearchDoc, language: Language): SearchResult {
  const shown = source.present(doc, language);
  const metadata: SearchResult["metadata"] = {};
  if (doc.date) metadata.date = doc.date;
  if (doc.amountCents !== null) metadata.amountCents = doc.amountCents;
  if (doc.status) metadata.status = doc.status;
  return {
    id: doc.itemId,
    title: shown.title ?? doc.title,
    description: cutText(shown.description ?? doc.body, SHOWN_BODY_CHARS),
    type: doc.type,
    module: source.module,
    url: shown.url,
    metadata,
  };
}

/** Where a page of results starts in the ranked matches (0 for the first), and how many it holds. */
export type SearchPage = { offset: number; limit: number };

/**
 * A search of the user's items of the chosen type (or of every source) matching the query, by
 * relevance then recency, from the FTS5 index the modules' triggers keep (worker/search/sources.ts):
 * the statement (for the caller to run, alone or in a batch) and the mapping of its rows. Null when
 * nothing can match (no word left in the query, no such source).
 */
export function searchRequest(query: string, type: SearchType | "all", page: SearchPage, sources: readonly ModuleSearchSource[] = searchSources) {
  const terms = matchTerms(query);
  const chosen = sources.filter((s) => type === "all" || s.type === type);
  if (terms.length === 0 || chosen.length === 0) return null;
  const byType = new Map(chosen.map((s) => [s.type, s]));
  return {
    // One row past the page: whether there is a next one.
    query: (db: Db, userId: string) => searchIndexQuery(db, userId, terms, [...byType.keys()], { offset: page.offset, limit: page.limit + 1 }),
    /**
     * The page's results, with the sources' own words (a default category's label) in the reader's
     * `language`, and the offset of the next page (null when this one is the last).
     */
    page: (rows: readonly SearchRow[], language: Language) => ({
      results: searchDocsOf(rows.slice(0, page.limit)).map((doc) => resultOf(byType.get(doc.type)!, doc, language)),
      nextOffset: rows.length > page.limit ? page.offset + page.limit : null,
    }),
  };
}
