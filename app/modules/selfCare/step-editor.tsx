/**
 * The routine form's checklist (decision 0112): add, edit, reorder (up/down) and remove steps. Part
 * of the lazily loaded form (./routine-form.tsx), never of the screen's first load.
 *
 * Every button says which step it acts on ("Subir o passo 2"); after a move the focus follows the
 * step, so pressing "Subir" again keeps moving it (or goes to "Descer" once it is at the top).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { MAX_STEPS, STEP_MAX_LENGTH } from "@worker/modules/selfCare/steps";

/** A step as the form holds it: `key` names the row on this screen; `id` is the saved step's (none: new). */
export type DraftStep = { key: string; id?: string; text: string };

let nextKey = 0;
export const draftStep = (step?: { id: string; text: string }): DraftStep => ({ key: `step-${nextKey++}`, ...(step ? { id: step.id, text: step.text } : { text: "" }) });

/** `steps` with the one at `from` moved to `to`. */
export function moved<T>(steps: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [step] = next.splice(from, 1);
  next.splice(to, 0, step);
  return next;
}

export function StepEditor({ steps, onChange, errors }: { steps: DraftStep[]; onChange: (steps: DraftStep[]) => void; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation("selfCare");
  const listRef = useRef<HTMLOListElement>(null);
  // What gets the focus after the change renders: a row's control ("key|up", "key|text") or the add button.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target || !listRef.current) return;
    const [key, control] = target.split("|");
    const row = listRef.current.parentElement?.querySelector<HTMLElement>(key === "add" ? '[data-action="add-step"]' : `[data-step="${CSS.escape(key)}"]`);
    const wanted = control ? row?.querySelector<HTMLElement | HTMLInputElement>(`[data-control="${control}"]`) : row;
    // At the top "up" is disabled: the focus goes to "down" (and the other way round).
    const other = control === "up" ? "down" : control === "down" ? "up" : null;
    const usable = wanted && !(wanted as HTMLButtonElement).disabled ? wanted : other ? row?.querySelector<HTMLElement>(`[data-control="${other}"]`) : wanted;
    usable?.focus();
  });
  const move = (index: number, by: -1 | 1) => {
    focusNext.current = `${steps[index].key}|${by < 0 ? "up" : "down"}`;
    onChange(moved(steps, index, index + by));
  };
  const remove = (index: number) => {
    const after = steps[index + 1] ?? steps[index - 1];
    focusNext.current = after ? `${after.key}|text` : "add|";
    onChange(steps.filter((_, i) => i !== index));
  };
  const add = () => {
    const step = draftStep();
    focusNext.current = `${step.key}|text`;
    onChange([...steps, step]);
  };
  return (
    <fieldset aria-describedby="routine-steps-hint">
      <legend className="text-sm font-medium text-slate-800">{t("form.steps")}</legend>
      <p id="routine-steps-hint" className="mb-2 text-xs text-slate-500">
        {t("form.stepsHint")}
      </p>
      <ol ref={listRef} className="space-y-2">
        {steps.map((step, index) => {
          const n = index + 1;
          return (
            <li key={step.key} data-step={step.key} className="flex items-start gap-1">
              <TextField
                className="min-w-0 flex-1"
                label={t("form.step", { n })}
                hideLabel
                placeholder={t("form.stepPlaceholder")}
                value={step.text}
                maxLength={STEP_MAX_LENGTH}
                error={errors[`steps.${index}.text`] ?? errors[`steps.${index}`]}
                onChange={(e) => onChange(steps.map((s) => (s.key === step.key ? { ...s, text: e.target.value } : s)))}
                data-control="text"
              />
              <Button variant="ghost" aria-label={t("form.stepUp", { n })} disabled={index === 0} onClick={() => move(index, -1)} data-control="up">
                <span aria-hidden="true">↑</span>
              </Button>
              <Button variant="ghost" aria-label={t("form.stepDown", { n })} disabled={index === steps.length - 1} onClick={() => move(index, 1)} data-control="down">
                <span aria-hidden="true">↓</span>
              </Button>
              <Button variant="ghost" className="text-red-700" aria-label={t("form.stepRemove", { n })} onClick={() => remove(index)} data-control="remove">
                <span aria-hidden="true">✕</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {errors.steps && <p className="mt-1 text-sm text-red-700">{errors.steps}</p>}
      {steps.length < MAX_STEPS && (
        <Button variant="secondary" className="mt-2" onClick={add} data-action="add-step">
          {t("form.addStep")}
        </Button>
      )}
    </fieldset>
  );
}
