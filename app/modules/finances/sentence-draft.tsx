/**
 * The draft that "Adicionar por frase" read from a sentence, as a small form to confirm or fix
 * before it is saved with POST /transactions. Loaded once there is a draft to show (or when the
 * user starts typing), not with the page (bundle budgets, decision 0049).
 *
 * Saved as the transaction form saves a new one: with an Idempotency-Key, and queued on this device
 * when no answer comes, so a lost answer and a second "Guardar" cannot make two transactions.
 */
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/ui/date-picker";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { FormActions } from "~/components/ui/form-actions";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import { useQueuedWriteNotice } from "~/components/offline/use-queued-write";
import { useApiForm } from "~/components/ui/use-api-form";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { categoryOptions } from "./io-client";
import type { Draft } from "./sentence-entry";

export function SentenceDraft({
  draft,
  ownCategories,
  onChange,
  onDiscard,
  onSaved,
}: {
  draft: Draft;
  ownCategories: readonly { id: string; name: string }[];
  onChange: (change: Partial<Draft>) => void;
  onDiscard: () => void;
  onSaved: (id: string) => void;
}) {
  const { t, i18n } = useTranslation("financesIo");
  const saver = useApiForm<{ transaction: { id: string } }>({
    fields: ["type", "amountCents", "description", "date", "category"],
    fallback: t("parse.saveError"),
    onSuccess: (data) => onSaved(data.transaction.id),
  });
  const update = onChange;
  const amounts = useUnreadableAmounts();
  const queuedNotice = useQueuedWriteNotice();
  const save = () => {
    if (amounts.refused()) return null;
    return writeOrQueue<{ transaction: { id: string } }>({ kind: "transaction.create", method: "POST", path: "/transactions", body: draft, label: draft.description || t(`fields.${draft.type}`) }).then((result) => {
      if (!isQueued(result)) return result;
      queuedNotice(result);
      // Kept on this device (the screen lists it with the changes waiting): the draft is done. Not
      // kept: the draft stays, to try again.
      if (result.queued) onDiscard();
      return null;
    });
  };
  return (
    <form
      aria-label={t("parse.draftTitle")}
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2"
      onSubmit={saver.submit(save)}
    >
      <h3 className="text-sm font-semibold text-slate-900 sm:col-span-2">{t("parse.draftTitle")}</h3>
      <Select
        label={t("fields.type")}
        value={draft.type}
        onChange={(e) => update({ type: e.target.value as Draft["type"] })}
        options={[
          { value: "expense", label: t("fields.expense") },
          { value: "income", label: t("fields.income") },
        ]}
        error={saver.errors.type}
      />
      <MoneyInput label={t("fields.amount")} valueCents={draft.amountCents} onChangeCents={(cents) => update({ amountCents: cents ?? 0 })} onUnreadable={amounts.watch("amountCents")} error={saver.errors.amountCents} required />
      <TextField label={t("fields.description")} value={draft.description} onChange={(e) => update({ description: e.target.value })} maxLength={200} error={saver.errors.description} />
      <DateField label={t("fields.date")} value={draft.date} onChange={(date) => update({ date: date || draft.date })} error={saver.errors.date} />
      <Select
        className="sm:col-span-2"
        label={t("fields.category")}
        value={draft.category}
        onChange={(e) => update({ category: e.target.value })}
        options={categoryOptions((key) => i18n.t(`finances:categories.${key}` as never), ownCategories)}
        error={saver.errors.category}
      />
      {saver.message && (
        <div className="sm:col-span-2">
          <Notice tone="error">{saver.message}</Notice>
        </div>
      )}
      <FormActions
        className="sm:col-span-2"
        cancelVariant="ghost"
        cancelLabel={t("parse.discard")}
        submitLabel={saver.pending ? t("parse.saving") : t("parse.confirm")}
        onCancel={onDiscard}
        pending={saver.pending}
      />
    </form>
  );
}
