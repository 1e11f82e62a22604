/**
 * "Importar .ics": choose an iCalendar file, see what it would create or update (a dry run on the
 * server: nothing is saved), then import it in one go and see the summary with what was skipped
 * and why (POST /events/import, ../shared/API.md "Events and recurrence").
 */
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import type { ApiErrorBody, ApiResult } from "~/lib/api";
import { dateTimeFormat } from "~/lib/intl";

type Skipped = { uid: string; reason: string };
type Counts = { imported: number; updated: number; skipped: Skipped[] };
type PreviewItem = { uid: string; action: "create" | "update"; recurrenceId: string | null; title: string; start: string; end: string; allDay: boolean; timeZone: string; rrule: string | null };
type Preview = Counts & { items: PreviewItem[] };

/** Rows listed in the preview; the counts cover the whole file. */
const PREVIEW_ROWS = 50;

async function sendIcs<T>(bytes: ArrayBuffer, dryRun: boolean): Promise<ApiResult<T>> {
  try {
    const response = await fetch(`/api/v1/events/import${dryRun ? "?dryRun=true" : ""}`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "text/calendar" },
      body: bytes,
      credentials: "same-origin",
    });
    const payload = (await response.json().catch(() => null)) as (T & { error?: ApiErrorBody }) | null;
    if (response.ok) return { ok: true, status: response.status, data: payload as T };
    return { ok: false, status: response.status, error: payload?.error ?? { code: "unknown", message: "" } };
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "" } };
  }
}

export function IcsImportDialog({ open, onClose, onImported, timeZone, locale }: { open: boolean; onClose: () => void; onImported: () => void; timeZone: string; locale: string }) {
  const { t } = useTranslation("calendar");
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<"reading" | "importing" | null>(null);

  const reset = () => {
    setBytes(null);
    setPreview(null);
    setResult(null);
    setError(null);
  };
  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };

  async function choose(file: File | undefined) {
    if (!file) return;
    reset();
    const data = await file.arrayBuffer();
    setBytes(data);
    setPending("reading");
    const answer = await sendIcs<Preview>(data, true);
    setPending(null);
    if (answer.ok) setPreview(answer.data);
    else setError(answer.error.message || t("ics.import.error"));
  }

  async function confirm() {
    if (!bytes) return;
    setPending("importing");
    const answer = await sendIcs<Counts>(bytes, false);
    setPending(null);
    if (!answer.ok) return setError(answer.error.message || t("ics.import.error"));
    setResult(answer.data);
    setPreview(null);
    onImported();
    // The counts are worded now (three plurals in one sentence), so they stay text; the title is a key.
    screenToast({ key: "calendar:ics.import.done" }, summary(answer.data), "success");
  }

  const summary = (c: Counts) =>
    t("ics.import.summary", {
      imported: t("ics.import.imported", { count: c.imported }),
      updated: t("ics.import.updated", { count: c.updated }),
      skipped: t("ics.import.skipped", { count: c.skipped.length }),
    });
  const when = (item: PreviewItem) =>
    item.allDay
      ? dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${item.start}T12:00:00Z`))
      : dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(item.start));
  const reasons = (skipped: Skipped[]) => {
    const counts = new Map<string, number>();
    for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
    return [...counts].map(([reason, count]) => `${t(`ics.reasons.${reason}` as "ics.reasons.unchanged", { defaultValue: reason })} (${count})`).join(" · ");
  };

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[95vh] w-full max-w-2xl flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl sm:rounded-2xl">
          <div className="border-b border-slate-100 p-4">
            <DialogTitle className="text-lg font-semibold text-slate-900">{t("ics.import.title")}</DialogTitle>
            <p className="mt-1 text-sm text-slate-600">{t("ics.import.hint")}</p>
          </div>
          <div className="flex-1 space-y-4 overflow-y-auto p-4">
            <TextField type="file" label={bytes ? t("ics.import.another") : t("ics.import.file")} accept=".ics,.ical,.ifb,.icalendar,text/calendar" disabled={pending !== null} onChange={(e) => void choose(e.target.files?.[0])} />
            {pending && (
              <p role="status" className="text-sm text-slate-600">
                {pending === "reading" ? t("ics.import.reading") : t("ics.import.importing")}
              </p>
            )}
            {error && <Notice tone="error">{error}</Notice>}
            {preview && (
              <div className="space-y-3" data-testid="ics-preview">
                <h3 className="text-sm font-semibold text-slate-900">{t("ics.import.preview")}</h3>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  <span>{t("ics.import.create", { count: preview.imported })}</span>
                  <span>{t("ics.import.update", { count: preview.updated })}</span>
                  <span>{t("ics.import.skip", { count: preview.skipped.length })}</span>
                </p>
                {preview.skipped.length > 0 && <p className="text-xs text-slate-500">{reasons(preview.skipped)}</p>}
                {preview.items.length === 0 ? (
                  <Notice tone="info">{t("ics.import.nothing")}</Notice>
                ) : (
                  <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                    {preview.items.slice(0, PREVIEW_ROWS).map((item) => (
                      <li key={`${item.uid}|${item.recurrenceId ?? ""}`} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                        <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.title}</span>
                        <span className="text-slate-600">{when(item)}</span>
                        <span className="w-full text-xs text-slate-500">
                          {item.action === "create" ? t("ics.import.actionCreate") : t("ics.import.actionUpdate")}
                          {item.rrule ? ` · ${t("ics.import.recurring")}` : ""}
                          {item.recurrenceId ? ` · ${t("ics.import.changed")}` : ""}
                        </span>
                      </li>
                    ))}
                    {preview.items.length > PREVIEW_ROWS && <li className="px-3 py-2 text-slate-500">{t("ics.import.more", { count: preview.items.length - PREVIEW_ROWS })}</li>}
                  </ul>
                )}
              </div>
            )}
            {result && (
              <Notice tone="success">
                <span className="font-medium">{t("ics.import.done")}</span> {summary(result)}
                {result.skipped.length > 0 && <span className="mt-1 block text-xs">{reasons(result.skipped)}</span>}
              </Notice>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-slate-100 p-4">
            <Button variant="secondary" onClick={close} disabled={pending !== null}>
              {result ? t("ics.import.close") : t("ics.import.cancel")}
            </Button>
            {!result && (
              <Button onClick={() => void confirm()} disabled={!preview || preview.items.length === 0 || pending !== null} loading={pending === "importing"}>
                {t("ics.import.confirm")}
              </Button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
