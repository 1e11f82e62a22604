import type { ExportSeed } from "./types";

/**
 * search_docs (the search index) is filled by triggers from the modules' tables, and its rows reach
 * the export as the items they index: a task written here lands in the index and in the export.
 */
export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into tasks (id, user_id, title) values (?, ?, ?)", `search-task-${tag}`, userId, marker("search_docs"));
  return { search_docs: { markers: [marker("search_docs")] } };
};
