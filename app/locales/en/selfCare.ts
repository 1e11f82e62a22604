import type ptSelfCare from "../pt/selfCare";
import type { Catalog } from "../types";

export default {
  name: "Self-care",
} satisfies Catalog<typeof ptSelfCare>;
