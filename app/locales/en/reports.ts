import type ptReports from "../pt/reports";
import type { Catalog } from "../types";

export default {
  name: "Weekly reports",
} satisfies Catalog<typeof ptReports>;
