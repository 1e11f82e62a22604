import { describe, expect, it } from "vitest";
import { bodyOf, editedEventFields, ruleEdited } from "./event-body";
import type { EventDraft } from "./event-draft";
import { fromRrule, NO_REPEAT } from "./recurrence-form";

/** The dialog opened on an occurrence of a series: its draft, and the repeat editor as it starts. */
const opened = (rrule: string | null, changes: Partial<EventDraft> = {}) => {
  const draft: EventDraft = {
    id: "series-1",
    occurrenceStart: "2026-06-08T18:00:00+01:00",
    recurring: rrule !== null,
    title: "Pilates",
    description: "",
    location: "",
    allDay: false,
    startDate: "2026-06-08",
    startTime: "18:00",
    endDate: "2026-06-08",
    endTime: "19:00",
    timeZone: "Europe/Lisbon",
    reminderMinutes: null,
    busy: true,
    rrule,
    ...changes,
  };
  return { draft, repeat: fromRrule(draft.rrule, draft.timeZone) };
};

describe("whether the event dialog sends the rule", () => {
  it("leaves it out when only other fields changed, however the editor would spell the rule", () => {
    // The whole series' COUNT ("this and the following" must not send it back) and a rule the editor shows as custom.
    for (const rrule of ["FREQ=WEEKLY;BYDAY=MO;COUNT=10", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1"]) {
      const { draft, repeat } = opened(rrule);
      expect(ruleEdited(draft, { ...draft, title: "Pilates clínico", endTime: "19:30", reminderMinutes: 10 }, repeat), rrule).toBe(false);
    }
    // Imported rules the editor would write differently (BYDAY or BYMONTHDAY filled in, its own UNTIL, parts reordered).
    for (const rrule of ["FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=WEEKLY;WKST=MO;UNTIL=20260630"]) {
      const { draft, repeat } = opened(rrule);
      expect(bodyOf(draft, repeat).rrule, rrule).not.toBe(rrule);
      expect(ruleEdited(draft, { ...draft, title: "Pilates clínico" }, repeat), rrule).toBe(false);
    }
    // West of Greenwich, the end date read back from a UTC UNTIL is the one the editor writes again.
    const { draft, repeat } = opened("FREQ=WEEKLY;BYDAY=MO;UNTIL=20260701T025959Z", { timeZone: "America/Sao_Paulo" });
    expect(ruleEdited(draft, { ...draft, title: "Aula" }, repeat)).toBe(false);
  });

  it("sends it when the repeat editor changed, or what the rule is written against did", () => {
    const { draft, repeat } = opened("FREQ=WEEKLY;BYDAY=MO;COUNT=10");
    expect(ruleEdited(draft, draft, { ...repeat, count: 12 })).toBe(true);
    expect(ruleEdited(draft, draft, { ...repeat, days: ["MO", "WE"] })).toBe(true);
    expect(ruleEdited(draft, draft, NO_REPEAT)).toBe(true);
    expect(ruleEdited(draft, { ...draft, timeZone: "Europe/Madrid" }, repeat)).toBe(true);
    expect(ruleEdited(draft, { ...draft, allDay: true }, repeat)).toBe(true);
    // A monthly rule on the start's day follows the start to another day.
    const monthly = opened("FREQ=MONTHLY;BYMONTHDAY=8");
    expect(ruleEdited(monthly.draft, { ...monthly.draft, startDate: "2026-06-10", endDate: "2026-06-10" }, monthly.repeat)).toBe(true);
    // A weekly rule names its days: moving the start does not rewrite it.
    expect(ruleEdited(draft, { ...draft, startDate: "2026-06-09", endDate: "2026-06-09" }, repeat)).toBe(false);
  });

  it("sends it for a new event, and for one that becomes a series", () => {
    const single = opened(null);
    expect(ruleEdited(single.draft, single.draft, single.repeat)).toBe(false);
    expect(ruleEdited(single.draft, single.draft, { ...NO_REPEAT, freq: "DAILY" })).toBe(true);
    const fresh = { ...single.draft, id: undefined };
    expect(ruleEdited(fresh, fresh, NO_REPEAT)).toBe(true);
  });
});

describe("what saving an edited event sends", () => {
  const before = opened("FREQ=WEEKLY;BYDAY=MO");
  const body = (changes: Partial<EventDraft>, repeat = before.repeat) => bodyOf({ ...before.draft, ...changes }, repeat);
  const openedBody = bodyOf(before.draft, before.repeat);

  it("only the fields changed, none of the times when they are as they opened", () => {
    expect(editedEventFields(body({ title: "Pilates clínico", busy: false }), openedBody, false)).toEqual(["title", "busy"]);
    expect(editedEventFields(openedBody, openedBody, false)).toEqual([]);
  });

  it("all the times together when any changed, and with a rule that is sent", () => {
    expect(editedEventFields(body({ endTime: "19:30" }), openedBody, false)).toEqual(["start", "end", "allDay", "timeZone"]);
    const daily = { ...before.repeat, freq: "DAILY" as const };
    expect(editedEventFields(body({}, daily), openedBody, true)).toEqual(["start", "end", "allDay", "timeZone", "rrule"]);
  });
});
