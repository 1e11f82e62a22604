/**
 * Recurring tasks (decision 0019): a task's `recurrence` is an RRULE read as an all-day series that
 * starts on the task's due date. Completing the task creates the next one, due on the rule's next
 * date after the completed one's due date and not before today, so an overdue daily task completed
 * late does not leave a trail of overdue copies behind it.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { expandOccurrences, validateRrule } from "../calendar/recurrence";
import { shiftDate } from "./scheduling";

/** The repetitions the task form offers (the API accepts any RRULE that validates). */
export const WEEKDAYS_RULE = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";

/** Whether `rrule` is a rule a task can repeat by, starting on `dueDate`. */
export function isTaskRule(rrule: string, dueDate: string): boolean {
  if (rrule.length > 200 || /^RRULE:/i.test(rrule)) return false;
  // Tasks repeat on days: an hourly rule would bury the list in copies.
  if (!/(^|;)FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;|$)/.test(rrule)) return false;
  // Each next task starts the rule again on its own due date, so a COUNT would never run out; an
  // end is given with UNTIL (a date), which does not depend on where the series starts.
  if (/(^|;)COUNT=/.test(rrule)) return false;
  return validateRrule(rrule, { start: dueDate, timeZone: "UTC", allDay: true }).ok;
}

/**
 * The due date of the task that follows one due on `dueDate` and completed when the user's local
 * date is `today`: the rule's first date after `dueDate` and on or after `today`, or null when the
 * series has ended (COUNT or UNTIL).
 */
export function nextDueDate(rrule: string, dueDate: string, today: string): string | null {
  const dayAfter = shiftDate(dueDate, 1);
  const from = dayAfter > today ? dayAfter : today;
  const window = expandOccurrences(
    { start: dueDate, end: dayAfter, allDay: true, timeZone: "UTC", rrule, exdates: [] },
    { from, to: shiftDate(from, 400), timeZone: "UTC", limit: 1 },
  );
  return window.items[0]?.start ?? null;
}

/**
 * The id of the next task that completing the task `taskId` creates. It is derived from the
 * completed task's id (SHA-256, 120 bits as newId's) rather than random, so that completing the same
 * task again after reopening it finds the next task made the first time, edited or not, and adds no
 * second one; only when the user deleted it is it made again (decision 0072).
 */
export async function nextTaskId(taskId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`next-task:${taskId}`));
  return encodeBase32LowerCaseNoPadding(new Uint8Array(digest).slice(0, 15));
}
