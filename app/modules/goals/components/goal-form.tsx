import { Dialog, DialogPanel, DialogTitle } from "~/components/ui/dialog";
import { useDiscardChanges } from "~/components/ui/discard-changes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-picker";
import { Select, TextArea, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { editedFields } from "~/lib/edited-fields";
import type { PublicGoal } from "@worker/modules/goals/queries";
import { GOAL_STATUSES, MAX_DESCRIPTION, MAX_TITLE, type GoalStatus } from "@worker/modules/goals/rules";

type Editing = { mode: "create" } | { mode: "edit"; goal: PublicGoal } | null;
type Draft = { title: string; description: string; deadline: string; progress: string; status: GoalStatus };

const FIELDS = ["title", "description", "deadline", "progress", "status"] as const;
const draftOf = (editing: Editing): Draft =>
  editing?.mode === "edit"
    ? { title: editing.goal.title, description: editing.goal.description, deadline: editing.goal.deadline ?? "", progress: String(editing.goal.progress), status: editing.goal.status }
    : { title: "", description: "", deadline: "", progress: "", status: "pending" };

/**
 * The API's fields of a draft (POST /goals, PATCH /goals/:id): progress only when no milestones
 * drive it, and the status only for an edit (a new goal's comes from the progress rules).
 */
function bodyOf(draft: Draft, { hasMilestones, editing }: { hasMilestones: boolean; editing: boolean }): Partial<Record<"title" | "description" | "deadline" | "progress" | "status", unknown>> {
  const progressText = draft.progress.trim();
  // A progress that is not a number goes as typed: the API answers its field message.
  const progress = progressText === "" ? undefined : Number.isFinite(Number(progressText)) ? Number(progressText) : progressText;
  return {
    title: draft.title,
    description: draft.description,
    deadline: draft.deadline || null,
    ...(hasMilestones || progress === undefined ? {} : { progress }),
    ...(editing ? { status: draft.status } : {}),
  };
}

/**
 * Create or edit a goal in a dialog. What was typed stays on an error; the API's field messages go
 * next to their fields. Progress is only asked for when the goal has no milestones (they drive it).
 */
export function GoalForm({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: (goal: PublicGoal, created: boolean) => void }) {
  const { t } = useTranslation("goals");
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const creating = editing?.mode === "create";
  const hasMilestones = editing?.mode === "edit" && editing.goal.milestones.length > 0;
  const form = useApiForm<PublicGoal>({
    fields: FIELDS,
    fallback: creating ? t("form.createError") : t("form.saveError"),
    onSuccess: (goal) => {
      toast({ title: { key: creating ? "goals:toast.created" : "goals:toast.saved" }, tone: "success" });
      onSaved(goal, creating);
    },
  });
  const { reset } = form;

  useEffect(() => {
    setDraft(draftOf(editing));
    reset();
  }, [editing, reset]);

  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const { close, question } = useDiscardChanges(JSON.stringify(draft) !== JSON.stringify(draftOf(editing)), onClose);

  const submit = form.submit(() => {
    if (editing?.mode !== "edit") return apiFetch<PublicGoal>("/goals", { body: bodyOf(draft, { hasMilestones, editing: false }) });
    const body = bodyOf(draft, { hasMilestones, editing: true });
    // An edit sends only what the person changed: a progress or status left alone must not undo a
    // completion made on another device meanwhile (the server's rules reopen a goal whose progress
    // drops below 100). An explicit status wins over the progress rules (rules.ts).
    const changes = editedFields(body, bodyOf(draftOf(editing), { hasMilestones, editing: true }));
    if (Object.keys(changes).length === 0) {
      onClose();
      return null;
    }
    return apiFetch<PublicGoal>(`/goals/${editing.goal.id}`, { method: "PATCH", body: changes });
  });

  return (
    <Dialog open={editing !== null} onClose={() => !form.pending && close()} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto sm:items-center sm:p-4">
        <DialogPanel as="form" onSubmit={(event) => void submit(event)} noValidate className="w-full max-w-lg space-y-4 rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl" data-testid="goal-form">
          <DialogTitle className="text-lg font-semibold text-slate-900">{creating ? t("form.createTitle") : t("form.editTitle")}</DialogTitle>
          {form.message && <Notice tone="error">{form.message}</Notice>}
          <TextField
            label={t("form.title")}
            name="title"
            placeholder={t("form.titlePlaceholder")}
            value={draft.title}
            maxLength={MAX_TITLE + 50}
            onChange={(event) => set("title")(event.target.value)}
            error={form.errors.title}
            autoFocus
            required
          />
          <TextArea
            label={t("form.description")}
            name="description"
            optional
            rows={3}
            value={draft.description}
            maxLength={MAX_DESCRIPTION}
            onChange={(event) => set("description")(event.target.value)}
            error={form.errors.description}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField label={t("form.deadline")} name="deadline" optional value={draft.deadline} onChange={set("deadline")} error={form.errors.deadline} />
            {hasMilestones ? (
              <p className="self-end text-sm text-slate-500">{t("form.progressWithMilestones")}</p>
            ) : (
              <TextField
                label={t("form.progress")}
                name="progress"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                optional={creating}
                value={draft.progress}
                onChange={(event) => set("progress")(event.target.value)}
                error={form.errors.progress}
              />
            )}
          </div>
          {!creating && (
            <Select
              label={t("form.status")}
              name="status"
              value={draft.status}
              onChange={(event) => set("status")(event.target.value)}
              error={form.errors.status}
              options={GOAL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={form.pending}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={form.pending}>
              {creating ? t("form.create") : t("form.save")}
            </Button>
          </div>
        </DialogPanel>
      </div>
      {question}
    </Dialog>
  );
}
