import { cutText } from "../../lib/cut-text";
import type { SearchSource } from "../../search/sources";

/**
 * The assistant's answers that rest on computed figures, as "insight" results: the answer's first
 * line is the title, the whole answer the body. The user's own messages and plain replies are not
 * indexed. Opens the assistant, where the answer sits in the history. An answer with a figure of
 * the cycle module ("A próxima menstruação está prevista para…") is not indexed either: cycle data
 * stays out of Ctrl/Cmd+K, opened with others looking at the screen (decision 0031), and the cycle
 * screen says so; the assistant's history still has it.
 */
export const insightSearch: SearchSource = {
  type: "insight",
  table: "assistant_messages",
  title: "''",
  body: "content",
  date: "date(created_at / 1000, 'unixepoch')",
  recency: "created_at",
  // CASE, not AND: json_tree must never read a text that is not JSON (its error would fail the write).
  where: "role = 'assistant' and sources <> '[]' and case when json_valid(sources) then not exists (select 1 from json_tree(sources) where key = 'module' and atom = 'cycle') else 1 end",
  present: (doc) => ({ url: "/app/assistant", title: cutText(doc.body.split("\n")[0], 120) }),
};
