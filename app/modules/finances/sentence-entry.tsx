/**
 * "Adicionar por frase": the user types "café 2,50" or "gastei 45,90 no Continente ontem", the
 * API reads it into a draft (POST /transactions/parse), and the draft is shown as a small form to
 * confirm or fix before it is saved with POST /transactions. Nothing is saved from the sentence alone.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { MoneyInput } from "~/components/ui/money-input";
import { useApiForm } from "~/components/ui/use-api-form";
import { screenToast } from "~/components/shell/toast-store";
import { apiFetch } from "~/lib/api";
import { categoryOptions } from "./io-client";

export type Draft = { type: "income" | "expense"; amountCents: number; description: string; date: string; category: string };

export function SentenceEntry({ ownCategories = [], onSaved }: { ownCategories?: readonly { id: string; name: string }[]; onSaved?: (id: string) => void }) {
  const { t, i18n } = useTranslation("financesIo");
  const [text, setText] = useState("");
  const [draft, setDraft] = useState<Draft | null>(null);

  const reader = useApiForm<{ draft: Draft }>({ fields: ["text"], fallback: t("parse.error"), onSuccess: (data) => setDraft(data.draft) });
  const saver = useApiForm<{ id: string }>({
    fields: ["type", "amountCents", "description", "date", "category"],
    fallback: t("parse.saveError"),
    onSuccess: (data) => {
      screenToast(t("parse.saved"), undefined, "success");
      setDraft(null);
      setText("");
      onSaved?.(data?.id);
    },
  });
  const update = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));

  return (
    <section aria-labelledby="sentence-entry-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={reader.submit(() => apiFetch("/transactions/parse", { body: { text } }))}>
        <TextField
          id="sentence-entry"
          className="flex-1"
          label={<span id="sentence-entry-title">{t("parse.label")}</span>}
          placeholder={t("parse.placeholder")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={500}
          autoComplete="off"
          error={reader.errors.text ? `${reader.message ?? t("parse.error")}. ${reader.errors.text}` : undefined}
        />
        <Button type="submit" loading={reader.pending} disabled={!text.trim()}>
          {reader.pending ? t("parse.reading") : t("parse.submit")}
        </Button>
      </form>
      {reader.message && !reader.errors.text && (
        <div className="mt-2">
          <Notice tone="error">{reader.message}</Notice>
        </div>
      )}

      {draft && (
        <form
          aria-label={t("parse.draftTitle")}
          className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2"
          onSubmit={saver.submit(() => apiFetch<{ id: string }>("/transactions", { body: draft }))}
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
          <MoneyInput label={t("fields.amount")} valueCents={draft.amountCents} onChangeCents={(cents) => update({ amountCents: cents ?? 0 })} error={saver.errors.amountCents} required />
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
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="ghost" onClick={() => setDraft(null)} disabled={saver.pending}>
              {t("parse.discard")}
            </Button>
            <Button type="submit" loading={saver.pending}>
              {saver.pending ? t("parse.saving") : t("parse.confirm")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
