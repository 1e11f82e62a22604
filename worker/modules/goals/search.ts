import type { SearchSource } from "../../search/sources";

/** Goals in the global search: title and description, the deadline as date; opens the goal. */
export const goalSearch: SearchSource = {
  type: "goal",
  table: "goals",
  title: "title",
  body: "description",
  date: "deadline",
  status: "status",
  recency: "updated_at",
  present: (doc) => ({ url: `/app/objetivos?goal=${doc.itemId}` }),
};
