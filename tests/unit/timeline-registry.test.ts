import { describe, expect, it } from "vitest";
import type { Db } from "@worker/db/client";
import { known } from "@worker/db/reads";
import { timelineOf } from "@worker/modules/registry";
import { defineWorkerModule, type TimelineItem } from "@worker/modules/types";

const item = (module: string, id: string): TimelineItem => ({
  module,
  id,
  occurrenceStart: "2026-11-23T09:00:00.000Z",
  title: id,
  start: "2026-11-23T09:00:00.000Z",
  end: "2026-11-23T10:00:00.000Z",
  allDay: false,
  busy: true,
  url: `/app/${module}`,
});

describe("timelineOf", () => {
  const seen: unknown[] = [];
  const modules = [
    defineWorkerModule({ key: "calendar", searchTypes: [], timeline: () => known(() => [item("calendar", "e1")]) }),
    defineWorkerModule({ key: "notes", searchTypes: [] }),
    defineWorkerModule({
      key: "tasks",
      searchTypes: [],
      timeline: (_db, userId, range) => {
        seen.push({ userId, range });
        return known(() => [item("tasks", "t1")]);
      },
    }),
  ];
  const range = { from: new Date("2026-11-23T00:00:00Z"), to: new Date("2026-11-24T00:00:00Z"), timeZone: "Europe/Lisbon" };

  it("merges every module's items in list order, passing the user and range through", async () => {
    const items = await timelineOf(modules, {} as Db, "user-1", range);
    expect(items.map((i) => `${i.module}:${i.id}`)).toEqual(["calendar:e1", "tasks:t1"]);
    expect(seen).toEqual([{ userId: "user-1", range }]);
  });

  it("leaves out the asking module", async () => {
    const items = await timelineOf(modules, {} as Db, "user-1", range, "calendar");
    expect(items.map((i) => i.id)).toEqual(["t1"]);
  });
});
