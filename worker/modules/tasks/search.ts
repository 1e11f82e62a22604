import type { SearchSource } from "../../search/sources";

/** Tasks in the global search: title and description; opens the task itself. */
export const taskSearch: SearchSource = {
  type: "task",
  table: "tasks",
  title: "title",
  body: "description",
  date: "due_date",
  status: "status",
  recency: "updated_at",
  present: (doc) => ({ url: `/app/tarefas?task=${doc.itemId}` }),
};
