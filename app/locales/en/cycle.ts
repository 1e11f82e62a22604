import type ptCycle from "../pt/cycle";
import type { Catalog } from "../types";

export default {
  name: "Menstrual cycle",
} satisfies Catalog<typeof ptCycle>;
