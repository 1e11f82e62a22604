import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import { useApiForm } from "~/components/ui/use-api-form";
import { EmptyState } from "~/components/ui/empty-state";
import { apiFetch } from "~/lib/api";
import { useMoney } from "../money";
import type { CategoryOption } from "../types";
import { useStoredAmount } from "./use-stored-amount";

export type BudgetView = { id: string; category: string; limitCents: number; spentCents: number; remainingCents: number; percent: number; status: "ok" | "warning" | "exceeded" };

const barTone = { ok: "bg-emerald-500", warning: "bg-amber-500", exceeded: "bg-rose-600" } as const;

/** Budgets per category with the month's progress; creating and changing them is a Light feature. */
export function BudgetsPanel({
  budgets,
  advanced,
  categories,
  categoryName,
  onSaved,
  onDelete,
  beforeCreate,
  basis,
}: {
  budgets: BudgetView[];
  advanced: boolean;
  categories: CategoryOption[];
  categoryName: (id: string) => string;
  onSaved: () => void;
  onDelete: (budget: BudgetView) => void;
  /** Which days "spent" counts, for a month not over (the summary's cards count the same). */
  basis?: string;
  /** Awaited before a budget is created: sends a pending delete of the category's old budget. */
  beforeCreate?: (category: string) => Promise<void>;
}) {
  const { t } = useTranslation("finances");
  const money = useMoney();
  const free = categories.filter((c) => !budgets.some((b) => b.category === c.id));
  return (
    // No role of its own: the tab kit's panel around it is the tabpanel (one, not two nested).
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t("budgets.title")}</h2>
      {basis && (
        <p className="text-sm text-slate-600" data-testid="budget-basis">
          {basis}
        </p>
      )}
      {!advanced && <PremiumNotice entitlement="finances.advanced" />}
      {budgets.length === 0 ? (
        <EmptyState title={t("budgets.emptyTitle")} text={t("budgets.emptyText")} headingLevel={3} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="budget-list">
          {budgets.map((budget) => (
            <li key={budget.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex items-baseline justify-between gap-2">
                {/* A category named in one long word wraps rather than push the amounts off a phone. */}
                <h3 dir="auto" className="min-w-0 font-semibold wrap-anywhere">
                  {categoryName(budget.category)}
                </h3>
                <span className="text-sm text-slate-600">{t("budgets.progress", { spent: money(budget.spentCents), limit: money(budget.limitCents) })}</span>
              </div>
              <div
                className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.min(100, budget.percent)}
                aria-label={categoryName(budget.category)}
              >
                <div className={`h-full ${barTone[budget.status]}`} style={{ width: `${Math.min(100, budget.percent)}%` }} />
              </div>
              <div className="mt-2 flex items-center justify-between gap-2 text-sm">
                <span className={budget.remainingCents < 0 ? "text-rose-700" : "text-slate-600"}>
                  {budget.remainingCents < 0 ? t("budgets.over", { amount: money(-budget.remainingCents) }) : t("budgets.remaining", { amount: money(budget.remainingCents) })}
                </span>
                <span className="flex gap-1">
                  {advanced && <EditLimit budget={budget} onSaved={onSaved} />}
                  <Button variant="ghost" className="text-rose-700" onClick={() => onDelete(budget)} aria-label={t("actions.delete", { name: categoryName(budget.category) })}>
                    ✕
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {advanced && free.length > 0 && <NewBudget categories={free} onSaved={onSaved} beforeCreate={beforeCreate} />}
    </div>
  );
}

function EditLimit({ budget, onSaved }: { budget: BudgetView; onSaved: () => void }) {
  const { t } = useTranslation("finances");
  const [open, setOpen] = useState(false);
  // The box follows the limit changed elsewhere until the person types in it.
  const limit = useStoredAmount(budget.limitCents);
  // Closed by "Cancelar" or Escape, the focus goes back to "Alterar limite" rather than to <body>.
  const opener = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [open]);
  const form = useApiForm({
    fields: ["limitCents"],
    fallback: t("form.error"),
    onSuccess: () => {
      setOpen(false);
      limit.settle();
      onSaved();
    },
  });
  const amounts = useUnreadableAmounts();
  // Nothing typed is kept: opened again, the box shows the stored limit.
  const cancel = () => {
    limit.reset();
    form.reset();
    refocus.current = true;
    setOpen(false);
  };
  if (!open) {
    return (
      <Button ref={opener} variant="ghost" onClick={() => setOpen(true)}>
        {t("budgets.editLimit")}
      </Button>
    );
  }
  return (
    <form
      className="flex items-end gap-2"
      onInput={limit.touch}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Only this form closes, not a dialog or drawer around the screen.
        event.preventDefault();
        event.stopPropagation();
        cancel();
      }}
      onSubmit={form.submit(() =>
        amounts.refused() ? null : limit.value === null ? form.fail(null, { limitCents: t("validation.limit") }) : apiFetch(`/budgets/${budget.id}`, { method: "PATCH", body: { limitCents: limit.value } }),
      )}
    >
      <MoneyInput label={t("budgets.limit")} hideLabel valueCents={limit.value} onChangeCents={limit.change} onUnreadable={amounts.watch("limitCents")} error={form.errors.limitCents} className="w-32" />
      <Button type="submit" loading={form.pending}>
        {t("form.save")}
      </Button>
      <Button variant="ghost" onClick={cancel}>
        {t("form.cancel")}
      </Button>
    </form>
  );
}

function NewBudget({ categories, onSaved, beforeCreate }: { categories: CategoryOption[]; onSaved: () => void; beforeCreate?: (category: string) => Promise<void> }) {
  const { t } = useTranslation("finances");
  const [category, setCategory] = useState(categories[0]?.id ?? "");
  // A budget just added takes its category out of the list: the choice then falls back to the
  // first one still offered, the one the select shows, or the form would send a taken category.
  const chosen = categories.some((c) => c.id === category) ? category : (categories[0]?.id ?? "");
  const [limit, setLimit] = useState<number | null>(null);
  const amounts = useUnreadableAmounts();
  const form = useApiForm({
    fields: ["category", "limitCents"],
    fallback: t("form.error"),
    onSuccess: () => {
      setLimit(null);
      onSaved();
    },
  });
  return (
    <form
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
      aria-label={t("budgets.add")}
      onSubmit={form.submit(async () => {
        if (amounts.refused()) return null;
        if (limit === null) return form.fail(null, { limitCents: t("validation.limit") });
        await beforeCreate?.(chosen);
        return apiFetch("/budgets", { body: { category: chosen, limitCents: limit } });
      })}
    >
      <Select id="budget-category" label={t("budgets.category")} value={chosen} onChange={(e) => setCategory(e.target.value)} error={form.errors.category} options={categories.map((c) => ({ value: c.id, label: c.name }))} />
      <MoneyInput id="budget-limit" label={t("budgets.limit")} valueCents={limit} onChangeCents={setLimit} onUnreadable={amounts.watch("limitCents")} error={form.errors.limitCents} />
      <div className="flex items-end">
        <Button type="submit" loading={form.pending}>
          {t("budgets.add")}
        </Button>
      </div>
      {form.message && (
        <div className="sm:col-span-3">
          <Notice tone="error">{form.message}</Notice>
        </div>
      )}
    </form>
  );
}

