import type { Db } from "../db/client";

export const SEARCH_TYPES = ["event", "goal", "transaction", "task", "note", "insight"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

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
 * Every module that can be searched. Modules register here when they land (tasks, events, goals,
 * transactions, diary notes, insights); with none registered the search answers no results.
 */
export const searchProviders: SearchProvider[] = [];

/** Runs the providers of the chosen type (or all), merged and cut to `limit`. */
export async function searchAll(db: Db, userId: string, query: string, type: SearchType | "all", limit: number, providers = searchProviders) {
  const chosen = providers.filter((p) => type === "all" || p.type === type);
  const results = (await Promise.all(chosen.map((p) => p.search(db, userId, query, limit)))).flat();
  return results.slice(0, limit);
}
