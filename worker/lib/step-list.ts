/**
 * An ordered list of steps that belongs to one thing (a routine's, decision 0112; a task's, 0114):
 * how the API takes it and how a sent list replaces the stored one. Each module keeps its own
 * table and limits; the rules are the same.
 */
import { z } from "zod";
import type { MessageKey } from "~/locales/types";
import { newId } from "./ids";

/** A step as the API takes it: with the id of one the owner has (kept, with its state), or without (a new one). */
export type StepInput = { id?: string; text: string };

/**
 * The zod schema of `steps`: a list of at most `max` `{ id?, text }`, each text 1–`maxLength`
 * characters after trimming. Errors name "steps" (not a list, too many) or "steps.N.text".
 */
export function stepListSchema(limits: { max: number; maxLength: number }, messages: { list: MessageKey; text: MessageKey; id: MessageKey; tooMany: MessageKey }) {
  return z
    .array(
      z
        .object(
          {
            id: z.string(messages.id).max(64, messages.id).optional(),
            text: z.string(messages.text).trim().min(1, messages.text).max(limits.maxLength, messages.text),
          },
          { error: (issue) => (issue.code === "invalid_type" ? messages.text : undefined) },
        )
        .strict(),
      messages.list,
    )
    .max(limits.max, messages.tooMany);
}

/**
 * The list `wanted` replacing `current` (the ids the owner has now, in any order): a step sent
 * with the id of a current one keeps it (once: a repeated id makes the second a new step); any
 * other is new with a fresh id, so an id from elsewhere names nothing here; a current step left out
 * goes. Answers the steps in their new order (`isNew` for those to insert) and the ids to delete.
 */
export function replaceSteps(current: Iterable<string>, wanted: readonly StepInput[], makeId: () => string = newId) {
  const currentIds = new Set(current);
  const kept = new Set<string>();
  const steps = wanted.map((step) => {
    const id = step.id && currentIds.has(step.id) && !kept.has(step.id) ? step.id : null;
    if (id) kept.add(id);
    return { id: id ?? makeId(), text: step.text, isNew: id === null };
  });
  return { steps, gone: [...currentIds].filter((id) => !kept.has(id)) };
}
