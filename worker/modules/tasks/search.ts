import type { SearchSource } from "../../search/sources";

/** Tasks in the global search: title, description and steps; opens the task itself. */
export const taskSearch: SearchSource = {
  type: "task",
  table: "tasks",
  title: "title",
  // The description, then the steps in their order (decision 0114): "Preparar viagem" is found by
  // "bilhetes", and the result shows why. ltrim drops the joint when there is no description. The
  // ordered subquery keeps its ORDER BY under an aggregate (SQLite never flattens that), where
  // group_concat(... ORDER BY) would need SQLite 3.44.
  body: "ltrim(coalesce(description, '') || coalesce(' · ' || (select group_concat(text, ' · ') from (select text from task_steps where task_id = tasks.id order by position)), ''), ' ·')",
  parts: [{ table: "task_steps", key: "task_id", columns: ["text", "position"] }],
  date: "due_date",
  status: "status",
  recency: "updated_at",
  present: (doc) => ({ url: `/app/tarefas?task=${doc.itemId}` }),
};
