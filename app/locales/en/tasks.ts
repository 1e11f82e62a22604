import type ptTasks from "../pt/tasks";
import type { Catalog } from "../types";

export default {
  name: "Tasks",
} satisfies Catalog<typeof ptTasks>;
