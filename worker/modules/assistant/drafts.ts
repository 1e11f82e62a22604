/**
 * Drafts: what a create intent or tool call would write. A draft is checked with the owning module's
 * own create schema when it is proposed, and again, with the user's edits, when it is confirmed;
 * only then is it written, through that module's query functions (never SQL on its tables here).
 */
import type { z } from "zod";
import type { Db } from "../../db/client";
import type { User } from "../../db/accounts";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { fieldErrors } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import { scopedTo } from "../../db/scoped";
import type { Entitlement } from "~/lib/plans";
import type { MessageKey } from "~/locales/types";
import { checkFields, createSchema as eventSchema } from "../calendar/api";
import { insertEvent, queueGooglePush } from "../calendar/queries";
import { checkEntry, createSchema as diarySchema } from "../diary/index";
import { createEntry } from "../diary/queries";
import { createTransactionSchema } from "../finances/api";
import { checkBudgets } from "../finances/budget-alerts";
import { categoryExists, insertTransaction } from "../finances/queries";
import { createSchema as goalSchema } from "../goals/api";
import { createGoal } from "../goals/queries";
import { createSchema as taskSchema } from "../tasks/api";
import { insertTask, scheduleMany, taskOr404 } from "../tasks/queries";
import { localDateOf, zonedInstant } from "../tasks/scheduling";
import { zonedParts } from "../../lib/time-zone";
import type { AssistantDraft } from "./queries";

export type DraftType = AssistantDraft["type"];

const invalid = (fields: Record<string, MessageKey>) => new ApiError("validation_failed", 400, Object.values(fields)[0] ?? "errors:validation_failed", fields);

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** The only fields a draft of each type carries (an edit cannot add others, such as a status). */
const FIELDS: Record<DraftType, readonly string[]> = {
  task: ["title", "dueDate", "scheduledStart", "durationMinutes", "priority"],
  event: ["title", "start", "end", "allDay", "timeZone"],
  transaction: ["type", "amountCents", "description", "date", "category"],
  diaryEntry: ["title", "content", "mood", "emotions", "date"],
  goal: ["title", "description", "deadline"],
  planDay: ["date", "placed"],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The draft's fields with the user's edits. The card edits a task's day alone (it has no time
 * field), so a scheduled start moves to the new day at the same local time: kept as drafted, the
 * task would be due on the chosen day but sit in the calendar on the first one. A cleared day
 * leaves it unscheduled. An unreadable day is left for the module's rules to refuse.
 */
export function withEdits(type: DraftType, fields: Record<string, unknown>, edits: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  const merged = { ...fields, ...edits };
  if (type !== "task" || !("dueDate" in edits) || "scheduledStart" in edits || edits.dueDate === fields.dueDate || typeof fields.scheduledStart !== "string") return merged;
  const start = new Date(fields.scheduledStart);
  if (edits.dueDate === null || edits.dueDate === "") return { ...merged, scheduledStart: null };
  if (typeof edits.dueDate !== "string" || !DAY.test(edits.dueDate) || Number.isNaN(start.getTime())) return merged;
  const { hour, minute } = zonedParts(start, timeZone);
  try {
    return { ...merged, scheduledStart: zonedInstant(edits.dueDate, `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`, timeZone).toISOString() };
  } catch {
    // A day that does not exist (2026-02-30): the tasks schema refuses it with its own message.
    return merged;
  }
}

const pick = (type: DraftType, fields: Record<string, unknown>) => Object.fromEntries(FIELDS[type].filter((key) => key in fields).map((key) => [key, fields[key]]));

/**
 * The draft's fields checked by its module's rules, answered normalised; a 400 with the module's
 * field messages otherwise. Reads only (a transaction's category must exist for the user).
 */
export async function checkDraft(db: Db, user: User, type: DraftType, raw: Record<string, unknown>, now: Date): Promise<Record<string, unknown>> {
  const fields = pick(type, raw);
  switch (type) {
    case "task":
      return parsed(taskSchema, fields);
    case "event": {
      const input = parsed(eventSchema, fields);
      return checkFields({ description: "", location: "", allDay: false, timeZone: user.timeZone, rrule: null, exdates: [], reminderMinutes: null, busy: true, ...input });
    }
    case "transaction": {
      const input = parsed(createTransactionSchema, fields);
      if (!(await categoryExists(db, user.id, input.category))) throw invalid({ category: "finances:validation.category" });
      return input;
    }
    case "diaryEntry": {
      const today = localDateOf(now, user.timeZone);
      const input = parsed(diarySchema, fields);
      const entry = { ...input, date: input.date ?? today, draft: false };
      checkEntry(entry, today);
      return entry;
    }
    case "goal":
      return parsed(goalSchema, fields);
    case "planDay": {
      const placed = Array.isArray(fields.placed) ? (fields.placed as { id?: unknown; title?: unknown; start?: unknown; end?: unknown }[]) : [];
      if (fields.date !== localDateOf(now, user.timeZone) || !placed.length) throw invalid({ date: "assistant:errors.planExpired" });
      return { date: fields.date, placed };
    }
  }
}

export type Written = { type: DraftType; id: string; url: string };

/** Who confirms a draft: the account, its plan's entitlements, where to write and tell. */
export type DraftWriter = { env: Env; db: Db; user: User; entitlements: readonly Entitlement[] };

/**
 * Writes a confirmed draft through its module's functions, with the effects the module's own API
 * has on that write (an expense's budget alerts); answers what was created.
 */
export async function writeDraft(writer: DraftWriter, draft: Pick<AssistantDraft, "type">, fields: Record<string, unknown>, now: Date): Promise<Written> {
  const { env, db, user } = writer;
  const changed = (entity: string, id: string, action: "created" | "updated" = "created") => publishEntityChange(env, user.id, { entity, id, action });
  switch (draft.type) {
    case "task": {
      const input = fields as z.infer<typeof taskSchema>;
      const task = await insertTask(db, user.id, {
        id: newId(),
        title: input.title,
        description: input.description ?? "",
        priority: input.priority ?? "medium",
        durationMinutes: input.durationMinutes ?? 30,
        dueDate: input.dueDate ?? null,
        status: "todo",
        scheduledStart: input.scheduledStart ? new Date(input.scheduledStart) : null,
        recurrence: null,
        completedAt: null,
      });
      await changed("task", task.id);
      return { type: "task", id: task.id, url: `/app/tarefas?task=${task.id}` };
    }
    case "event": {
      const row = await insertEvent(scopedTo(db, user.id), fields as Parameters<typeof insertEvent>[1], now);
      await queueGooglePush(scopedTo(db, user.id), row.id, "upsert", now);
      await changed("event", row.id);
      // The event itself (the calendar opens on its day), not today's week: it may be months away.
      return { type: "event", id: row.id, url: `/app/calendario?event=${row.id}` };
    }
    case "transaction": {
      const input = fields as z.infer<typeof createTransactionSchema>;
      const row = await insertTransaction(db, user.id, { id: newId(), ...input });
      await changed("transaction", row.id);
      if (row.type === "expense") await checkBudgets({ ...writer, now }, [row.category], [row.date]);
      return { type: "transaction", id: row.id, url: `/app/financas?edit=${row.id}` };
    }
    case "diaryEntry": {
      const entry = await createEntry(db, user.id, fields as Parameters<typeof createEntry>[2]);
      await changed("diary", entry.id);
      return { type: "diaryEntry", id: entry.id, url: `/app/diario?entrada=${entry.id}` };
    }
    case "goal": {
      const input = fields as z.infer<typeof goalSchema>;
      const write = await createGoal(db, user.id, { id: newId(), title: input.title, description: input.description, deadline: input.deadline, milestones: input.milestones }, now);
      await changed("goal", write.goal.id);
      return { type: "goal", id: write.goal.id, url: `/app/objetivos?goal=${write.goal.id}` };
    }
    case "planDay": {
      const placed = (fields.placed as { id: string; start: string }[]).map((p) => ({ id: String(p.id), start: new Date(String(p.start)) }));
      // Each task must still be the user's, pending and unscheduled: the plan was made for them as they were.
      for (const p of placed) {
        const task = await taskOr404(db, user.id, p.id);
        if (task.status === "done" || task.scheduledStart || Number.isNaN(p.start.getTime())) throw invalid({ date: "assistant:errors.planExpired" });
      }
      await scheduleMany(db, user.id, placed);
      await Promise.all(placed.map((p) => changed("task", p.id, "updated")));
      return { type: "planDay", id: (fields.date as string) ?? "", url: "/app/tarefas" };
    }
  }
}
