import { useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateField } from "~/components/ui/date-picker";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { MoneyInput, useUnreadableAmounts, type UnreadableAmount } from "~/components/ui/money-input";
import { Loading } from "~/components/ui/skeleton";
import { useApiForm } from "~/components/ui/use-api-form";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { formatLongDate } from "~/lib/dates";
import { Money, useMoney } from "../money";
import { monthlyTotals } from "../recurring-totals";
import { categoriesOfType, categoryAfterTypeChange } from "../categories";
import type { CategoryOption, RecurringView } from "../types";

const FREQUENCIES = ["monthly", "weekly", "yearly"] as const;
type Draft = { type: "income" | "expense"; amountCents: number | null; description: string; category: string; frequency: RecurringView["frequency"]; startDate: string; endDate: string };
/** What an edit may change (decision 0116: the type, frequency and first date stay). */
type EditDraft = Pick<Draft, "amountCents" | "description" | "category" | "endDate">;
type FieldErrors = Partial<Record<keyof EditDraft, string>>;

/**
 * The fields the add form and an edit share (amount, description, category, end date), one copy for
 * both: `prefix` keeps their ids apart, `fitting` is the categories of the rule's type.
 */
function ruleFields<D extends EditDraft>(
  prefix: string,
  draft: D,
  set: <K extends keyof EditDraft>(name: K, value: D[K]) => void,
  errors: FieldErrors,
  ctx: { t: TFunction<"finances">; fitting: CategoryOption[]; onUnreadable: (unreadable: UnreadableAmount | null) => void; minEnd?: string },
) {
  const { t, fitting } = ctx;
  return {
    amount: <MoneyInput id={`${prefix}-amount`} label={t("form.amount")} valueCents={draft.amountCents} onChangeCents={(cents) => set("amountCents", cents as D["amountCents"])} onUnreadable={ctx.onUnreadable} error={errors.amountCents} required />,
    description: <TextField id={`${prefix}-description`} label={t("form.description")} value={draft.description} maxLength={200} onChange={(e) => set("description", e.target.value as D["description"])} error={errors.description} />,
    category: <Select id={`${prefix}-category`} label={t("form.category")} value={draft.category} onChange={(e) => set("category", e.target.value as D["category"])} error={errors.category} options={fitting.map((c) => ({ value: c.id, label: c.name }))} />,
    endDate: <DateField id={`${prefix}-end`} label={t("recurring.endDate")} optional value={draft.endDate} min={ctx.minEnd || undefined} onChange={(value) => set("endDate", value as D["endDate"])} error={errors.endDate} />,
  };
}

/** The running ones by their next date, then those that ended, the latest ended first. */
const inOrder = (list: RecurringView[]) =>
  [...list].sort((a, b) =>
    a.nextDate !== null && b.nextDate !== null ? a.nextDate.localeCompare(b.nextDate) : a.nextDate !== null ? -1 : b.nextDate !== null ? 1 : (b.endedOn ?? "").localeCompare(a.endedOn ?? ""),
  );

/**
 * "Movimentos fixos" (decision 0116): the user's recurring transactions with their next date, a form
 * to add one (its first date today unless changed, an optional end date), a skip of the next one
 * (decision 0116 "Revised"; no undo) and a stop that asks first. Those that ended are listed below
 * the running ones with the day they ended. Loaded on first use,
 * not with the finances screen; `onChanged` has the screen read its transactions again (adding one
 * that starts today or earlier writes those transactions at once).
 */
export function RecurringDialog({ open, today, categories, onClose, onChanged }: { open: boolean; today: string; categories: CategoryOption[]; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation("finances");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const [items, setItems] = useState<RecurringView[] | null>(null);
  const [stopping, setStopping] = useState<RecurringView | null>(null);
  const [stopPending, setStopPending] = useState(false);
  const [skipping, setSkipping] = useState<string | null>(null);
  const blank = (): Draft => ({ type: "expense", amountCents: null, description: "", category: "home", frequency: "monthly", startDate: today, endDate: "" });
  const [draft, setDraft] = useState<Draft>(blank);
  const amounts = useUnreadableAmounts();
  const money = useMoney();
  // The rule being edited in its row (one at a time) and what its form holds.
  const [editing, setEditing] = useState<RecurringView | null>(null);
  const [edit, setEdit] = useState<EditDraft>({ amountCents: null, description: "", category: "", endDate: "" });
  const editAmounts = useUnreadableAmounts();
  // Where the focus goes back to when an edit closes: the row's "Editar".
  const returnFocus = useRef<string | null>(null);
  const categoryName = (id: string) => categories.find((c) => c.id === id)?.name ?? t("categories.other");

  const load = async () => {
    const result = await apiFetch<{ items: RecurringView[] }>("/finances/recurring");
    if (result.ok) setItems(inOrder(result.data.items));
    else {
      setItems([]);
      screenToast({ key: "finances:recurring.loadError" }, result.error.message || undefined, "error");
    }
  };
  useEffect(() => {
    if (open) void load();
  }, [open]);

  const form = useApiForm<{ recurringTransaction: RecurringView }>({
    fields: ["type", "amountCents", "description", "category", "frequency", "startDate", "endDate"],
    fallback: t("recurring.saveError"),
    onSuccess: (data) => {
      setItems((list) => inOrder([...(list ?? []), data.recurringTransaction]));
      setDraft(blank());
      screenToast({ key: "finances:recurring.saved" }, undefined, "success");
      onChanged();
    },
  });
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const fitting = categoriesOfType(categories, draft.type);
  const setType = (type: Draft["type"]) =>
    setDraft((d) => ({ ...d, type, category: categoryAfterTypeChange(categories, d.category, type, type === "income" ? "salary" : "home") }));
  const shared = ruleFields("recurring", draft, set, form.errors, { t, fitting, onUnreadable: amounts.watch("amountCents"), minEnd: draft.startDate });
  const totals = monthlyTotals(items ?? []);
  const submit = form.submit(() => {
    if (amounts.refused()) return null;
    if (draft.amountCents === null) return form.fail(null, { amountCents: t("validation.amount") });
    return apiFetch<{ recurringTransaction: RecurringView }>("/finances/recurring", { body: { ...draft, amountCents: draft.amountCents, endDate: draft.endDate || null } });
  });

  const startEdit = (row: RecurringView) => {
    editForm.reset();
    setEdit({ amountCents: row.amountCents, description: row.description, category: row.category, endDate: row.endDate ?? "" });
    setEditing(row);
  };
  /** Closes the edit without saving (Escape, "Cancelar"): the rule stays as it was. */
  const closeEdit = () => {
    if (editing) returnFocus.current = editing.id;
    setEditing(null);
    editForm.reset();
  };
  useEffect(() => {
    if (editing) document.getElementById("recurring-edit-amount")?.focus();
    else if (returnFocus.current) {
      document.getElementById(`recurring-edit-button-${returnFocus.current}`)?.focus();
      returnFocus.current = null;
    }
  }, [editing?.id]);
  const editForm = useApiForm<{ recurringTransaction: RecurringView }>({
    fields: ["amountCents", "description", "category", "endDate"],
    fallback: t("recurring.saveError"),
    onSuccess: (data) => {
      const updated = data.recurringTransaction;
      setItems((list) => inOrder((list ?? []).map((item) => (item.id === updated.id ? updated : item))));
      returnFocus.current = updated.id;
      setEditing(null);
      screenToast({ key: "finances:recurring.edited" }, undefined, "success");
    },
  });
  const setEditField = <K extends keyof EditDraft>(name: K, value: EditDraft[K]) => setEdit((d) => ({ ...d, [name]: value }));
  const saveEdit = editForm.submit(async () => {
    if (!editing || editAmounts.refused()) return null;
    if (edit.amountCents === null) return editForm.fail(null, { amountCents: t("validation.amount") });
    const endDate = edit.endDate || null;
    // The end date only when it changed: setting it moves the rule conditionally (409 if it moved on).
    const body = { amountCents: edit.amountCents, description: edit.description, category: edit.category, ...(endDate !== editing.endDate ? { endDate } : {}) };
    const result = await apiFetch<{ recurringTransaction: RecurringView }>(`/finances/recurring/${editing.id}`, { method: "PATCH", body });
    // Moved on (the nightly run, another tab) or stopped meanwhile: the list shows how it stands now.
    if (!result.ok && (result.status === 409 || result.status === 404)) {
      setEditing(null);
      void load();
      // Our own words: the server's ("open the list again") is what this has just done.
      screenToast({ key: "finances:recurring.editStale" }, undefined, "error");
      return null;
    }
    return result;
  });

  const stop = async (row: RecurringView) => {
    setStopPending(true);
    const result = await apiFetch(`/finances/recurring/${row.id}`, { method: "DELETE" });
    setStopPending(false);
    setStopping(null);
    // Already gone (stopped in another tab) is what the user wanted.
    if (result.ok || result.status === 404) {
      setItems((list) => (list ?? []).filter((item) => item.id !== row.id));
      screenToast({ key: "finances:recurring.stopped" }, undefined, "success");
    } else screenToast({ key: "finances:recurring.stopError" }, result.error.message || undefined, "error");
  };

  /** Skips the next occurrence the user sees; nothing is written for it. */
  const skip = async (row: RecurringView) => {
    if (row.nextDate === null || skipping) return;
    setSkipping(row.id);
    const result = await apiFetch<{ recurringTransaction: RecurringView }>(`/finances/recurring/${row.id}/skip`, { body: { date: row.nextDate } });
    setSkipping(null);
    if (result.ok) {
      const updated = result.data.recurringTransaction;
      setItems((list) => inOrder((list ?? []).map((item) => (item.id === updated.id ? updated : item))));
      const next = updated.nextDate;
      screenToast(next ? { key: "finances:recurring.skipped", values: { date: (lang) => formatLongDate(new Date(`${next}T12:00:00`), lang) } } : { key: "finances:recurring.skippedEnded" }, undefined, "success");
      return;
    }
    // Moved on meanwhile (another tab, the nightly run) or stopped: the list shows how it stands now.
    if (result.status === 409 || result.status === 404) void load();
    screenToast({ key: "finances:recurring.skipError" }, result.error.message || undefined, "error");
  };

  const dateLabel = (date: string) => formatLongDate(new Date(`${date}T12:00:00`), language);
  return (
    <Dialog open={open} onClose={() => (editing ? !editForm.pending && closeEdit() : !form.pending && !stopping && onClose())} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[95vh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:max-w-lg sm:rounded-2xl" data-testid="recurring-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t("recurring.title")}</DialogTitle>
          <p className="mt-1 text-sm text-slate-600">{t("recurring.intro")}</p>
          {items === null ? (
            <div className="mt-4" aria-label={t("recurring.loading")}>
              <Loading lines={2} />
            </div>
          ) : items.length === 0 ? (
            <p className="mt-4 text-sm text-slate-500" data-testid="recurring-empty">
              {t("recurring.empty")}
            </p>
          ) : (
            <>
            <p className="mt-4 text-sm text-slate-700" data-testid="recurring-totals">
              {t("recurring.monthlyTotals", { income: money(totals.incomeCents), expense: money(totals.expenseCents) })}
            </p>
            <ul className="mt-2 divide-y divide-slate-100" data-testid="recurring-list">
              {items.map((row) => {
                const name = row.description || categoryName(row.category);
                if (editing?.id === row.id) {
                  const fields = ruleFields("recurring-edit", edit, setEditField, editForm.errors, { t, fitting: categoriesOfType(categories, row.type), onUnreadable: editAmounts.watch("amountCents"), minEnd: row.startDate });
                  return (
                    <li key={row.id} className="py-3" data-testid="recurring-item">
                      <form onSubmit={saveEdit} className="space-y-3" noValidate data-testid="recurring-edit-form" aria-label={t("recurring.editTitle", { name })} aria-describedby="recurring-edit-fixed">
                        <h3 className="text-sm font-semibold text-slate-700">{t("recurring.editTitle", { name })}</h3>
                        <p className="text-xs text-slate-500" id="recurring-edit-fixed">
                          {t(`types.${row.type}`)} · {t(`recurring.frequencies.${row.frequency}`)} · {t("recurring.since", { date: dateLabel(row.startDate) })}. {t("recurring.editHint")}
                        </p>
                        <div className="grid gap-3 sm:grid-cols-2">
                          {fields.amount}
                          {fields.category}
                        </div>
                        {fields.description}
                        {fields.endDate}
                        {editForm.message && <Notice tone="error">{editForm.message}</Notice>}
                        <div className="flex justify-end gap-2">
                          <Button variant="secondary" onClick={closeEdit} disabled={editForm.pending}>
                            {t("form.cancel")}
                          </Button>
                          <Button type="submit" loading={editForm.pending} data-testid="recurring-edit-save">
                            {t("recurring.editSave")}
                          </Button>
                        </div>
                      </form>
                    </li>
                  );
                }
                return (
                  <li key={row.id} className="flex items-center justify-between gap-3 py-2" data-testid="recurring-item">
                    <span className="min-w-0">
                      <span className="block truncate font-medium" dir="auto">
                        {name}
                      </span>
                      <span className="block text-xs wrap-anywhere text-slate-500">
                        {categoryName(row.category)} · {t(`recurring.frequencies.${row.frequency}`)} ·{" "}
                        {row.nextDate === null ? (
                          <span data-testid="recurring-ended">{t("recurring.ended", { date: dateLabel(row.endedOn ?? row.endDate ?? row.startDate) })}</span>
                        ) : (
                          <>
                            <span data-testid="recurring-next">{t("recurring.next", { date: dateLabel(row.nextDate) })}</span>
                            {row.endDate && ` · ${t("recurring.until", { date: dateLabel(row.endDate) })}`}
                          </>
                        )}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <Money cents={row.type === "expense" ? -row.amountCents : row.amountCents} signed />
                      {row.nextDate !== null && (
                        <Button variant="ghost" className="whitespace-nowrap" aria-label={t("recurring.skipLabel", { name })} loading={skipping === row.id} onClick={() => void skip(row)}>
                          {t("recurring.skip")}
                        </Button>
                      )}
                      <Button variant="ghost" id={`recurring-edit-button-${row.id}`} aria-label={t("recurring.editLabel", { name })} onClick={() => startEdit(row)}>
                        {t("recurring.edit")}
                      </Button>
                      <Button variant="ghost" aria-label={t("recurring.stop", { name })} onClick={() => setStopping(row)}>
                        ✕
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ul>
            </>
          )}

          <form onSubmit={submit} className="mt-5 space-y-3 border-t border-slate-200 pt-4" noValidate data-testid="recurring-form">
            <h3 className="text-sm font-semibold text-slate-700">{t("recurring.newTitle")}</h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                id="recurring-type"
                label={t("form.type")}
                value={draft.type}
                onChange={(e) => setType(e.target.value as Draft["type"])}
                error={form.errors.type}
                options={[
                  { value: "expense", label: t("types.expense") },
                  { value: "income", label: t("types.income") },
                ]}
              />
              {shared.amount}
            </div>
            {shared.description}
            <div className="grid gap-3 sm:grid-cols-2">
              {shared.category}
              <Select
                id="recurring-frequency"
                label={t("recurring.frequency")}
                value={draft.frequency}
                onChange={(e) => set("frequency", e.target.value as Draft["frequency"])}
                error={form.errors.frequency}
                options={FREQUENCIES.map((f) => ({ value: f, label: t(`recurring.frequencies.${f}`) }))}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <DateField id="recurring-start" label={t("recurring.startDate")} value={draft.startDate} onChange={(value) => set("startDate", value)} error={form.errors.startDate} required />
              {shared.endDate}
            </div>
            {form.message && <Notice tone="error">{form.message}</Notice>}
            <div className="flex justify-end gap-2 pt-1">
              <Button variant="secondary" onClick={onClose}>
                {t("recurring.close")}
              </Button>
              <Button type="submit" loading={form.pending} data-testid="recurring-add">
                {t("recurring.add")}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
      <ConfirmDialog
        open={stopping !== null}
        title={t("recurring.stopTitle")}
        confirmLabel={t("recurring.stopConfirm")}
        cancelLabel={t("form.cancel")}
        destructive
        pending={stopPending}
        onConfirm={() => (stopping ? stop(stopping) : undefined)}
        onCancel={() => setStopping(null)}
      />
    </Dialog>
  );
}
