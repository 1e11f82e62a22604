import type ptPublic from "../pt/public";
import type { Catalog } from "../types";

export default {
  footer: {
    label: "Footer",
    product: "Product",
    legal: "Legal",
    pricing: "Pricing",
    premium: "Premium",
    blog: "Blog",
    about: "About",
    privacy: "Privacy",
    terms: "Terms",
    legalCenter: "Legal centre",
    contact: "Contact: <mail>{{email}}</mail>",
    madeIn: "Made in Portugal.",
  },
} satisfies Catalog<typeof ptPublic>;
