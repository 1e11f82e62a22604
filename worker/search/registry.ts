import type { Db } from "../db/client";
import { WORKER_MODULES } from "../modules";
import { searchProvidersOf, searchTypesOf } from "../modules/registry";

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

/** A module's contribution: its own user-scoped, case-insensitive title/description match. */
export type SearchProvider = { type: SearchType; search: (db: Db, userId: string, query: string, limit: number) => Promise<SearchResult[]> };

/**
 * Every module's search providers, from the manifests (tasks, events, goals, transactions, diary
 * notes, insights as they land); with none the search answers no results.
 */
export const searchProviders: SearchProvider[] = searchProvidersOf(WORKER_MODULES);

/** Runs the providers of the chosen type (or all), merged and cut to `limit`. */
export async function searchAll(db: Db, userId: string, query: string, type: SearchType | "all", limit: number, providers: readonly SearchProvider[] = searchProviders) {
  const chosen = providers.filter((p) => type === "all" || p.type === type);
  const results = (await Promise.all(chosen.map((p) => p.search(db, userId, query, limit)))).flat();
  return results.slice(0, limit);
}
