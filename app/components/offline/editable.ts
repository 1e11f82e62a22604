import type { ChangeKind } from "~/lib/offline/queue";

/** The fields a user can correct in a refused change, per kind (the rest is kept as it was). */
export const EDITABLE: Record<ChangeKind, readonly ("title" | "description" | "content" | "amountCents")[]> = {
  "task.create": ["title", "description"],
  "task.update": ["title"],
  "task.stepTick": [],
  "transaction.create": ["description", "amountCents"],
  "transaction.update": ["description", "amountCents"],
  "diary.create": ["title", "content"],
  "diary.update": ["title", "content"],
  "diary.delete": [],
  "routine.checkIn": [],
  "routine.stepTick": [],
  "routine.count": [],
  "event.create": ["title", "description"],
  "event.update": ["title"],
  // A step, a status or a milestone's tick: nothing to correct in words (try again or discard).
  "goal.update": [],
  // A flow, a date or a delete: nothing in words either.
  "cycle.log": [],
  "cycle.update": [],
  "cycle.delete": [],
  "cycle.period": [],
  "cycle.markLong": [],
  "cycle.unmarkLong": [],
};
