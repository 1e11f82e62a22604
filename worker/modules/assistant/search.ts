import { cutText } from "../../lib/cut-text";
import type { SearchSource } from "../../search/sources";

/**
 * The assistant's answers that rest on computed figures, as "insight" results: the answer's first
 * line is the title, the whole answer the body. The user's own messages and plain replies are not
 * indexed. Opens the assistant, where the answer sits in the history.
 */
export const insightSearch: SearchSource = {
  type: "insight",
  table: "assistant_messages",
  title: "''",
  body: "content",
  date: "date(created_at / 1000, 'unixepoch')",
  recency: "created_at",
  where: "role = 'assistant' and sources <> '[]'",
  present: (doc) => ({ url: "/app/assistant", title: cutText(doc.body.split("\n")[0], 120) }),
};
