/**
 * When a user's weekly report is made: Monday 07:00 on their own clock (users.time_zone), so the
 * week that just ended is theirs everywhere, from Kiritimati (UTC+14) to Pago Pago (UTC−11)
 * (docs/decisions/0039, revised). The job runs every quarter-hour; each run takes the zones whose
 * local time is in the quarter-hour that starts at Monday 07:00, so each user is enqueued by one run.
 */
import { wallClockOf } from "../../lib/time-zone";
import { addDays } from "../selfCare/streaks";
import { lastWeekStart } from "./builder";

export const REPORT_WEEKDAY = 1; // Monday
export const REPORT_HOUR = 7;
/** The schedule's period: every zone's offset is a whole number of quarter-hours, so one run falls in it. */
export const REPORT_WINDOW_MINUTES = 15;

const MINUTE = 60_000;
/** The offsets zones use today: UTC−12 (Etc/GMT+12) to UTC+14 (Pacific/Kiritimati), in minutes. */
const OFFSETS = { min: -12 * 60, max: 14 * 60 };

/** Whether a reading of the local clock (as a UTC ms count) is in Monday [07:00, 07:15). */
function isReportWallClock(wall: number): boolean {
  const clock = new Date(wall);
  return clock.getUTCDay() === REPORT_WEEKDAY && clock.getUTCHours() === REPORT_HOUR && clock.getUTCMinutes() < REPORT_WINDOW_MINUTES;
}

/** Whether it is Monday 07:00 (to 07:14) in `timeZone` at `now`; false for a zone Intl does not know. */
export function isReportTimeIn(now: Date, timeZone: string): boolean {
  try {
    return isReportWallClock(wallClockOf(now.getTime(), timeZone));
  } catch {
    // A stored zone this runtime's ICU rejects must not stop the others' reports.
    return false;
  }
}

/**
 * Whether any zone can be at Monday 07:00 at `now` (Sunday 17:00 to Monday 19:14 UTC): outside
 * that, the job does not read the users' zones at all.
 */
export function reportTimeSomewhere(now: Date): boolean {
  for (let offset = OFFSETS.min; offset <= OFFSETS.max; offset += REPORT_WINDOW_MINUTES) {
    if (isReportWallClock(now.getTime() + offset * MINUTE)) return true;
  }
  return false;
}

/** Of the given zones (the users' distinct ones), those at Monday 07:00 at `now`. */
export const zonesAtReportTime = (now: Date, zones: Iterable<string>): string[] => [...new Set(zones)].filter((zone) => isReportTimeIn(now, zone));

/**
 * The Monday of the latest week whose report time has come in `timeZone` at `now`: the week that
 * just ended from Monday 07:00 on, the one before it until then.
 */
export function lastDueReportWeek(now: Date, timeZone: string): string {
  const clock = new Date(wallClockOf(now.getTime(), timeZone));
  const beforeReportTime = clock.getUTCDay() === REPORT_WEEKDAY && clock.getUTCHours() < REPORT_HOUR;
  const week = lastWeekStart(now, timeZone);
  return beforeReportTime ? addDays(week, -7) : week;
}
