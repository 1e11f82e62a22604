import { DEFAULT_CATEGORY_KEYS, isDefaultCategory } from "~/modules/finances/categories";
import { translator } from "../../lib/translate";
import type { SearchSource } from "../../search/sources";

const defaults = DEFAULT_CATEGORY_KEYS.map((key) => `'${key}'`).join(", ");

/**
 * Transactions in the global search: the description (the category without one), and a category
 * the user named (the default ones are keys, not words the user would type); the amount signed (an expense is negative), which
 * the dialog masks under 'Ocultar valores'. Opens the transaction.
 */
export const transactionSearch: SearchSource = {
  type: "transaction",
  table: "transactions",
  title: "case when description <> '' then description else category end",
  body: `case when category in (${defaults}) then '' else category end`,
  date: "date",
  amountCents: "case when type = 'expense' then -amount_cents else amount_cents end",
  recency: "unixepoch(date) * 1000",
  present: (doc, language) => ({
    url: `/app/financas?edit=${doc.itemId}`,
    // A transaction without a description shows its category (its label for a default one), as the list does.
    ...(isDefaultCategory(doc.title) ? { title: translator(language)(`finances:categories.${doc.title}`) } : {}),
    description: doc.date ?? "",
  }),
};
