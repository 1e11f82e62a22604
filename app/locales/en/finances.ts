import type ptFinances from "../pt/finances";
import type { Catalog } from "../types";

export default {
  name: "Finances",
} satisfies Catalog<typeof ptFinances>;
