import { cutText } from "../../lib/cut-text";
import type { SearchSource } from "../../search/sources";

/** Diary entries in the global search ("note"), drafts marked; opens the entry. */
export const noteSearch: SearchSource = {
  type: "note",
  table: "diary_entries",
  title: "title",
  body: "content",
  date: "date",
  status: "case when draft then 'draft' end",
  recency: "unixepoch(date) * 1000",
  // An entry without a title shows the start of its text instead.
  present: (doc) => ({ url: `/app/diario?entrada=${doc.itemId}`, ...(doc.title ? {} : { title: cutText(doc.body, 60) }) }),
};
