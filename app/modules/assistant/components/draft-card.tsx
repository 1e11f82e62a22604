/**
 * A draft the assistant proposed: what would be saved, with Confirm, Edit and Discard. Nothing is
 * written until Confirm; an edit is sent with the confirmation and checked again by the module's
 * own rules (their field messages appear here).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { TextArea, TextField } from "~/components/ui/field";
import { MaskedAmounts } from "~/components/ui/masked-amounts";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import { formatMoney } from "~/components/ui/money";
import { apiFetch } from "~/lib/api";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export type Draft = { id: string; type: "task" | "event" | "transaction" | "diaryEntry" | "goal" | "planDay"; fields: Record<string, unknown>; status: "pending" | "confirmed" | "discarded"; resultId: string | null };

type Result = { draft: Draft; result: { type: string; id: string; url: string } };

const str = (value: unknown) => (typeof value === "string" ? value : "");
const num = (value: unknown) => (typeof value === "number" ? value : null);

/** `hideValues`: the user's "Ocultar valores", which masks a transaction's amount here as everywhere else. */
export function DraftCard({ draft, timeZone, hideValues = false, onChange }: { draft: Draft; timeZone: string; hideValues?: boolean; onChange: (draft: Draft) => void }) {
  const { t, i18n } = useTranslation(["assistant", "finances"]);
  const language = i18n.language === "en" ? "en" : "pt";
  const locale = intlLocale(language);
  const [editing, setEditing] = useState(false);
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [pending, setPending] = useState<"confirm" | "discard" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [url, setUrl] = useState<string | null>(null);
  const fields = { ...draft.fields, ...edits };
  const set = (key: string, value: unknown) => setEdits((current) => ({ ...current, [key]: value }));
  const amounts = useUnreadableAmounts();

  const day = (date: string) => (date ? dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`)) : t("draft.noDate"));
  // The locale's own short time ("09:30", "9:30 AM"), as everywhere in Rumo.
  const time = (instant: string) => dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(instant));
  const when = (instant: string) => `${dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone }).format(new Date(instant))}, ${time(instant)}`;

  async function settle(action: "confirm" | "discard") {
    // An amount the box could not read would confirm the one shown before.
    if (action === "confirm" && editing && amounts.refused()) return;
    setPending(action);
    setError(null);
    setFieldErrors({});
    const result = await apiFetch<Result>(`/assistant/drafts/${draft.id}/${action}`, action === "confirm" ? { body: Object.keys(edits).length ? { fields: edits } : {} } : { method: "POST" });
    setPending(null);
    if (!result.ok) {
      setError(result.error.message || t("errors.processing"));
      setFieldErrors(result.error.fields ?? {});
      if (result.error.fields) setEditing(true);
      return;
    }
    setEditing(false);
    if (action === "confirm") setUrl(result.data.result.url);
    onChange(result.data.draft);
  }

  const summary = (() => {
    switch (draft.type) {
      case "task":
        return [str(fields.title), fields.scheduledStart ? when(str(fields.scheduledStart)) : day(str(fields.dueDate))];
      case "event":
        return [str(fields.title), fields.allDay ? `${day(str(fields.start))} · ${t("draft.allDay")}` : when(str(fields.start))];
      case "transaction": {
        const category = t(`finances:categories.${str(fields.category)}` as "finances:categories.other", { defaultValue: str(fields.category) });
        // A sentence with nothing but an amount has the category as its description: said once ("Outros", not "Outros · Outros").
        const description = str(fields.description) === category ? "" : str(fields.description);
        return [
          `${fields.type === "income" ? t("draft.income") : t("draft.expense")} · ${formatMoney(num(fields.amountCents) ?? 0, language)}`,
          [description, category, day(str(fields.date))].filter(Boolean).join(" · "),
        ];
      }
      case "diaryEntry":
        return [str(fields.content), `${day(str(fields.date))}${num(fields.mood) ? ` · ${t("draft.fields.mood")}: ${num(fields.mood)}` : ""}`];
      case "goal":
        return [str(fields.title), fields.deadline ? `${t("draft.fields.deadline")}: ${day(str(fields.deadline))}` : t("draft.noDate")];
      case "planDay":
        return ((fields.placed as { title: string; start: string }[]) ?? []).map((p) => `${time(p.start)} · ${p.title}`);
    }
  })();

  const titleKey: "content" | "description" | "title" = draft.type === "diaryEntry" ? "content" : draft.type === "transaction" ? "description" : "title";
  const dateKey = ({ task: "dueDate", transaction: "date", diaryEntry: "date", goal: "deadline", event: null, planDay: null } as const)[draft.type];

  return (
    <div className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-slate-800" data-testid="draft-card" data-draft-type={draft.type}>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t(`draft.${draft.type}`)}</p>
      {editing && draft.status === "pending" && draft.type !== "planDay" ? (
        <div className="mt-2 flex flex-col gap-2">
          {titleKey === "content" ? (
            <TextArea label={t("draft.fields.content")} rows={3} value={str(fields.content)} error={fieldErrors.content} onChange={(e) => set("content", e.target.value)} />
          ) : (
            <TextField label={t(`draft.fields.${titleKey}`)} value={str(fields[titleKey])} error={fieldErrors[titleKey] ?? fieldErrors.title} onChange={(e) => set(titleKey, e.target.value)} />
          )}
          {draft.type === "transaction" && (
            <MoneyInput label={t("draft.fields.amount")} valueCents={num(fields.amountCents)} error={fieldErrors.amountCents} onChangeCents={(cents) => set("amountCents", cents)} onUnreadable={amounts.watch("amountCents")} />
          )}
          {dateKey && (
            <TextField label={t(`draft.fields.${dateKey}`)} type="date" value={str(fields[dateKey])} error={fieldErrors[dateKey]} onChange={(e) => set(dateKey, e.target.value || null)} />
          )}
        </div>
      ) : (
        <ul className="mt-1 space-y-0.5">
          {summary.map((line, index) => (
            <li key={index} className={index === 0 ? "font-medium" : "text-sm text-slate-600"}>
              <MaskedAmounts text={line} hidden={hideValues} />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {draft.status === "pending" ? (
          <>
            <Button onClick={() => void settle("confirm")} loading={pending === "confirm"} disabled={pending !== null} data-testid="draft-confirm">
              {editing ? t("draft.save") : t("draft.confirm")}
            </Button>
            {draft.type !== "planDay" && !editing && (
              <Button variant="secondary" onClick={() => setEditing(true)} disabled={pending !== null}>
                {t("draft.edit")}
              </Button>
            )}
            {editing ? (
              <Button variant="ghost" onClick={() => (setEditing(false), setEdits({}), setFieldErrors({}))} disabled={pending !== null}>
                {t("draft.cancel")}
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => void settle("discard")} loading={pending === "discard"} disabled={pending !== null}>
                {t("draft.discard")}
              </Button>
            )}
          </>
        ) : (
          <p className="text-sm font-medium text-slate-600" data-testid="draft-status">
            {draft.status === "confirmed" ? t("draft.confirmed") : t("draft.discarded")}
            {draft.status === "confirmed" && url && (
              <Link to={url} className="ml-2 text-brand-700 underline-offset-2 hover:underline">
                {t("draft.open")}
              </Link>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
