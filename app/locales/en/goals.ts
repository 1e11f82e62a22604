import type ptGoals from "../pt/goals";
import type { Catalog } from "../types";

export default {
  name: "Goals",
} satisfies Catalog<typeof ptGoals>;
