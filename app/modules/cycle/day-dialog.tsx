/**
 * The cycle screen's day log dialog (flow, symptoms, mood, notes), loaded on first use by the
 * screen (decision 0042): the dialog and its radio groups are not part of the screen's first load.
 */
import { Description, Label, Radio, RadioGroup } from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { Checkbox, TextArea, useFieldIds } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { queuedWriteNotice } from "~/components/offline/use-queued-write";
import { isQueued, writeOrQueue } from "~/lib/offline/write";
import { FIRST_DATE, FLOWS, MAX_NOTES, SYMPTOMS, type Flow, type Symptom } from "@worker/modules/cycle/fields";
import { addDays } from "@worker/modules/cycle/predictions";
import type { ScreenDay } from "./cycle.server";
import { FlowChoice } from "./flow-choice";
import { longDate, useLang, type Editing } from "./screen-shared";

const MOOD_NAMES = ["veryBad", "bad", "okay", "good", "veryGood"] as const;
const FORM_FIELDS = ["date", "flow", "symptoms", "mood", "notes"] as const;

type DayFields = Pick<ScreenDay, "flow" | "symptoms" | "mood" | "notes">;

/**
 * The fields that differ from the day's log as the dialog showed it (every field for a day without
 * one, but the empty ones): the API changes only the fields it is sent, so a log changed elsewhere
 * meanwhile keeps what this dialog did not touch.
 */
export function changedFields(logged: DayFields | null, form: DayFields): Partial<DayFields> {
  const before: Partial<DayFields> = logged ?? { symptoms: [], mood: null, notes: "" };
  const changed: Partial<DayFields> = {};
  if (form.flow !== before.flow) changed.flow = form.flow;
  if (before.symptoms === undefined || [...form.symptoms].sort().join() !== [...before.symptoms].sort().join()) changed.symptoms = form.symptoms;
  if (form.mood !== before.mood) changed.mood = form.mood;
  if (form.notes.trim() !== (before.notes ?? "").trim()) changed.notes = form.notes;
  return changed;
}

/** Logging a day (today, a chosen past day, or one tapped on the calendar). */
export function DayDialog({
  editing,
  today,
  suggest,
  onClose,
  onSaved,
  onDelete,
  onDateChosen,
}: {
  editing: Editing;
  today: string;
  /**
   * The flow a new log of `date` starts with (the screen's `suggestedFlow`); `dayBefore` is the
   * flow logged the day before as the lookup found it (null: none), undefined until it answers.
   */
  suggest: (date: string, dayBefore?: Flow | null) => Flow;
  onClose: () => void;
  onSaved: () => void;
  onDelete: (day: ScreenDay) => void;
  /** A day chosen in the dialog's date field (the screen takes back a delete of it still waiting). */
  onDateChosen?: (date: string) => void;
}) {
  const { t } = useTranslation(["cycle", "ui", "shell"]);
  const language = useLang();
  const [date, setDate] = useState(editing.date);
  // The day's log when it has one: given by the screen, or looked up for a day the screen had not
  // loaded (a chosen day, today outside the month shown). Saving waits for that answer, and sends
  // only what differs from it: a dialog that saved before knowing the log wiped its symptoms, mood
  // and notes.
  const [day, setDay] = useState<ScreenDay | null>(editing.day);
  // The date whose lookup answered, and whether it could: a day chosen since is looked up anew.
  const [answered, setAnswered] = useState<{ date: string; ok: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lookup = editing.day || editing.known || !date ? "done" : answered?.date !== date ? "loading" : answered.ok ? "done" : "failed";
  const chooseDate = (value: string) => {
    if (value) onDateChosen?.(value);
    setDate(value);
  };
  const retry = () => {
    setAnswered(null);
    setAttempt((n) => n + 1);
  };
  // What the dialog itself filled in (the log, a suggested flow): the form has changes to ask about
  // closing with when it differs from this, or when another day was chosen.
  const [filled, setFilled] = useState(() => ({ flow: day?.flow ?? suggest(editing.date || today), symptoms: day?.symptoms ?? [], mood: day?.mood ?? 0, notes: day?.notes ?? "" }));
  const [flow, setFlow] = useState<Flow>(filled.flow);
  // A flow the user chose is theirs: choosing another day does not replace it with a suggestion.
  const flowChosen = useRef(false);
  const chooseFlow = (value: Flow) => {
    flowChosen.current = true;
    setFlow(value);
  };
  const [symptoms, setSymptoms] = useState<Symptom[]>(filled.symptoms);
  const [mood, setMood] = useState<number>(filled.mood);
  const [notes, setNotes] = useState(filled.notes);
  const show = (logged: ScreenDay | null, suggestion: Flow) => {
    const fields = { flow: logged?.flow ?? suggestion, symptoms: logged?.symptoms ?? [], mood: logged?.mood ?? 0, notes: logged?.notes ?? "" };
    setDay(logged);
    setFilled(fields);
    setFlow(fields.flow);
    setSymptoms(fields.symptoms);
    setMood(fields.mood);
    setNotes(fields.notes);
  };
  const suggestFlow = (value: Flow) => {
    setFlow(value);
    setFilled((current) => ({ ...current, flow: value }));
  };
  const changed =
    date !== editing.date || flow !== filled.flow || mood !== filled.mood || notes !== filled.notes || [...symptoms].sort().join() !== [...filled.symptoms].sort().join();
  const { close, question } = useDiscardChanges(changed, onClose);
  useEffect(() => {
    if (editing.day || editing.known || !date) return;
    let current = true;
    // The day before comes too: whether it had flow decides the suggested flow, and the screen
    // knows only the days of the month it shows.
    const before = addDays(date, -1);
    void apiFetch<{ items: ScreenDay[] }>(`/cycle/days?from=${before}&to=${date}`).then((result) => {
      if (!current) return;
      setAnswered({ date, ok: result.ok });
      if (!result.ok) return;
      const logged = result.data.items.find((item) => item.date === date) ?? null;
      const suggestion = suggest(date, result.data.items.find((item) => item.date === before)?.flow ?? null);
      // Another day chosen after a logged one: start blank again rather than carry its log over.
      if (logged || day) show(logged, suggestion);
      else if (!flowChosen.current) suggestFlow(suggestion);
    });
    return () => {
      current = false;
    };
    // Only a change of day (or "Tentar novamente") looks up again; `day` is read for the moment of the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, editing.day, attempt]);
  const form = useApiForm<{ day: ScreenDay }>({
    fields: FORM_FIELDS,
    fallback: t("cycle:form.failed"),
    onSuccess: () => {
      toast({ title: day ? t("cycle:form.updated") : t("cycle:form.saved"), tone: "success" });
      onSaved();
    },
  });
  const title = day ? t("cycle:form.titleEdit", { date: longDate(day.date, language) }) : editing.date ? t("cycle:form.titleNew", { date: longDate(editing.date, language) }) : t("cycle:actions.logDay");
  // The symptoms' error is read with their group (aria-describedby).
  const symptomsIds = useFieldIds(undefined, null, form.errors.symptoms);
  const toggle = (symptom: Symptom, on: boolean) => setSymptoms((list) => (on ? [...list, symptom] : list.filter((s) => s !== symptom)));

  return (
    <Dialog open onClose={() => !form.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <form
            className="mt-4 space-y-5"
            onSubmit={form.submit(() => {
              if (!date) return form.fail(null, { date: t("cycle:validation.date") });
              if (lookup !== "done") return null;
              // Offline the log is kept and sent when the connection returns (the screen shows it waiting).
              return writeOrQueue<{ day: ScreenDay }>({
                kind: "cycle.log",
                method: "POST",
                path: "/cycle/days",
                body: { date, ...changedFields(day, { flow, symptoms, mood: mood || null, notes }) },
                label: longDate(date, language),
              }).then((result) => {
                if (!isQueued(result)) return result;
                if (!result.queued) return form.fail(t(`shell:offline.storage.${result.storageError}`));
                queuedWriteNotice(result);
                // Only closed: reloading the screen's data offline would find no connection.
                onClose();
                return null;
              });
            })}
          >
            {!editing.date && <DateField id="cycle-date" label={t("cycle:form.date")} value={date} onChange={chooseDate} min={FIRST_DATE} max={today} required error={form.errors.date} />}
            {editing.date && form.errors.date && <Notice tone="error">{form.errors.date}</Notice>}

            {lookup === "loading" && (
              <p role="status" className="text-sm text-slate-600">
                {t("cycle:form.loading")}
              </p>
            )}
            {lookup === "failed" && (
              <div className="space-y-2">
                <Notice tone="error">{t("cycle:form.loadFailed")}</Notice>
                <Button variant="secondary" onClick={retry}>
                  {t("cycle:form.retry")}
                </Button>
              </div>
            )}
            {lookup === "done" && (
              <>
                {/* The flow and the mood groups hold their own Label and Description: Headless UI's
                    RadioGroup overrides aria-labelledby and aria-describedby given to it (./flow-choice.tsx). */}
                <FlowChoice flows={FLOWS} value={flow} onChange={chooseFlow} error={form.errors.flow} gridClassName="grid-cols-3 sm:grid-cols-5" />

                <fieldset aria-describedby={symptomsIds.errorId}>
                  <legend className="mb-2 text-sm font-medium text-slate-800">{t("cycle:symptoms.label")}</legend>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                    {SYMPTOMS.map((symptom) => (
                      <Checkbox key={symptom} label={t(`cycle:symptoms.${symptom}`)} checked={symptoms.includes(symptom)} onChange={(e) => toggle(symptom, e.target.checked)} />
                    ))}
                  </div>
                  {form.errors.symptoms && (
                    <p id={symptomsIds.errorId} className="mt-1 text-sm text-red-700">
                      {form.errors.symptoms}
                    </p>
                  )}
                </fieldset>

                <RadioGroup value={mood} onChange={setMood} aria-invalid={form.errors.mood ? true : undefined}>
                  <Label as="p" className="mb-2 text-sm font-medium text-slate-800">
                    {t("cycle:mood.label")}
                  </Label>
                  <div className="flex flex-wrap gap-2">
                    {[0, 1, 2, 3, 4, 5].map((value) => (
                      <Radio
                        key={value}
                        value={value}
                        aria-label={value ? `${t("cycle:mood.value", { value })}: ${t(`cycle:mood.${MOOD_NAMES[value - 1]}`)}` : t("cycle:mood.none")}
                        className="cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:outline-none data-[checked]:border-brand-600 data-[checked]:bg-brand-50 data-[checked]:font-semibold data-[focus]:ring-2 data-[focus]:ring-brand-400"
                      >
                        {value ? `${value} · ${t(`cycle:mood.${MOOD_NAMES[value - 1]}`)}` : t("cycle:mood.none")}
                      </Radio>
                    ))}
                  </div>
                  {form.errors.mood && <Description className="mt-1 text-sm text-red-700">{form.errors.mood}</Description>}
                </RadioGroup>

                <TextArea id="cycle-notes" label={t("cycle:form.notes")} hint={t("cycle:form.notesHint")} optional value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={MAX_NOTES} rows={3} error={form.errors.notes} />
              </>
            )}

            {form.message && <Notice tone="error">{form.message}</Notice>}

            <div className="flex flex-wrap items-center justify-between gap-2">
              {day ? (
                <Button variant="danger" onClick={() => onDelete(day)}>
                  {t("cycle:form.delete")}
                </Button>
              ) : (
                <span />
              )}
              <div className="flex gap-2">
                <Button variant="secondary" onClick={close}>
                  {t("cycle:form.cancel")}
                </Button>
                <Button type="submit" loading={form.pending} disabled={lookup !== "done"}>
                  {t("cycle:form.save")}
                </Button>
              </div>
            </div>
          </form>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
