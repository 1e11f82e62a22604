/**
 * A checklist as a form holds it while it is edited (~/components/step-editor): pure and tiny, so
 * a screen's first load can make a form's values without the editor itself.
 */

/** A step as the form holds it: `key` names the row on this screen; `id` is the saved step's (none: new). */
export type DraftStep = { key: string; id?: string; text: string };

let nextKey = 0;
export const draftStep = (step?: { id: string; text: string }): DraftStep => ({ key: `step-${nextKey++}`, ...(step ? { id: step.id, text: step.text } : { text: "" }) });

/** The steps as the API takes them: a saved step with its id (kept, with its state), a new one without. */
export const stepsBody = (steps: readonly DraftStep[]) => steps.map((step) => (step.id ? { id: step.id, text: step.text } : { text: step.text }));

/** `steps` with the one at `from` moved to `to`. */
export function moved<T>(steps: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [step] = next.splice(from, 1);
  next.splice(to, 0, step);
  return next;
}

/** The API's names of the steps' messages ("steps", "steps.2.text"), for a form to show them next to the steps. */
export const stepFieldNames = (max: number) => ["steps", ...Array.from({ length: max }, (_, i) => [`steps.${i}`, `steps.${i}.id`, `steps.${i}.text`]).flat()];
