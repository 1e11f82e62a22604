/**
 * The working hours 'Agendar' and 'Planear o dia' place tasks in (`preferences.workingHours`,
 * local "HH:mm" and ISO weekdays), edited where they matter: beside the tasks they schedule.
 */
import { Dialog, DialogPanel, DialogTitle, Description } from "~/components/ui/dialog";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TimeField } from "~/components/ui/time-field";
import { Checkbox } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { FormActions } from "~/components/ui/form-actions";
import { useApiForm } from "~/components/ui/use-api-form";
import type { Language } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export type WorkingHoursValue = { start: string; end: string; days?: number[] };

export function WorkingHoursDialog({ value, language, onClose, onSaved }: { value: WorkingHoursValue; language: Language; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("tasks");
  const [start, setStart] = useState(value.start);
  const [end, setEnd] = useState(value.end);
  const [days, setDays] = useState<number[]>(value.days ?? [1, 2, 3, 4, 5]);
  const form = useApiForm({
    fields: ["preferences.workingHours.start", "preferences.workingHours.end", "preferences.workingHours.days"],
    fallback: t("workingHours.error"),
    onSuccess: onSaved,
  });
  const names = useMemo(() => {
    const format = dateTimeFormat(intlLocale(language), { weekday: "short", timeZone: "UTC" });
    // 2026-11-23 is a Monday: ISO weekday 1.
    return [1, 2, 3, 4, 5, 6, 7].map((d) => format.format(new Date(Date.UTC(2026, 10, 22 + d))));
  }, [language]);
  const submit = form.submit(() => {
    if (!start || !end || end <= start) return form.fail(null, { "preferences.workingHours.end": t("workingHours.endBeforeStart") });
    if (days.length === 0) return form.fail(null, { "preferences.workingHours.days": t("workingHours.daysRequired") });
    return apiFetch("/me", { method: "PATCH", body: { preferences: { workingHours: { start, end, days: [...days].sort((a, b) => a - b) } } } });
  });
  return (
    <Dialog open onClose={() => !form.pending && onClose()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel as="form" onSubmit={submit} noValidate className="w-full max-w-md space-y-4 rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="working-hours-form">
          <DialogTitle className="text-lg font-semibold">{t("workingHours.title")}</DialogTitle>
          <Description className="text-sm text-slate-600">{t("workingHours.text")}</Description>
          {form.message && <Notice tone="error">{form.message}</Notice>}
          <div className="grid grid-cols-2 gap-4">
            <TimeField label={t("workingHours.start")} value={start} onChange={setStart} error={form.errors["preferences.workingHours.start"]} />
            <TimeField label={t("workingHours.end")} value={end} onChange={setEnd} error={form.errors["preferences.workingHours.end"]} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("workingHours.days")}</legend>
            <div className="flex flex-wrap gap-3">
              {names.map((name, i) => (
                <Checkbox key={name} label={name} checked={days.includes(i + 1)} onChange={(e) => setDays(e.target.checked ? [...days, i + 1] : days.filter((d) => d !== i + 1))} />
              ))}
            </div>
            {form.errors["preferences.workingHours.days"] && <p className="text-sm text-red-700">{form.errors["preferences.workingHours.days"]}</p>}
          </fieldset>
          <FormActions cancelLabel={t("form.cancel")} submitLabel={t("form.save")} onCancel={onClose} pending={form.pending} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
