import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { FormActions } from "~/components/ui/form-actions";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { editedFields } from "~/lib/edited-fields";
import { categoriesOfType, categoryAfterTypeChange } from "../categories";
import type { CategoryOption, TransactionView } from "../types";

type Draft = { type: "income" | "expense"; amountCents: number | null; description: string; date: string; category: string };

/**
 * Adds or edits a transaction (a dialog: Escape or a click outside cancels, asking first when
 * something changed). What was typed stays when the API refuses it; its field messages show next
 * to the fields.
 */
export function TransactionForm({
  open,
  editing,
  today,
  categories,
  onClose,
  onSaved,
  onCategoryCreated,
}: {
  open: boolean;
  editing: TransactionView | null;
  today: string;
  categories: CategoryOption[];
  onClose: () => void;
  onSaved: () => void;
  onCategoryCreated: (category: CategoryOption) => void;
}) {
  const { t } = useTranslation("finances");
  const initial = (): Draft =>
    editing
      ? { type: editing.type, amountCents: editing.amountCents, description: editing.description, date: editing.date, category: editing.category }
      : { type: "expense", amountCents: null, description: "", date: today, category: "groceries" };
  const [draft, setDraft] = useState<Draft>(initial);
  // The draft the form opened with: an edit sends only what differs from it.
  const [opened, setOpened] = useState<Draft>(initial);
  const [openedFor, setOpenedFor] = useState<string | null | undefined>(undefined);
  // A new opening (another transaction, or a new one) starts from that item, not the last draft.
  const key = open ? (editing?.id ?? "new") : undefined;
  if (key !== openedFor) {
    setOpenedFor(key);
    if (open) {
      setDraft(initial());
      setOpened(initial());
    }
  }
  const form = useApiForm({ fields: ["type", "amountCents", "description", "date", "category"], fallback: t("form.error"), onSuccess: onSaved });
  const queuedNotice = useQueuedWriteNotice();
  const amounts = useUnreadableAmounts();
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const { close, question } = useDiscardChanges(JSON.stringify(draft) !== JSON.stringify(opened), onClose);
  const fitting = categoriesOfType(categories, draft.type);
  const setType = (type: Draft["type"]) =>
    setDraft((d) => ({ ...d, type, category: categoryAfterTypeChange(categories, d.category, type, type === "income" ? "salary" : "groceries") }));

  const submit = form.submit(() => {
    if (amounts.refused()) return null;
    if (draft.amountCents === null) return form.fail(null, { amountCents: t("validation.amount") });
    const body = { ...draft, amountCents: draft.amountCents };
    const changes = editing ? editedFields<Draft>(body, opened, [["type", "category"]]) : body;
    if (Object.keys(changes).length === 0) {
      onClose();
      return null;
    }
    // A new transaction, or an edit, made offline is queued and shown at once in the screen (QueuedChanges).
    const label = body.description || t(`types.${body.type}`);
    const write = editing
      ? writeOrQueue({ kind: "transaction.update", method: "PATCH", path: `/transactions/${editing.id}`, body: changes, label })
      : writeOrQueue({ kind: "transaction.create", method: "POST", path: "/transactions", body, label });
    return write.then((result) => {
      if (!isQueued(result)) return result;
      queuedNotice(result);
      if (result.queued) onClose();
      return null;
    });
  });

  return (
    <Dialog open={open} onClose={() => !form.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[95vh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:max-w-md sm:rounded-2xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{editing ? t("form.editTitle") : t("form.newTitle")}</DialogTitle>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate data-testid="transaction-form">
            <Select
              label={t("form.type")}
              value={draft.type}
              onChange={(e) => setType(e.target.value as Draft["type"])}
              error={form.errors.type}
              options={[
                { value: "expense", label: t("types.expense") },
                { value: "income", label: t("types.income") },
              ]}
            />
            <MoneyInput id="transaction-amount" label={t("form.amount")} valueCents={draft.amountCents} onChangeCents={(cents) => set("amountCents", cents)} onUnreadable={amounts.watch("amountCents")} error={form.errors.amountCents} required />
            <TextField id="transaction-description" label={t("form.description")} hint={t("form.descriptionHint")} value={draft.description} maxLength={200} onChange={(e) => set("description", e.target.value)} error={form.errors.description} />
            <DateField id="transaction-date" label={t("form.date")} value={draft.date} onChange={(value) => set("date", value)} error={form.errors.date} required />
            <Select id="transaction-category" label={t("form.category")} value={draft.category} onChange={(e) => set("category", e.target.value)} error={form.errors.category} options={fitting.map((c) => ({ value: c.id, label: c.name }))} />
            <NewCategory
              type={draft.type}
              onCreated={(category) => {
                onCategoryCreated(category);
                set("category", category.id);
              }}
            />
            {form.message && <Notice tone="error">{form.message}</Notice>}
            <FormActions className="pt-2" cancelLabel={t("form.cancel")} submitLabel={t("form.save")} onCancel={close} pending={form.pending} />
          </form>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}

/** One of the user's own categories, created from the form (for this transaction's type). */
function NewCategory({ type, onCreated }: { type: Draft["type"]; onCreated: (category: CategoryOption) => void }) {
  const { t } = useTranslation("finances");
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const form = useApiForm<{ category: CategoryOption }>({
    fields: ["name"],
    fallback: t("form.error"),
    onSuccess: (data) => {
      setName("");
      setOpen(false);
      onCreated(data.category);
    },
  });
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)}>
        + {t("form.newCategory")}
      </Button>
    );
  }
  const create = form.submit(() => apiFetch<{ category: CategoryOption }>("/finances/categories", { body: { name, type } }));
  return (
    <div className="flex items-end gap-2">
      <TextField
        id="new-category"
        label={t("form.newCategoryName")}
        value={name}
        maxLength={40}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          // Enter creates the category, not the transaction around it.
          if (e.key === "Enter") {
            e.preventDefault();
            void create();
          }
        }}
        error={form.errors.name}
        className="flex-1"
      />
      <Button variant="secondary" loading={form.pending} onClick={() => void create()}>
        {t("form.addCategory")}
      </Button>
    </div>
  );
}
