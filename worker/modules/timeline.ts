import type { Db } from "../db/client";
import { WORKER_MODULES } from ".";
import type { Read } from "../db/reads";
import { timelineOf, timelineRead, timelineWithinRead } from "./registry";
import type { TimelineBounds, TimelineItem, TimelineRange } from "./types";

/**
 * The user's timeline from every running module, `except` one: the calendar shows the others'
 * items beside its events, and smart scheduling counts them all as busy time.
 *
 * Modules import this from their request handlers; WORKER_MODULES is read when the function runs,
 * not when the file loads, so the import cycle (module → timeline → module list) is harmless.
 */
export const userTimeline = (db: Db, userId: string, range: TimelineRange, except?: string): Promise<TimelineItem[]> =>
  timelineOf(WORKER_MODULES, db, userId, range, except);

/** `userTimeline` as a `Read`, for a loader's own D1 batch. */
export const userTimelineRead = (db: Db, userId: string, range: TimelineRange, except?: string): Read<TimelineItem[]> =>
  timelineRead(WORKER_MODULES, db, userId, range, except);

/** `userTimelineRead` for a range only the batch reveals (registry.ts `timelineWithinRead`). */
export const userTimelineWithinRead = (db: Db, userId: string, bounds: TimelineBounds, except?: string): Read<(range: TimelineRange) => TimelineItem[]> =>
  timelineWithinRead(WORKER_MODULES, db, userId, bounds, except);
