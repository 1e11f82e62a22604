import { describe, expect, it } from "vitest";
import { dueWords, formOf, formOfDraft, repeatOf, ruleOf, wallClock, withQueuedEdits, type TaskView } from "./model";

describe("repetition choices", () => {
  it("writes each choice as an RRULE anchored on the due date", () => {
    const base = { days: [], dueDate: "2026-11-25", customRule: null };
    expect(ruleOf({ ...base, repeat: "none" })).toBeNull();
    expect(ruleOf({ ...base, repeat: "daily" })).toBe("FREQ=DAILY");
    expect(ruleOf({ ...base, repeat: "weekdays" })).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    // Weekly without chosen days repeats on the due date's weekday (25 Nov 2026 is a Wednesday).
    expect(ruleOf({ ...base, repeat: "weekly" })).toBe("FREQ=WEEKLY;BYDAY=WE");
    expect(ruleOf({ ...base, repeat: "weekly", days: ["FR", "MO"] })).toBe("FREQ=WEEKLY;BYDAY=MO,FR");
    expect(ruleOf({ ...base, repeat: "monthly", dueDate: "2026-12-01" })).toBe("FREQ=MONTHLY;BYMONTHDAY=1");
    expect(ruleOf({ ...base, repeat: "custom", customRule: "FREQ=YEARLY" })).toBe("FREQ=YEARLY");
  });

  it("reads stored rules back as choices, and keeps any other rule as it is", () => {
    expect(repeatOf(null).repeat).toBe("none");
    expect(repeatOf("FREQ=DAILY").repeat).toBe("daily");
    expect(repeatOf("FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO").repeat).toBe("weekdays");
    expect(repeatOf("FREQ=WEEKLY;BYDAY=WE,MO")).toEqual({ repeat: "weekly", days: ["MO", "WE"], customRule: null });
    expect(repeatOf("FREQ=MONTHLY;BYMONTHDAY=15").repeat).toBe("monthly");
    expect(repeatOf("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")).toEqual({ repeat: "custom", days: [], customRule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO" });
    expect(repeatOf("FREQ=MONTHLY;BYDAY=2TU").repeat).toBe("custom");
  });
});

describe("form values", () => {
  it("shows a scheduled start on the user's wall clock, across the zone's offset", () => {
    expect(wallClock("2026-07-01T08:30:00.000Z", "Europe/Lisbon")).toEqual({ date: "2026-07-01", time: "09:30" });
    expect(wallClock("2026-11-24T03:00:00.000Z", "America/New_York")).toEqual({ date: "2026-11-23", time: "22:00" });
    const task = { title: "Rever", description: "", priority: "high", durationMinutes: 45, dueDate: null, status: "todo", scheduledStart: "2026-07-01T08:30:00.000Z", recurrence: "FREQ=DAILY" } as TaskView;
    expect(formOf(task, "Europe/Lisbon")).toMatchObject({ durationMinutes: "45", dueDate: "", scheduledDate: "2026-07-01", scheduledTime: "09:30", repeat: "daily" });
  });

  it("turns a quick-add draft into a draft form: a time schedules it, a recurrence becomes a choice", () => {
    expect(formOfDraft({ title: "reunião com a Ana", date: "2026-11-24", time: "15:00", dated: true, durationMinutes: null, recurrence: null })).toMatchObject({
      title: "reunião com a Ana",
      dueDate: "2026-11-24",
      scheduledDate: "2026-11-24",
      scheduledTime: "15:00",
      durationMinutes: "30",
      repeat: "none",
    });
    expect(formOfDraft({ title: "ginásio", date: "2026-11-30", time: null, dated: false, durationMinutes: 60, recurrence: { rrule: "FREQ=WEEKLY;BYDAY=MO" } })).toMatchObject({
      dueDate: "2026-11-30",
      scheduledDate: "",
      durationMinutes: "60",
      repeat: "weekly",
      days: ["MO"],
    });
  });

  it("keeps a task undated when the sentence said no day, and dates it when it said one", () => {
    const base = { title: "estudar inglês", date: "2026-11-27", time: null, durationMinutes: 45, recurrence: null };
    expect(formOfDraft({ ...base, dated: false })).toMatchObject({ dueDate: "", scheduledDate: "", durationMinutes: "45" });
    expect(formOfDraft({ ...base, dated: true })).toMatchObject({ dueDate: "2026-11-27", scheduledDate: "" });
  });
});

describe("dueWords", () => {
  const words = (date: string, locale: string) => dueWords(date, "2026-12-06", locale);
  it("says yesterday, today and tomorrow in words, the coming week's days by name, later ones by date", () => {
    expect(["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-11", "2026-12-12", "2026-12-13", "2026-11-30"].map((date) => words(date, "pt-PT").text)).toEqual([
      "ontem",
      "hoje",
      "amanhã",
      "sexta-feira",
      "sábado",
      "13/12",
      "30/11",
    ]);
    expect(["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-11", "2027-01-02"].map((date) => words(date, "en-US").text)).toEqual(["yesterday", "today", "tomorrow", "Friday", "Jan 2"]);
  });

  it("marks today and tomorrow as near, nothing else", () => {
    expect(["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"].map((date) => words(date, "pt-PT").near)).toEqual([false, true, true, false]);
  });

  it("counts calendar days across a change of summer time and a year", () => {
    expect(dueWords("2027-03-29", "2027-03-28", "en-US").text).toBe("tomorrow");
    expect(dueWords("2027-01-01", "2026-12-31", "pt-PT").text).toBe("amanhã");
  });
});

describe("a task with edits waiting in the offline queue", () => {
  const task = { id: "t1", title: "Regar", description: "", priority: "medium", durationMinutes: 30, dueDate: null, status: "todo" } as unknown as TaskView;
  const change = (body: Record<string, unknown>, status = "pending", path = "/tasks/t1") => ({ path, status, body });

  it("is shown completed and renamed as it was made offline, later edits over earlier ones", () => {
    const shown = withQueuedEdits(task, [change({ status: "done" }), change({ title: "Regar as plantas", baseUpdatedAt: "x" }), change({ title: "Outra" }, "pending", "/tasks/t2")]);
    expect(shown).toMatchObject({ status: "done", title: "Regar as plantas" });
    expect(shown).not.toHaveProperty("baseUpdatedAt");
  });

  it("is not shown changed by an edit the server refused", () => {
    expect(withQueuedEdits(task, [change({ status: "done" }, "failed")])).toBe(task);
  });
});
