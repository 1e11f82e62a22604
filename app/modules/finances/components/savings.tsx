import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import { useApiForm } from "~/components/ui/use-api-form";
import { EmptyState } from "~/components/ui/empty-state";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { formatLongDate } from "~/lib/dates";
import { useMoney } from "../money";
import { useStoredAmount } from "./use-stored-amount";

export type SavingsGoalView = {
  id: string;
  title: string;
  targetCents: number;
  savedCents: number;
  deadline: string | null;
  percent: number;
  remainingCents: number;
  monthsLeft: number | null;
  monthlyNeededCents: number | null;
};

/** Savings goals: progress, and what to put aside each month to make the deadline. */
export function SavingsPanel({ goals, today, advanced, onSaved, onDelete }: { goals: SavingsGoalView[]; today: string; advanced: boolean; onSaved: () => void; onDelete: (id: string) => void }) {
  const { t, i18n } = useTranslation("finances");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const money = useMoney();
  const pace = (goal: SavingsGoalView) => {
    if (goal.remainingCents === 0) return t("savings.reached");
    if (!goal.deadline) return t("savings.noDeadline");
    if (goal.monthsLeft === 0 && goal.deadline < today) return t("savings.overdue", { amount: money(goal.remainingCents) });
    return t("savings.monthly", { amount: money(goal.monthlyNeededCents ?? 0), date: formatLongDate(new Date(`${goal.deadline}T12:00:00`), language) });
  };
  return (
    // No role of its own: the tab kit's panel around it is the tabpanel (one, not two nested).
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t("savings.title")}</h2>
      {!advanced && <PremiumNotice entitlement="finances.advanced" />}
      {goals.length === 0 ? (
        <EmptyState title={t("savings.emptyTitle")} text={t("savings.emptyText")} headingLevel={3} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="savings-list">
          {goals.map((goal) => (
            <li key={goal.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <div className="flex items-baseline justify-between gap-2">
                {/* A title in one long word wraps rather than push the amounts off a phone. */}
                <h3 dir="auto" className="min-w-0 font-semibold wrap-anywhere">
                  {goal.title}
                </h3>
                <span className="text-sm text-slate-600">{t("savings.progress", { saved: money(goal.savedCents), target: money(goal.targetCents) })}</span>
              </div>
              <div className="mt-2 h-3 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={goal.percent} aria-label={goal.title}>
                <div className="h-full bg-brand-600" style={{ width: `${goal.percent}%` }} />
              </div>
              <p className="mt-2 text-sm text-slate-600">{pace(goal)}</p>
              <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
                {advanced ? <UpdateSaved goal={goal} onSaved={onSaved} /> : <span />}
                <Button variant="ghost" className="text-rose-700" onClick={() => onDelete(goal.id)} aria-label={t("actions.delete", { name: goal.title })}>
                  ✕
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {advanced && <NewGoal onSaved={onSaved} />}
    </div>
  );
}

function UpdateSaved({ goal, onSaved }: { goal: SavingsGoalView; onSaved: () => void }) {
  const { t } = useTranslation("finances");
  // The box follows the saved amount changed elsewhere until the person types in it.
  const saved = useStoredAmount(goal.savedCents);
  const form = useApiForm({
    fields: ["savedCents"],
    fallback: t("form.error"),
    onSuccess: () => {
      saved.settle();
      onSaved();
    },
  });
  const amounts = useUnreadableAmounts();
  return (
    <form
      className="flex items-end gap-2"
      onInput={saved.touch}
      onSubmit={form.submit(() => (amounts.refused() ? null : apiFetch(`/savings-goals/${goal.id}`, { method: "PATCH", body: { savedCents: saved.value ?? 0 } })))}
    >
      <MoneyInput id={`saved-${goal.id}`} label={t("savings.update")} valueCents={saved.value} onChangeCents={saved.change} onUnreadable={amounts.watch("savedCents")} error={form.errors.savedCents} className="w-40" />
      <Button type="submit" variant="secondary" loading={form.pending}>
        {t("form.save")}
      </Button>
    </form>
  );
}

function NewGoal({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation("finances");
  const [title, setTitle] = useState("");
  const [target, setTarget] = useState<number | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [deadline, setDeadline] = useState("");
  const form = useApiForm({
    fields: ["title", "targetCents", "savedCents", "deadline"],
    fallback: t("form.error"),
    onSuccess: () => {
      setTitle("");
      setTarget(null);
      setSaved(null);
      setDeadline("");
      onSaved();
    },
  });
  const amounts = useUnreadableAmounts();
  return (
    <form
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      aria-label={t("savings.add")}
      onSubmit={form.submit(() =>
        amounts.refused()
          ? null
          : target === null
            ? form.fail(null, { targetCents: t("validation.target") })
            : apiFetch("/savings-goals", { body: { title, targetCents: target, savedCents: saved ?? 0, deadline: deadline || null } }),
      )}
    >
      <TextField id="goal-title" label={t("savings.name")} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} error={form.errors.title} />
      <MoneyInput id="goal-target" label={t("savings.target")} valueCents={target} onChangeCents={setTarget} onUnreadable={amounts.watch("targetCents")} error={form.errors.targetCents} />
      <MoneyInput id="goal-saved" label={t("savings.saved")} valueCents={saved} onChangeCents={setSaved} onUnreadable={amounts.watch("savedCents")} error={form.errors.savedCents} optional />
      <DateField id="goal-deadline" label={t("savings.deadline")} value={deadline} onChange={setDeadline} error={form.errors.deadline} optional />
      <div className="flex items-end">
        <Button type="submit" loading={form.pending}>
          {t("savings.add")}
        </Button>
      </div>
      {form.message && (
        <div className="sm:col-span-2 lg:col-span-5">
          <Notice tone="error">{form.message}</Notice>
        </div>
      )}
    </form>
  );
}
