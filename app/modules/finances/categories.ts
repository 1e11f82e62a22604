/**
 * The default finance categories: English keys stored in `transactions.category`, labels in the
 * `finances` catalogue (`categories.<key>`, pt and en). The user's own categories sit beside them
 * (finance_categories rows, referenced by id). Browser-safe: the screen and the Worker share it.
 */
export type CategoryKind = "income" | "expense" | "both";

export const DEFAULT_CATEGORIES = [
  { key: "groceries", type: "expense" },
  { key: "restaurants", type: "expense" },
  { key: "transport", type: "expense" },
  { key: "home", type: "expense" },
  { key: "health", type: "expense" },
  { key: "leisure", type: "expense" },
  { key: "shopping", type: "expense" },
  { key: "education", type: "expense" },
  { key: "subscriptions", type: "expense" },
  { key: "salary", type: "income" },
  { key: "refunds", type: "income" },
  { key: "other", type: "both" },
] as const satisfies readonly { key: string; type: CategoryKind }[];

export type DefaultCategoryKey = (typeof DEFAULT_CATEGORIES)[number]["key"];

export const DEFAULT_CATEGORY_KEYS: readonly string[] = DEFAULT_CATEGORIES.map((c) => c.key);

export const isDefaultCategory = (category: string): category is DefaultCategoryKey => DEFAULT_CATEGORY_KEYS.includes(category);

/** The categories a transaction of `type` can be filed under (the form's and the recurring dialog's choice). */
export const categoriesOfType = <C extends { type: CategoryKind }>(categories: readonly C[], type: "income" | "expense") =>
  categories.filter((c) => c.type === "both" || c.type === type);

/** The category after the type changes to `type`: the chosen one if it fits, else `fallback` (a default of that type). */
export const categoryAfterTypeChange = (categories: readonly { id: string; type: CategoryKind }[], chosen: string, type: "income" | "expense", fallback: string) =>
  categoriesOfType(categories, type).some((c) => c.id === chosen) ? chosen : fallback;
