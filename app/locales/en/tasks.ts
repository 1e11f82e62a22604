import type ptTasks from "../pt/tasks";
import type { Catalog } from "../types";

export default {
  name: "Tasks",
  errors: {
    titleRequired: "The task title is required",
    titleTooLong: "The title can have at most 200 characters.",
    descriptionTooLong: "The description can have at most 5000 characters.",
    invalidDate: "Invalid date: use a date that exists (YYYY-MM-DD).",
    invalidInstant: "Invalid start time.",
    duration: "Enter a duration from 5 to 1440 minutes.",
    recurrence: "Invalid repetition.",
    recurrenceNeedsDate: "A repeating task needs a date.",
    create: "Error creating task",
    update: "Error saving task",
    delete: "Error deleting",
    schedule: "Error scheduling task",
    noSlot: "Error scheduling task: there is no free slot in your working hours before the due date.",
    tooLong: "Error scheduling task: the task is longer than a working day.",
    duePassed: "Error scheduling task: the due date has passed.",
    alreadyDone: "This task is already done.",
    load: "Could not load the tasks.",
  },
} satisfies Catalog<typeof ptTasks>;
