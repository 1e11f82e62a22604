/**
 * Task reminders: every quarter hour, a `task` notification for each task that starts within the
 * next quarter hour (its scheduled start), once per task and start (a moved task is reminded again
 * at its new time). Through notify(), so the user's preferences (in-app, e-mail, quiet hours) apply.
 * The window includes its end: a task on the hour is reminded by the run a quarter before it, not
 * by the run at its start; the next run sees it again and its dedupe key keeps that to one reminder
 * (recorded apart from the notification: deleted in between, it is not sent again, decision 0103).
 */
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { fanOut } from "../../cron/fan-out";
import { notify } from "../../notifications/notify";
import { tasksStarting, userIdsWithTasksStarting } from "./queries";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;
/** A run may come a little late: starts from a few minutes back are still reminded (once, by key). */
const LATE = 5 * 60_000;
/** The starts a run at `now` reminds: [now − LATE, now + QUARTER], both ends included. */
const window = (now: Date): [Date, Date] => [new Date(now.getTime() - LATE), new Date(now.getTime() + QUARTER)];

export const taskReminders = fanOut({
  selectUsers: (env, now, page) => userIdsWithTasksStarting(database(env.DB), page, ...window(now)),
  perUser: async (env, userId, now) => {
    const db = database(env.DB);
    const [user, due] = await Promise.all([findUserById(db, userId), tasksStarting(db, userId, ...window(now))]);
    if (!user || due.length === 0) return false;
    let sent = false;
    for (const task of due) {
      const row = await notify(env, userId, {
        type: "task",
        category: "tasks",
        // Written in every language, so it reads in the one the person uses when they open it.
        template: "taskStarting",
        vars: (recipient) => ({
          title: task.title,
          time: dateTimeFormat(intlLocale(recipient.language), { timeStyle: "short", timeZone: recipient.timeZone }).format(task.scheduledStart!),
          minutes: task.durationMinutes,
        }),
        actionUrl: `/app/tarefas?task=${task.id}`,
        metadata: { taskId: task.id },
        dedupeKey: `task-start:${task.id}:${task.scheduledStart!.getTime()}`,
        // Only runs within minutes of the start raise it: a day on, the record of it may go.
        dedupeUntil: new Date(task.scheduledStart!.getTime() + DAY),
      });
      sent ||= row !== null;
    }
    return sent;
  },
});
