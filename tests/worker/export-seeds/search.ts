import type { ExportSeed } from "./types";

/**
 * search_docs (the search index) is filled by triggers from the modules' tables, and its rows reach
 * the export as the items they index: a task written here lands in the index and in the export.
 * search_owners holds one row per account (made with it) whose only user data is the id itself.
 */
export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into tasks (id, user_id, title) values (?, ?, ?)", `search-task-${tag}`, userId, marker("search_docs"));
  const owners = (await run("select user_id from search_owners where user_id = ?", userId)) as { results: unknown[] };
  if (owners.results.length !== 1) throw new Error("the account has no search range");
  return { search_docs: { markers: [marker("search_docs")] }, search_owners: { markers: [userId] } };
};
