import type { Db } from "../db/client";
import { WORKER_MODULES } from ".";
import type { Read } from "../db/reads";
import { timelineOf, timelineRead } from "./registry";
import type { TimelineItem, TimelineRange } from "./types";

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
