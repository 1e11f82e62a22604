/**
 * The finances screen's Transações tab: filters (with the date pickers) and the list by day with
 * running balances and "load more". Loaded with the tab (React.lazy), not with the overview
 * (bundle budgets, decision 0049).
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { EmptyState } from "~/components/ui/empty-state";
import { Select, TextField } from "~/components/ui/field";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { useOfflineSnapshot } from "~/lib/offline/state";
import { pendingFields } from "~/lib/offline/pending-fields";
import { formatLongDate } from "~/lib/dates";
import type { TransactionFilters } from "@worker/modules/finances/queries";
import { Money } from "../money";
import type { CategoryOption, TransactionView } from "../types";

export function Filters({ initial, categories, onApply }: { initial: TransactionFilters; categories: CategoryOption[]; onApply: (query: string) => void }) {
  const { t } = useTranslation("finances");
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");
  const [type, setType] = useState(initial.type ?? "");
  const [category, setCategory] = useState(initial.category ?? "");
  const [q, setQ] = useState(initial.q ?? "");
  const apply = (values: Record<string, string>) => {
    const query = new URLSearchParams({ tab: "transactions" });
    for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
    onApply(query.toString());
  };
  return (
    <form
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      aria-label={t("filters.title")}
      data-testid="finance-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ from, to, type, category, q });
      }}
    >
      <DateField id="filter-from" label={t("filters.from")} value={from} onChange={setFrom} />
      <DateField id="filter-to" label={t("filters.to")} value={to} onChange={setTo} />
      <Select
        id="filter-type"
        label={t("filters.type")}
        value={type}
        onChange={(e) => setType(e.target.value as typeof type)}
        options={[
          { value: "", label: t("filters.allTypes") },
          { value: "expense", label: t("types.expense") },
          { value: "income", label: t("types.income") },
        ]}
      />
      <Select id="filter-category" label={t("filters.category")} value={category} onChange={(e) => setCategory(e.target.value)} options={[{ value: "", label: t("filters.allCategories") }, ...categories.map((c) => ({ value: c.id, label: c.name }))]} />
      <TextField id="filter-q" label={t("filters.text")} value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} type="search" />
      <div className="flex items-end gap-2">
        <Button type="submit">{t("filters.apply")}</Button>
        <Button variant="ghost" onClick={() => apply({})}>
          {t("filters.clear")}
        </Button>
      </div>
    </form>
  );
}

/**
 * The listed rows by day, newest first, with each day's net total. While more rows are still to
 * load, the last day may go on on the next page: its total would count only the rows shown (while
 * the balance beside it counts the whole day), so it is `complete: false` and not shown.
 */
export function transactionDays(rows: readonly TransactionView[], more: boolean) {
  const groups: { date: string; rows: TransactionView[]; totalCents: number; complete: boolean }[] = [];
  for (const row of rows) {
    const signed = row.type === "expense" ? -row.amountCents : row.amountCents;
    const last = groups[groups.length - 1];
    if (last && last.date === row.date) {
      last.rows.push(row);
      last.totalCents += signed;
    } else groups.push({ date: row.date, rows: [row], totalCents: signed, complete: true });
  }
  if (more && groups.length) groups[groups.length - 1].complete = false;
  return groups;
}

/** What an edit kept offline may change of how a row is drawn. */
const SHOWN_FIELDS = ["type", "amountCents", "description", "date", "category"] as const;

export function TransactionList({
  first,
  nextCursor,
  balances,
  filters,
  removed,
  categoryName,
  onEdit,
  onDelete,
  onAdd,
  anyAtAll,
}: {
  first: TransactionView[];
  nextCursor: string | null;
  balances: Record<string, number>;
  filters: TransactionFilters;
  removed: Set<string>;
  categoryName: (id: string) => string;
  onEdit: (row: TransactionView) => void;
  onDelete: (row: TransactionView) => void;
  onAdd: () => void;
  anyAtAll: boolean;
}) {
  const { t, i18n } = useTranslation("finances");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const [more, setMore] = useState<{ items: TransactionView[]; cursor: string | null }>({ items: [], cursor: nextCursor });
  const [loading, setLoading] = useState(false);
  useEffect(() => setMore({ items: [], cursor: nextCursor }), [first, nextCursor]);
  const loadMore = async () => {
    if (!more.cursor) return;
    setLoading(true);
    const query = new URLSearchParams({ cursor: more.cursor });
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
    const result = await apiFetch<{ items: TransactionView[]; nextCursor: string | null }>(`/transactions?${query}`);
    setLoading(false);
    if (result.ok) setMore((m) => ({ items: [...m.items, ...result.data.items], cursor: result.data.nextCursor }));
    else toast({ title: { key: "finances:list.loadFailed" }, tone: "error" });
  };
  // Edits made offline, shown on their rows until they are sent (the list's balances are the server's).
  const { changes } = useOfflineSnapshot();
  const rows = [...first, ...more.items].filter((row) => !removed.has(row.id)).map((row) => ({ ...row, ...pendingFields<TransactionView>(changes, `/transactions/${row.id}`, SHOWN_FIELDS) }));
  const days = useMemo(() => transactionDays(rows, more.cursor !== null), [rows, more.cursor]);

  if (!rows.length) {
    return anyAtAll ? (
      <EmptyState title={t("list.noResults")} headingLevel={3} />
    ) : (
      <EmptyState title={t("empty.title")} text={t("empty.text")} action={<Button onClick={onAdd}>{t("actions.add")}</Button>} />
    );
  }
  return (
    <div className="space-y-4" data-testid="transaction-list">
      {days.map((day) => (
        <section key={day.date} className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="transaction-day">
          <header className="flex flex-wrap items-baseline justify-between gap-2 bg-slate-50 px-4 py-2 text-sm">
            <h3 className="font-semibold first-letter:uppercase">{formatLongDate(new Date(`${day.date}T12:00:00`), language)}</h3>
            <span className="flex gap-4 text-slate-600">
              {day.complete && (
                <span>
                  {t("list.dayTotal")}: <Money cents={day.totalCents} signed />
                </span>
              )}
              {balances[day.date] !== undefined && (
                <span>
                  {t("list.balance")}: <Money cents={balances[day.date]} className="font-semibold text-slate-800" />
                </span>
              )}
            </span>
          </header>
          <ul className="divide-y divide-slate-100">
            {day.rows.map((row) => {
              const name = row.description || categoryName(row.category);
              return (
                <li key={row.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="transaction-row">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium" title={name} dir="auto">
                      {name}
                    </span>
                    <span className="block text-xs wrap-anywhere text-slate-500">{categoryName(row.category)}</span>
                  </span>
                  <Money cents={row.type === "expense" ? -row.amountCents : row.amountCents} signed className="font-semibold" />
                  <Button variant="ghost" onClick={() => onEdit(row)} aria-label={t("actions.edit", { name })}>
                    ✎
                  </Button>
                  <Button variant="ghost" onClick={() => onDelete(row)} aria-label={t("actions.delete", { name })} className="text-rose-700">
                    ✕
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {more.cursor && (
        <div className="text-center">
          <Button variant="secondary" loading={loading} onClick={loadMore}>
            {t("list.loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
