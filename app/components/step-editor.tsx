/**
 * A form's checklist: add, edit, reorder (up/down) and remove steps. The routine form's (decision
 * 0112) and the task form's (0114); each says its words (`labels`) and limits. Part of those lazily
 * loaded forms, never of a screen's first load.
 *
 * Every button says which step it acts on ("Subir o passo 2"); after a move the focus follows the
 * step, so pressing "Subir" again keeps moving it (or goes to "Descer" once it is at the top).
 *
 * Typed as a list, as To Do and Todoist take one: Enter in a step opens the next one below it
 * (never submits the half-written form), Backspace in an empty step removes it and goes back to the
 * one above, and pasting several lines makes a step of each.
 */
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { draftStep, moved, type DraftStep } from "./step-list";

export { draftStep, moved, type DraftStep } from "./step-list";

/**
 * `steps` after `pasted` went into the step at `index` over its selection [from, to): the first
 * line there, each further non-empty line a step of its own below it (trimmed), as many as `max` allows, each
 * cut to `maxLength`. Null for a single line (the field pastes it itself). `focus`: the step whose
 * text takes the focus (the last one made).
 */
export function pastedSteps(steps: readonly DraftStep[], index: number, pasted: string, [from, to]: [number, number], max: number, maxLength: number): { steps: DraftStep[]; focus: string } | null {
  // The first line joins the text around the caret as typed; the others are steps of their own.
  const [first, ...rest] = pasted.split(/\r\n|\r|\n/).map((line, i) => (i === 0 ? line : line.trim()));
  if ([first.trim(), ...rest].filter(Boolean).length < 2) return null;
  const current = steps[index];
  const made = rest
    .filter(Boolean)
    .slice(0, Math.max(0, max - steps.length))
    .map((text) => ({ ...draftStep(), text: text.slice(0, maxLength) }));
  const text = (current.text.slice(0, from) + first + current.text.slice(to)).slice(0, maxLength);
  return { steps: [...steps.slice(0, index), { ...current, text }, ...made, ...steps.slice(index + 1)], focus: (made.at(-1) ?? current).key };
}

/** The editor's words, in the form's namespace: `n` is the step's place from 1. */
export type StepEditorLabels = {
  legend: string;
  hint: string;
  step: (n: number) => string;
  placeholder: string;
  add: string;
  up: (n: number) => string;
  down: (n: number) => string;
  remove: (n: number) => string;
};

/**
 * The labels from a namespace's `form.*` keys (steps, stepsHint, step, stepPlaceholder, addStep,
 * stepUp, stepDown, stepRemove): the task form's and the routine form's catalogues both hold them.
 */
type StepLabelKey = "form.steps" | "form.stepsHint" | "form.step" | "form.stepPlaceholder" | "form.addStep" | "form.stepUp" | "form.stepDown" | "form.stepRemove";
export const formStepLabels = (t: (key: StepLabelKey, options?: { n: number }) => string): StepEditorLabels => ({
  legend: t("form.steps"),
  hint: t("form.stepsHint"),
  step: (n) => t("form.step", { n }),
  placeholder: t("form.stepPlaceholder"),
  add: t("form.addStep"),
  up: (n) => t("form.stepUp", { n }),
  down: (n) => t("form.stepDown", { n }),
  remove: (n) => t("form.stepRemove", { n }),
});

export function StepEditor({
  steps,
  onChange,
  errors,
  labels,
  max,
  maxLength,
  hintId,
}: {
  steps: DraftStep[];
  onChange: (steps: DraftStep[]) => void;
  errors: Record<string, string | undefined>;
  labels: StepEditorLabels;
  /** At most this many steps (the add button goes), each at most `maxLength` characters. */
  max: number;
  maxLength: number;
  /** The hint's id, unique on the page. */
  hintId: string;
}) {
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
    // In a step's text, the caret goes to its end: where one goes on typing after Backspace or a paste.
    if (usable instanceof HTMLInputElement) usable.setSelectionRange(usable.value.length, usable.value.length);
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
  const add = (after = steps.length - 1) => {
    const step = draftStep();
    focusNext.current = `${step.key}|text`;
    onChange([...steps.slice(0, after + 1), step, ...steps.slice(after + 1)]);
  };
  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // An input method's Enter confirms the word being composed, not the step.
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      event.preventDefault();
      if (steps.length < max && steps[index].text.trim() !== "") add(index);
    } else if (event.key === "Backspace" && steps[index].text === "") {
      event.preventDefault();
      const above = steps[index - 1] ?? steps[index + 1];
      focusNext.current = above ? `${above.key}|text` : "add|";
      onChange(steps.filter((_, i) => i !== index));
    }
  };
  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const next = pastedSteps(steps, index, event.clipboardData.getData("text"), [field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length], max, maxLength);
    if (!next) return;
    event.preventDefault();
    focusNext.current = `${next.focus}|text`;
    onChange(next.steps);
  };
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-800">{labels.legend}</legend>
      <p id={hintId} className="mb-2 text-xs text-slate-500">
        {labels.hint}
      </p>
      <ol ref={listRef} className="space-y-2">
        {steps.map((step, index) => {
          const n = index + 1;
          return (
            <li key={step.key} data-step={step.key} className="flex items-start gap-1">
              <TextField
                className="min-w-0 flex-1"
                label={labels.step(n)}
                hideLabel
                placeholder={labels.placeholder}
                value={step.text}
                maxLength={maxLength}
                error={errors[`steps.${index}.text`] ?? errors[`steps.${index}`]}
                onChange={(e) => onChange(steps.map((s) => (s.key === step.key ? { ...s, text: e.target.value } : s)))}
                onKeyDown={(e) => keyDown(index, e)}
                onPaste={(e) => paste(index, e)}
                enterKeyHint="next"
                data-control="text"
              />
              <Button variant="ghost" aria-label={labels.up(n)} disabled={index === 0} onClick={() => move(index, -1)} data-control="up">
                <span aria-hidden="true">↑</span>
              </Button>
              <Button variant="ghost" aria-label={labels.down(n)} disabled={index === steps.length - 1} onClick={() => move(index, 1)} data-control="down">
                <span aria-hidden="true">↓</span>
              </Button>
              <Button variant="ghost" className="text-red-700" aria-label={labels.remove(n)} onClick={() => remove(index)} data-control="remove">
                <span aria-hidden="true">✕</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {errors.steps && <p className="mt-1 text-sm text-red-700">{errors.steps}</p>}
      {steps.length < max && (
        <Button variant="secondary" className="mt-2" onClick={() => add()} data-action="add-step">
          {labels.add}
        </Button>
      )}
    </fieldset>
  );
}
