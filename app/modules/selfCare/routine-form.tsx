/**
 * The routine form (create or edit) of /app/autocuidado, and the slot the screen shows it in.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { Select, TextArea, TextField, useFieldIds } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { TimeField } from "~/components/ui/time-field";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { editedFields } from "~/lib/edited-fields";
import type { RoutineAnswer } from "@worker/modules/selfCare/queries";
import { ROUTINE_CATEGORIES } from "@worker/modules/selfCare/vocabulary";
import { WEEKDAYS } from "./weekdays";
import { formStepLabels, StepEditor } from "~/components/step-editor";
import { draftStep, stepFieldNames, stepsBody, type DraftStep } from "~/components/step-list";
import { MAX_STEPS, STEP_MAX_LENGTH } from "@worker/modules/selfCare/steps";
import { MAX_TIMES_PER_DAY } from "@worker/modules/selfCare/counts";

/**
 * A routine as the screen holds it (the loader's dates arrive serialised). `stepsTickedByDate` and
 * `countsByDate` are optional fields of the API (decisions 0112 and 0117, revised): read as
 * absent-means-none.
 */
export type Routine = Omit<RoutineAnswer, "createdAt" | "updatedAt" | "stepsTickedByDate" | "countsByDate"> & {
  createdAt: unknown;
  updatedAt: unknown;
  stepsTickedByDate?: RoutineAnswer["stepsTickedByDate"];
  countsByDate?: RoutineAnswer["countsByDate"];
};

/**
 * The form for `form` ("new" or the routine being edited). Keyed by the routine: the form's fields
 * are its own state, so "Editar" on another routine while one is open must start a new form, or the
 * first routine's fields would be saved over the second.
 */
export function RoutineEditor({ form, onDone }: { form: Routine | "new"; onDone: (saved: Routine | null) => void }) {
  return <RoutineForm key={form === "new" ? "new" : form.id} routine={form === "new" ? null : form} onDone={onDone} />;
}

/** What the form holds, as typed. */
type Draft = { title: string; category: string; description: string; frequency: string; weekdays: number[]; duration: string; reminder: string; steps: DraftStep[]; times: string };

const draftOf = (routine: Routine | null): Draft => ({
  title: routine?.title ?? "",
  category: routine?.category ?? "other",
  description: routine?.description ?? "",
  frequency: routine?.frequency ?? "daily",
  weekdays: routine?.weekdays ?? [],
  duration: routine?.durationMinutes ? String(routine.durationMinutes) : "",
  reminder: routine?.reminderTime ?? "",
  steps: (routine?.steps ?? []).map(draftStep),
  times: String(routine?.timesPerDay ?? 1),
});

/** The API's fields of a draft (POST /routines, PATCH /routines/:id). */
function bodyOf(draft: Draft) {
  const durationMinutes = draft.duration.trim() === "" ? null : Number(draft.duration);
  const { title, category, description, frequency } = draft;
  // "" is no reminder: null clears one.
  const reminderTime = draft.reminder === "" ? null : draft.reminder;
  // A saved step goes with its id (kept, with today's ticks); a new one without (decision 0112).
  const steps = stepsBody(draft.steps);
  // Empty is once a day (decision 0117); anything else goes as typed, for the API to judge.
  const timesPerDay = draft.times.trim() === "" ? 1 : Number(draft.times);
  return { title, category, description, frequency, weekdays: frequency === "weekdays" ? draft.weekdays : [], durationMinutes, reminderTime, steps, timesPerDay };
}

/** The API's names of the steps' messages ("steps", "steps.2.text"), shown next to them. */
const STEP_FIELDS = stepFieldNames(MAX_STEPS);

function RoutineForm({ routine, onDone }: { routine: Routine | null; onDone: (saved: Routine | null) => void }) {
  const { t } = useTranslation(["selfCare", "ui"]);
  // What the form opened with: an edit sends only what differs from it.
  const [opened] = useState(() => draftOf(routine));
  const [title, setTitle] = useState(opened.title);
  const [category, setCategory] = useState<string>(opened.category);
  const [description, setDescription] = useState(opened.description);
  const [frequency, setFrequency] = useState<string>(opened.frequency);
  const [weekdays, setWeekdays] = useState<number[]>(opened.weekdays);
  const [duration, setDuration] = useState(opened.duration);
  const [reminder, setReminder] = useState(opened.reminder);
  const [steps, setSteps] = useState<DraftStep[]>(opened.steps);
  const [times, setTimes] = useState(opened.times);
  const form = useApiForm<{ routine: Routine }>({
    fields: ["title", "category", "description", "frequency", "weekdays", "durationMinutes", "reminderTime", "timesPerDay", ...STEP_FIELDS],
    fallback: t("form.failed"),
    onSuccess: (data) => {
      toast({ title: routine ? t("form.updated") : t("form.created"), tone: "success" });
      onDone(data.routine);
    },
  });
  // The weekdays' error is read with their group (aria-describedby).
  const weekdaysIds = useFieldIds(undefined, null, form.errors.weekdays);
  const submit = (event: FormEvent) =>
    form.submit(() => {
      const body = bodyOf({ title, category, description, frequency, weekdays, duration, reminder, steps, times });
      if (!routine) return apiFetch<{ routine: Routine }>("/routines", { body });
      const changes = editedFields(body, bodyOf(opened), [["frequency", "weekdays"]]);
      if (Object.keys(changes).length === 0) {
        onDone(null);
        return null;
      }
      return apiFetch<{ routine: Routine }>(`/routines/${routine.id}`, { method: "PATCH", body: changes });
    })(event);

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="routine-form-title">
      <h2 id="routine-form-title" className="text-lg font-semibold">
        {routine ? t("form.edit") : t("form.create")}
      </h2>
      <TextField label={t("form.title")} placeholder={t("form.titlePlaceholder")} value={title} maxLength={120} error={form.errors.title} onChange={(e) => setTitle(e.target.value)} autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t("form.category")} value={category} error={form.errors.category} onChange={(e) => setCategory(e.target.value)} options={ROUTINE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
        <TextField label={t("form.duration")} type="number" inputMode="numeric" min={1} max={600} optional value={duration} error={form.errors.durationMinutes} onChange={(e) => setDuration(e.target.value)} />
      </div>
      <TextArea label={t("form.description")} optional rows={2} value={description} error={form.errors.description} onChange={(e) => setDescription(e.target.value)} />
      <Select
        label={t("form.frequency")}
        value={frequency}
        error={form.errors.frequency}
        onChange={(e) => setFrequency(e.target.value)}
        options={[
          { value: "daily", label: t("frequencies.daily") },
          { value: "weekdays", label: t("frequencies.weekdays") },
        ]}
      />
      {frequency === "weekdays" && (
        <fieldset aria-describedby={weekdaysIds.errorId}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t("form.weekdays")}</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((key, i) => (
              <Button
                key={key}
                variant="secondary"
                aria-pressed={weekdays.includes(i + 1)}
                className={weekdays.includes(i + 1) ? "!border-brand-600 !bg-brand-50 text-brand-800" : ""}
                onClick={() => setWeekdays((days) => (days.includes(i + 1) ? days.filter((d) => d !== i + 1) : [...days, i + 1].sort()))}
              >
                {t(`weekdaysShort.${key}`)}
              </Button>
            ))}
          </div>
          {form.errors.weekdays && (
            <p id={weekdaysIds.errorId} className="mt-1 text-sm text-red-700">
              {form.errors.weekdays}
            </p>
          )}
        </fieldset>
      )}
      {/* The time of the day's reminder, in the account's zone; cleared, no reminder (decision 0099). */}
      <div className="flex flex-wrap items-end gap-2">
        <TimeField label={t("form.reminder")} hint={t("form.reminderHint")} optional value={reminder} error={form.errors.reminderTime} onChange={setReminder} />
        {reminder !== "" && (
          <Button variant="ghost" onClick={() => setReminder("")} data-action="clear-reminder">
            {t("form.reminderClear")}
          </Button>
        )}
      </div>
      {/* Done several times a day (decision 0117): the card then counts "3 de 8" instead of one tap. */}
      <TextField
        label={t("form.timesPerDay")}
        hint={t("form.timesPerDayHint")}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TIMES_PER_DAY}
        value={times}
        error={form.errors.timesPerDay}
        onChange={(e) => setTimes(e.target.value)}
      />
      <StepEditor
        steps={steps}
        onChange={setSteps}
        errors={form.errors}
        max={MAX_STEPS}
        maxLength={STEP_MAX_LENGTH}
        hintId="routine-steps-hint"
        labels={formStepLabels(t)}
      />
      {form.message && <Notice tone="error">{form.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={() => onDone(null)}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={form.pending}>
          {t("form.save")}
        </Button>
      </div>
    </form>
  );
}
