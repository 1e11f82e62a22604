import type ptLegal from "../pt/legal";
import type { Catalog } from "../types";

export default {
  updated: "Last updated:",
  nav: "Legal documents",
  privacy: "Privacy",
  terms: "Terms",
  legalCenter: "Legal centre",
} satisfies Catalog<typeof ptLegal>;
