/**
 * "Registar período": a whole period in one dialog (first day, last day or "ainda a decorrer", one
 * flow for every day), saved in one request (POST /cycle/days/range, docs/decisions/0105). Loaded
 * on first use by the screen, as the day dialog is (decision 0042).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queuedWriteNotice } from "~/components/offline/use-queued-write";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { Checkbox } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { FIRST_DATE, MAX_PERIOD_DAYS, type Flow } from "@worker/modules/cycle/fields";
import { addDays, daysBetween } from "@worker/modules/cycle/predictions";
import type { ScreenDay } from "./cycle.server";
import { FlowChoice } from "./flow-choice";
import { longDate, useLang } from "./screen-shared";

/** A period's flows ("sem fluxo" logs no period). */
const PERIOD_FLOWS = ["spotting", "light", "medium", "heavy"] as const satisfies readonly Flow[];
const FORM_FIELDS = ["start", "end", "flow"] as const;

/** What the server answers: the days, and which were new or had another flow (for the undo). */
export type LoggedPeriod = { days: ScreenDay[]; created: string[]; previous: { id: string; date: string; flow: Flow }[] };

/** Dates the dialog opens with (none: today, still going on). */
export type PeriodDates = { start?: string; end?: string };

/** The days a period from `start` logs: through `end`, or through today while it goes on. */
export const periodLength = (start: string, end: string | null, today: string) => daysBetween(start, end ?? today) + 1;

/**
 * Takes a logged period back ("Anular" on its toast): the days it created are deleted, the days it
 * changed get their flow back (their symptoms, mood and notes were never touched). Through the
 * offline queue like every cycle write, so an undo without a connection is sent when it returns.
 */
export async function undoPeriod(period: LoggedPeriod, language: ReturnType<typeof useLang>): Promise<"sent" | "queued" | "failed"> {
  const dateOf = new Map(period.days.map((d) => [d.id, d.date]));
  const label = (id: string) => longDate(dateOf.get(id) ?? period.days[0].date, language);
  const results = await Promise.all([
    ...period.created.map((id) => writeOrQueue({ kind: "cycle.delete", method: "DELETE", path: `/cycle/days/${id}`, body: {}, label: label(id) })),
    ...period.previous.map((day) => writeOrQueue({ kind: "cycle.update", method: "PATCH", path: `/cycle/days/${day.id}`, body: { flow: day.flow }, label: label(day.id) })),
  ]);
  // A day deleted meanwhile elsewhere (404) is already as the undo wants it.
  if (!results.every((result) => (isQueued(result) ? result.queued : result.ok || result.status === 404))) return "failed";
  return results.some(isQueued) ? "queued" : "sent";
}

export function PeriodDialog({
  today,
  initial = {},
  onClose,
  onSaved,
}: {
  today: string;
  /** A past period's dates to start from (a period the cycle list thinks was left unlogged). */
  initial?: PeriodDates;
  onClose: () => void;
  /** Saved (kept to send later only closes: the screen draws the queued days from the queue). */
  onSaved: () => void;
}) {
  const { t } = useTranslation(["cycle", "ui", "shell"]);
  const language = useLang();
  const first = { start: initial.start ?? today, end: initial.end ?? "", ongoing: !initial.end };
  const [start, setStart] = useState(first.start);
  const [end, setEnd] = useState(first.end);
  const [ongoing, setOngoing] = useState(first.ongoing);
  const [flow, setFlow] = useState<Flow>("medium");
  const changed = start !== first.start || end !== first.end || ongoing !== first.ongoing || flow !== "medium";
  const { close, question } = useDiscardChanges(changed, onClose);
  const form = useApiForm<LoggedPeriod>({
    fields: FORM_FIELDS,
    fallback: t("cycle:form.failed"),
    onSuccess: (period) => {
      onSaved();
      // Undo as the module's deletes offer it: "Anular" on the toast, for as long as it stays.
      toast({
        tone: "success",
        title: { key: "cycle:period.saved", values: { count: period.days.length } },
        action: {
          label: { key: "cycle:undo" },
          onClick: () =>
            void undoPeriod(period, language).then((outcome) => {
              // Queued (offline): the screen draws the undo from the queue, nothing to reload.
              if (outcome === "sent") onSaved();
              toast(outcome === "failed" ? { tone: "error", title: { key: "cycle:period.undoFailed" } } : { tone: "success", title: { key: "cycle:period.undone" } });
            }),
        },
      });
    },
  });
  const last = ongoing ? null : end || null;
  // Said as it is typed: how many days this saves (a mistyped year shows at once).
  const length = start && (ongoing || end) && (last ?? today) >= start ? periodLength(start, last, today) : null;

  return (
    <Dialog open onClose={() => !form.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="period-dialog">
          <DialogTitle className="text-lg font-semibold">{t("cycle:period.title")}</DialogTitle>
          <form
            className="mt-4 space-y-5"
            noValidate
            onSubmit={form.submit(async () => {
              if (!start) return form.fail(null, { start: t("cycle:validation.date") });
              if (!ongoing && !end) return form.fail(null, { end: t("cycle:validation.date") });
              if (!ongoing && end < start) return form.fail(null, { end: t("cycle:validation.rangeOrder") });
              if (length !== null && length > MAX_PERIOD_DAYS) return form.fail(null, { [ongoing ? "start" : "end"]: t("cycle:validation.rangeTooLong") });
              const body = { start, ...(last && { end: last }), flow };
              const label = last ? `${longDate(start, language)} – ${longDate(last, language)}` : `${longDate(start, language)} – ${t("cycle:period.ongoing")}`;
              const result = await writeOrQueue<LoggedPeriod>({ kind: "cycle.period", method: "POST", path: "/cycle/days/range", body, label });
              if (!isQueued(result)) return result;
              if (!result.queued) return form.fail(t(`shell:offline.storage.${result.storageError}`));
              queuedWriteNotice(result);
              // Only closed: reloading the screen's data offline would find no connection. The queued
              // days are drawn from the queue itself.
              onClose();
              return null;
            })}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField id="period-start" label={t("cycle:period.start")} value={start} onChange={setStart} min={FIRST_DATE} max={today} required error={form.errors.start} />
              {!ongoing && <DateField id="period-end" label={t("cycle:period.end")} value={end} onChange={setEnd} min={FIRST_DATE} max={today} required error={form.errors.end} />}
            </div>
            <div>
              <Checkbox
                label={t("cycle:period.ongoing")}
                checked={ongoing}
                onChange={(e) => {
                  setOngoing(e.target.checked);
                  // Unticked: the last day starts as the first (a one-day period) or as today.
                  if (!e.target.checked && !end) setEnd(start && start < today ? addDays(start, Math.min(daysBetween(start, today), 4)) : today);
                }}
              />
              {ongoing && <p className="mt-1 text-sm text-slate-600">{t("cycle:period.ongoingHint")}</p>}
            </div>

            <FlowChoice flows={PERIOD_FLOWS} value={flow} onChange={setFlow} error={form.errors.flow} hint={t("cycle:period.flowHint")} gridClassName="grid-cols-2 sm:grid-cols-4" />

            {length !== null && length > 0 && (
              <p className="text-sm text-slate-700" data-testid="period-length">
                {t("cycle:period.days", { count: length })}
              </p>
            )}
            {form.message && <Notice tone="error">{form.message}</Notice>}

            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {t("cycle:form.cancel")}
              </Button>
              <Button type="submit" loading={form.pending}>
                {t("cycle:form.save")}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
