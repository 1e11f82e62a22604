/**
 * The tasks screen's create / confirm / edit form, loaded on first use by the screen (decision
 * 0042): the dialog, the date and time fields and the recurrence choices are not in its first load.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "~/components/ui/date-picker";
import { TimeField } from "~/components/ui/time-field";
import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { Checkbox, Select, TextArea, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { FormActions } from "~/components/ui/form-actions";
import { useApiForm } from "~/components/ui/use-api-form";
import type { Language } from "~/i18n/language";
import { isQueued, writeOrQueue, type Queued } from "~/lib/offline/write";
import { editedFields } from "~/lib/edited-fields";
import { TASK_PRIORITIES, TASK_STATUSES } from "@worker/modules/tasks/constants";
import { zonedInstant } from "@worker/modules/tasks/scheduling";
import { MAX_TASK_STEPS, TASK_STEP_MAX_LENGTH } from "@worker/modules/tasks/steps";
import { formStepLabels, StepEditor } from "~/components/step-editor";
import { stepFieldNames, stepsBody } from "~/components/step-list";
import { REPEAT_CHOICES, ruleOf, WEEK_DAYS, type TaskForm, type TaskView, type WeekDay } from "./model";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

/** What the screen opens the form for. */
/** The API's fields of a task form (POST /tasks, PATCH /tasks/:id). */
function bodyOf(form: TaskForm, timeZone: string): Partial<Record<"title" | "description" | "priority" | "durationMinutes" | "dueDate" | "scheduledStart" | "status" | "recurrence" | "steps", unknown>> {
  const duration = Number(form.durationMinutes);
  return {
    title: form.title,
    description: form.description,
    priority: form.priority,
    durationMinutes: form.durationMinutes.trim() === "" || !Number.isFinite(duration) ? null : duration,
    dueDate: form.dueDate || null,
    scheduledStart: form.scheduledDate && form.scheduledTime ? zonedInstant(form.scheduledDate, form.scheduledTime, timeZone).toISOString() : null,
    status: form.status,
    recurrence: ruleOf(form),
    // The list replaces the task's; a saved step goes with its id, so it keeps its tick (decision 0114).
    steps: stepsBody(form.steps),
  };
}

export type Dialogue = { mode: "create" | "draft" | "edit"; task?: TaskView; form: TaskForm } | null;

const FIELDS = ["title", "description", "priority", "durationMinutes", "dueDate", "scheduledStart", "status", "recurrence", ...stepFieldNames(MAX_TASK_STEPS)];

/** Create, confirm a quick-add draft, or edit: the API's field messages stay next to their fields and what was typed is kept. */
export function TaskDialog({
  dialogue,
  timeZone,
  language,
  onClose,
  onSaved,
  onQueued,
}: {
  dialogue: NonNullable<Dialogue>;
  timeZone: string;
  language: Language;
  onClose: () => void;
  onSaved: (task: TaskView, mode: NonNullable<Dialogue>["mode"]) => void;
  /** Offline: the change went into the queue. When the device could not keep it, the dialog stays open with what was typed and says why. */
  onQueued: (result: Extract<Queued, { queued: true }>) => void;
}) {
  const { t } = useTranslation(["tasks", "ui", "shell"]);
  const [form, setForm] = useState<TaskForm>(dialogue.form);
  const editing = dialogue.mode === "edit";
  const api = useApiForm<{ task: TaskView }>({ fields: FIELDS, fallback: editing ? t("errors.update") : t("errors.create"), onSuccess: (data) => onSaved(data.task, dialogue.mode) });
  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const { close, question } = useDiscardChanges(JSON.stringify(form) !== JSON.stringify(dialogue.form), onClose);
  const weekdayLabels = useMemo(() => {
    const format = dateTimeFormat(intlLocale(language), { weekday: "short", timeZone: "UTC" });
    // 2026-11-23 is a Monday.
    return WEEK_DAYS.map((_, i) => format.format(new Date(Date.UTC(2026, 10, 23 + i))));
  }, [language]);

  const submit = api.submit(() => {
    if (form.scheduledDate && !form.scheduledTime) return api.fail(null, { scheduledStart: t("form.scheduledTimeRequired") });
    if (form.repeat === "weekly" && form.days.length === 0 && !form.dueDate) return api.fail(null, { recurrence: t("form.weekdaysRequired") });
    // An edit sends only what the person changed: a field they left alone (the status, say) must not
    // undo what another device or the offline queue changed meanwhile.
    const body = editing ? editedFields(bodyOf(form, timeZone), bodyOf(dialogue.form, timeZone)) : bodyOf(form, timeZone);
    if (editing) {
      if (Object.keys(body).length === 0) {
        onClose();
        return null;
      }
    }
    // Offline the change is queued and shown at once in the list (QueuedChanges).
    return writeOrQueue<{ task: TaskView }>(
      editing ? { kind: "task.update", method: "PATCH", path: `/tasks/${dialogue.task!.id}`, body, label: form.title } : { kind: "task.create", method: "POST", path: "/tasks", body, label: form.title },
    ).then((result) => {
      if (!isQueued(result)) return result;
      if (!result.queued) return api.fail(t(`shell:offline.storage.${result.storageError}`));
      onQueued(result);
      return null;
    });
  });

  const title = editing ? t("form.editTitle") : dialogue.mode === "draft" ? t("form.draftTitle") : t("form.createTitle");
  return (
    <Dialog open onClose={() => !api.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto sm:items-center sm:p-4">
        <DialogPanel as="form" onSubmit={submit} noValidate className="max-h-[100dvh] w-full max-w-lg space-y-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl" data-testid="task-form">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {api.message && <Notice tone="error">{api.message}</Notice>}
          <TextField label={t("form.title")} value={form.title} onChange={(e) => set("title", e.target.value)} error={api.errors.title} maxLength={200} autoFocus />
          <TextArea label={t("form.description")} optional rows={2} value={form.description} onChange={(e) => set("description", e.target.value)} error={api.errors.description} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label={t("form.priority")} value={form.priority} onChange={(e) => set("priority", e.target.value as TaskForm["priority"])} error={api.errors.priority} options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
            <TextField label={t("form.duration")} inputMode="numeric" value={form.durationMinutes} onChange={(e) => set("durationMinutes", e.target.value)} error={api.errors.durationMinutes} />
            <DateField label={t("form.dueDate")} optional value={form.dueDate} onChange={(value) => set("dueDate", value)} error={api.errors.dueDate} />
            <Select label={t("form.status")} value={form.status} onChange={(e) => set("status", e.target.value as TaskForm["status"])} error={api.errors.status} options={TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
            <DateField label={t("form.scheduledDate")} optional hint={t("form.scheduledHint")} value={form.scheduledDate} onChange={(value) => set("scheduledDate", value)} />
            <TimeField label={t("form.scheduledTime")} optional value={form.scheduledTime} onChange={(value) => set("scheduledTime", value)} error={api.errors.scheduledStart} />
          </div>
          <Select
            label={t("form.repeat")}
            value={form.repeat}
            onChange={(e) => set("repeat", e.target.value as TaskForm["repeat"])}
            error={api.errors.recurrence}
            options={[...REPEAT_CHOICES, ...(form.customRule ? (["custom"] as const) : [])].map((r) => ({ value: r, label: t(`repeat.${r}`) }))}
          />
          {form.repeat === "weekly" && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">{t("form.weekdays")}</legend>
              <div className="flex flex-wrap gap-3">
                {WEEK_DAYS.map((code: WeekDay, i) => (
                  <Checkbox
                    key={code}
                    label={weekdayLabels[i]}
                    checked={form.days.includes(code)}
                    onChange={(e) => set("days", e.target.checked ? [...form.days, code] : form.days.filter((d) => d !== code))}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <StepEditor
            steps={form.steps}
            onChange={(steps) => set("steps", steps)}
            errors={api.errors}
            max={MAX_TASK_STEPS}
            maxLength={TASK_STEP_MAX_LENGTH}
            hintId="task-steps-hint"
            labels={formStepLabels(t)}
          />
          <FormActions className="pt-2" cancelLabel={t("form.cancel")} submitLabel={editing ? t("form.save") : t("form.create")} onCancel={close} pending={api.pending} />
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
