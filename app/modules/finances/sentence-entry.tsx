/**
 * "Adicionar por frase": the user types "café 2,50" or "gastei 45,90 no Continente ontem", the
 * API reads it into a draft (POST /transactions/parse), and the draft is shown as a small form to
 * confirm or fix before it is saved with POST /transactions. Nothing is saved from the sentence alone.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { screenToast } from "~/components/shell/toast-store";
import { apiFetch } from "~/lib/api";

// The draft's form (date picker, money input, category list) arrives when the user starts typing.
const loadDraft = () => import("./sentence-draft");
const SentenceDraft = lazy(() => loadDraft().then((m) => ({ default: m.SentenceDraft })));

export type Draft = { type: "income" | "expense"; amountCents: number; description: string; date: string; category: string };

export function SentenceEntry({ ownCategories = [], onSaved }: { ownCategories?: readonly { id: string; name: string }[]; onSaved?: (id: string) => void }) {
  const { t } = useTranslation("financesIo");
  const { t: tc } = useTranslation();
  const [text, setText] = useState("");
  const [draft, setDraft] = useState<Draft | null>(null);

  const reader = useApiForm<{ draft: Draft }>({ fields: ["text"], fallback: t("parse.error"), onSuccess: (data) => setDraft(data.draft) });

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
          onFocus={() => void loadDraft()}
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
        <Suspense fallback={<p className="mt-4 text-sm text-slate-500">{tc("loading")}</p>}>
          <SentenceDraft
            draft={draft}
            ownCategories={ownCategories}
            onChange={(change) => setDraft((d) => (d ? { ...d, ...change } : d))}
            onDiscard={() => setDraft(null)}
            onSaved={(id) => {
              screenToast({ key: "financesIo:parse.saved" }, undefined, "success");
              setDraft(null);
              setText("");
              onSaved?.(id);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
