import { describe, expect, it } from "vitest";
import { formOf, taskOfQueuedCreate } from "~/modules/tasks/model";
import type { QueuedChange } from "~/lib/offline/queue";
import { queuedCheckIns } from "~/modules/selfCare/offline";

describe("items made offline, as the screens show them", () => {
  it("shows a task created offline with the values sent so far (its offline completion folded in)", () => {
    const task = taskOfQueuedCreate("offline-k1", { title: "Comprar fruta", priority: "high", durationMinutes: 45, dueDate: "2026-11-24", scheduledStart: "2026-11-24T10:00:00.000Z", status: "done", recurrence: null }, Date.UTC(2026, 10, 23, 9));
    expect(task).toMatchObject({ id: "offline-k1", title: "Comprar fruta", priority: "high", status: "done", dueDate: "2026-11-24", scheduledEnd: "2026-11-24T10:45:00.000Z", completedAt: "2026-11-23T09:00:00.000Z" });
    // Editable in the task form like any other task.
    expect(formOf(task, "Europe/Lisbon")).toMatchObject({ title: "Comprar fruta", durationMinutes: "45", scheduledDate: "2026-11-24", scheduledTime: "10:00", status: "done" });
  });

  it("falls back to the form's defaults for values it does not recognise", () => {
    expect(taskOfQueuedCreate("offline-k2", { title: 3, priority: "urgent", durationMinutes: -5, status: "archived" }, 0)).toMatchObject({ title: "", priority: "medium", durationMinutes: 30, status: "todo", dueDate: null });
  });

  it("marks the days checked in offline per routine", () => {
    const change = (path: string, date: unknown, kind: QueuedChange["kind"] = "routine.checkIn"): QueuedChange => ({ seq: 1, key: "k", userId: "u", kind, method: "POST", path, body: { date }, label: "", createdAt: 0, attempts: 0, nextAttemptAt: 0, status: "pending" });
    const days = queuedCheckIns([change("/routines/r1/check-ins", "2026-11-23"), change("/routines/r2/check-ins", "2026-11-22"), change("/routines/r3/check-ins", 5), change("/tasks", "2026-11-23", "task.create")]);
    expect([...days.keys()]).toEqual(["r1|2026-11-23", "r2|2026-11-22"]);
  });
});
