/**
 * The tasks screen's pure rules: the task as the API answers it, the form's values, the repetition
 * choices (daily, weekdays, weekly on chosen days, monthly) as RRULEs and back, and a quick-add
 * draft turned into form values. Browser-safe, no clock.
 */
import type { TaskPriority, TaskStatus } from "@worker/modules/tasks/constants";
import type { TaskStepView } from "@worker/modules/tasks/steps";
import { draftStep, type DraftStep } from "~/components/step-list";
import { dateTimeFormat, relativeTimeFormat } from "~/lib/intl";
import { pendingFields } from "~/lib/offline/pending-fields";
import { isOfflineId, offlinePartId } from "~/lib/offline/state";

/** A task as /api/v1/tasks answers it (worker/modules/tasks/api.ts `publicTask`). */
export type TaskView = {
  id: string;
  title: string;
  description: string;
  priority: TaskPriority;
  durationMinutes: number;
  dueDate: string | null;
  status: TaskStatus;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  recurrence: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  overdue: boolean;
  /** Its checklist in order (decision 0114); ticking it never completes the task. */
  steps: TaskStepView[];
};

export type Repeat = "none" | "daily" | "weekdays" | "weekly" | "monthly" | "custom";
export const REPEAT_CHOICES: readonly Exclude<Repeat, "custom">[] = ["none", "daily", "weekdays", "weekly", "monthly"];
/** RRULE day codes, Monday first (weeks start on Monday). */
export const WEEK_DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
const WORK_DAYS: readonly WeekDay[] = ["MO", "TU", "WE", "TH", "FR"];

export type TaskForm = {
  title: string;
  description: string;
  priority: TaskPriority;
  durationMinutes: string;
  dueDate: string;
  scheduledDate: string;
  scheduledTime: string;
  status: TaskStatus;
  repeat: Repeat;
  days: WeekDay[];
  /** A rule the form cannot show as a choice (set elsewhere): kept as it is while `repeat` is "custom". */
  customRule: string | null;
  steps: DraftStep[];
};

export const emptyForm = (): TaskForm => ({
  title: "",
  description: "",
  priority: "medium",
  durationMinutes: "30",
  dueDate: "",
  scheduledDate: "",
  scheduledTime: "",
  status: "todo",
  repeat: "none",
  days: [],
  customRule: null,
  steps: [],
});

const weekdayOf = (date: string): WeekDay => WEEK_DAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
const sortDays = (days: readonly WeekDay[]) => WEEK_DAYS.filter((d) => days.includes(d));

/** The RRULE of a repetition choice; monthly repeats on the due date's day of the month. */
export function ruleOf(form: Pick<TaskForm, "repeat" | "days" | "dueDate" | "customRule">): string | null {
  switch (form.repeat) {
    case "none":
      return null;
    case "daily":
      return "FREQ=DAILY";
    case "weekdays":
      return `FREQ=WEEKLY;BYDAY=${WORK_DAYS.join(",")}`;
    case "weekly": {
      const days = form.days.length ? sortDays(form.days) : form.dueDate ? [weekdayOf(form.dueDate)] : [];
      return days.length ? `FREQ=WEEKLY;BYDAY=${days.join(",")}` : "FREQ=WEEKLY";
    }
    case "monthly":
      return form.dueDate ? `FREQ=MONTHLY;BYMONTHDAY=${Number(form.dueDate.slice(8, 10))}` : "FREQ=MONTHLY";
    case "custom":
      return form.customRule;
  }
}

/** The repetition choice of a stored RRULE ("custom" for any other rule, which the form keeps). */
export function repeatOf(rrule: string | null): Pick<TaskForm, "repeat" | "days" | "customRule"> {
  if (!rrule) return { repeat: "none", days: [], customRule: null };
  const parts = Object.fromEntries(rrule.split(";").map((part) => part.split("=") as [string, string]));
  const keys = Object.keys(parts).sort().join(",");
  if (parts.FREQ === "DAILY" && keys === "FREQ") return { repeat: "daily", days: [], customRule: null };
  if (parts.FREQ === "MONTHLY" && (keys === "FREQ" || (keys === "BYMONTHDAY,FREQ" && /^\d{1,2}$/.test(parts.BYMONTHDAY)))) return { repeat: "monthly", days: [], customRule: null };
  if (parts.FREQ === "WEEKLY" && keys === "BYDAY,FREQ") {
    const days = parts.BYDAY.split(",");
    if (days.every((d): d is WeekDay => (WEEK_DAYS as readonly string[]).includes(d))) {
      if (sortDays(days).join(",") === WORK_DAYS.join(",")) return { repeat: "weekdays", days: [], customRule: null };
      return { repeat: "weekly", days: sortDays(days), customRule: null };
    }
  }
  if (parts.FREQ === "WEEKLY" && keys === "FREQ") return { repeat: "weekly", days: [], customRule: null };
  return { repeat: "custom", days: [], customRule: rrule };
}

/** Wall-clock date and time of an instant in a zone ("YYYY-MM-DD", "HH:mm"). */
export function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/** The form's values for an existing task, its scheduled start shown on the user's wall clock. */
export function formOf(task: TaskView, timeZone: string): TaskForm {
  const scheduled = task.scheduledStart ? wallClock(task.scheduledStart, timeZone) : null;
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    durationMinutes: String(task.durationMinutes),
    dueDate: task.dueDate ?? "",
    scheduledDate: scheduled?.date ?? "",
    scheduledTime: scheduled?.time ?? "",
    status: task.status,
    ...repeatOf(task.recurrence),
    // A task still in the offline queue has no step ids the server knows: its steps go as new ones.
    // None (a page kept from before steps existed, offline): no steps.
    steps: (task.steps ?? []).map((step) => (isOfflineId(task.id) ? { ...draftStep(step), id: undefined } : draftStep(step))),
  };
}

/**
 * A quick-add draft (app/lib/quick-add.ts) as form values: a time places the task; the day said is
 * its due date. A sentence that said no day leaves it undated (not due today, so it is not overdue
 * tomorrow), unless it repeats: a repetition starts on its first day.
 */
export function formOfDraft(draft: { title: string; date: string; time: string | null; dated: boolean; durationMinutes: number | null; recurrence: { rrule: string } | null }): TaskForm {
  const form = emptyForm();
  return {
    ...form,
    title: draft.title,
    durationMinutes: String(draft.durationMinutes ?? 30),
    dueDate: draft.dated || draft.recurrence ? draft.date : "",
    scheduledDate: draft.time ? draft.date : "",
    scheduledTime: draft.time ?? "",
    ...(draft.recurrence ? repeatOf(draft.recurrence.rrule) : {}),
  };
}

/**
 * A task as the screen shows it while edits of it made offline wait in the queue: the loader (or
 * the cache, offline) still has the server's version, and a task completed or renamed offline that
 * kept its old look would be completed or renamed again. Only fields drawn as they are; a refused
 * change is not shown as done (its own card in QueuedChanges says so).
 */
const SHOWN_FIELDS = ["title", "description", "priority", "durationMinutes", "dueDate", "status"] as const;
export function withQueuedEdits(task: TaskView, changes: readonly { path: string; status: string; body: Record<string, unknown> }[]): TaskView {
  const edited = pendingFields<TaskView>(changes, `/tasks/${task.id}`, SHOWN_FIELDS);
  // The same object when nothing waits for it (the list's rows are compared by identity).
  return Object.keys(edited).length === 0 ? task : { ...task, ...edited };
}

/**
 * A task created offline and still waiting in the queue, as the screen shows it (its temporary id,
 * the values sent so far; edits made offline are folded into them). The server fills in the rest
 * when the creation is replayed.
 */
export function taskOfQueuedCreate(tempId: string, body: Record<string, unknown>, createdAt: number): TaskView {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const orNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const duration = typeof body.durationMinutes === "number" && body.durationMinutes > 0 ? body.durationMinutes : 30;
  const start = orNull(body.scheduledStart);
  const status = (["todo", "in_progress", "done"] as const).find((s) => s === body.status) ?? "todo";
  const created = new Date(createdAt).toISOString();
  return {
    id: tempId,
    title: text(body.title),
    description: text(body.description),
    priority: (["low", "medium", "high"] as const).find((p) => p === body.priority) ?? "medium",
    durationMinutes: duration,
    dueDate: orNull(body.dueDate),
    status,
    scheduledStart: start,
    scheduledEnd: start ? new Date(Date.parse(start) + duration * 60_000).toISOString() : null,
    recurrence: orNull(body.recurrence),
    completedAt: status === "done" ? created : null,
    createdAt: created,
    updatedAt: created,
    overdue: false,
    // Not on the server yet: a step's id is a temporary one by its place, which the creation's answer
    // turns into the real one for ticks queued meanwhile (createdIdsOf, app/lib/offline/queue.ts).
    steps: (Array.isArray(body.steps) ? body.steps : []).map((step: unknown, i) => ({ id: offlinePartId(tempId, i), text: text((step as { text?: unknown } | null)?.text), done: false })),
  };
}

/**
 * A due date as people say it, relative to `today` (both YYYY-MM-DD, the user's days): "hoje",
 * "amanhã", "ontem" (Intl's own words), the weekday within the coming week ("sexta-feira"), else
 * the short date ("12/12", "Dec 12"). `near` marks today and tomorrow, which the list highlights.
 */
export function dueWords(date: string, today: string, locale: string): { text: string; near: boolean } {
  const days = Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
  const day = new Date(`${date}T12:00:00Z`);
  if (Math.abs(days) <= 1) return { text: relativeTimeFormat(locale, { numeric: "auto" }).format(days, "day"), near: days >= 0 };
  if (days > 1 && days < 7) return { text: dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(day), near: false };
  return { text: dateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(day), near: false };
}
