/** The cycle module's only data access: every query is scoped by the user id. */
import { and, asc, eq, gt, gte, lte, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { IdPage } from "../../db/jobs";
import { listPageRead } from "../../db/lists";
import { mapRead, read, readAll, run, type Read } from "../../db/reads";
import { ownedOr404 } from "../../db/owned";
import { scopedTo } from "../../db/scoped";
import { newId } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import type { CycleHistory, LoggedDay } from "./predictions";
import { cycleDays, cycleLongCycles, cycleReminders, type CycleDay } from "./schema";

export type { CycleDay };

/** What a day's log can change (the API's body, validated). */
export type DayFields = Partial<Pick<CycleDay, "flow" | "symptoms" | "mood" | "notes">>;

/** The user's days in [from, to] (both optional), oldest first, one page. */
export function listDaysRead(db: Db, userId: string, options: { from?: string; to?: string; page: PageRequest }) {
  const where: SQL[] = [];
  if (options.from) where.push(gte(cycleDays.date, options.from));
  if (options.to) where.push(lte(cycleDays.date, options.to));
  return listPageRead(scopedTo(db, userId), cycleDays, { where: and(...where), order: [{ by: cycleDays.date, of: (d) => d.date }], page: options.page });
}

export const listDays = (db: Db, userId: string, options: { from?: string; to?: string; page: PageRequest }) => run(db, listDaysRead(db, userId, options));

export const dayOr404 = (db: Db, userId: string, id: string) => ownedOr404(scopedTo(db, userId), cycleDays, id);

export async function dayOn(db: Db, userId: string, date: string): Promise<CycleDay | undefined> {
  const [row] = await scopedTo(db, userId).select(cycleDays, eq(cycleDays.date, date)).limit(1);
  return row;
}

/**
 * Logs a day: the first log of a date creates its row, a later one changes only the fields it
 * names. One statement with the (user, date) unique index as its conflict target, so two logs of
 * one day racing each other still make one row.
 */
export async function upsertDay(db: Db, userId: string, date: string, fields: DayFields, now: Date): Promise<CycleDay> {
  const [row] = await scopedTo(db, userId)
    .insert(cycleDays, { id: newId(), date, ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [cycleDays.userId, cycleDays.date], set: { ...fields, updatedAt: now } })
    .returning();
  return row;
}

/**
 * Logs a run of days with one flow, in one D1 batch (all or none): a new date gets its row, a
 * logged one changes only its flow (its symptoms, mood and notes stay). Answers the rows in date
 * order, and the days that existed before with the flow they had (what an undo puts back).
 */
export async function upsertFlowDays(db: Db, userId: string, dates: readonly string[], flow: CycleDay["flow"], now: Date) {
  const scoped = scopedTo(db, userId);
  const inRange = and(gte(cycleDays.date, dates[0]), lte(cycleDays.date, dates[dates.length - 1]));
  const writes = dates.map((date) =>
    scoped
      .insert(cycleDays, { id: newId(), date, flow, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [cycleDays.userId, cycleDays.date], set: { flow, updatedAt: now } }),
  );
  // One round trip: D1 runs a batch's statements in order in one transaction, so the first read
  // sees the days before the writes and the last one the days after them.
  const [before, ...rest] = await db.batch([scoped.select(cycleDays, inRange), ...writes, scoped.select(cycleDays, inRange).orderBy(asc(cycleDays.date))]);
  const rows = rest[rest.length - 1] as CycleDay[];
  const existed = new Map(before.map((d) => [d.date, d]));
  return { rows, previous: before.map((d) => ({ id: d.id, date: d.date, flow: d.flow })), created: rows.filter((r) => !existed.has(r.date)).map((r) => r.id) };
}

export async function updateDay(db: Db, userId: string, id: string, changes: DayFields & { date?: string }, now: Date): Promise<CycleDay> {
  const [row] = await scopedTo(db, userId)
    .update(cycleDays, { ...changes, updatedAt: now }, eq(cycleDays.id, id))
    .returning();
  return row;
}

export async function deleteDay(db: Db, userId: string, id: string) {
  await scopedTo(db, userId).delete(cycleDays, eq(cycleDays.id, id));
}

/** The user's days with flow (all a prediction needs: a day without flow is as good as none). */
export const flowDaysRead = (db: Db, userId: string): Read<LoggedDay[]> =>
  read(
    db
      .select({ date: cycleDays.date, flow: cycleDays.flow })
      .from(cycleDays)
      .where(scopedTo(db, userId).owned(cycleDays, ne(cycleDays.flow, "none")))
      .orderBy(asc(cycleDays.date)),
  );

export const flowDays = (db: Db, userId: string): Promise<LoggedDay[]> => run(db, flowDaysRead(db, userId));

/** The starts of the cycles the user said really were about twice her usual one (0113 "Revised"). */
export const longCyclesRead = (db: Db, userId: string): Read<string[]> =>
  read(
    db.select({ start: cycleLongCycles.cycleStart }).from(cycleLongCycles).where(scopedTo(db, userId).owned(cycleLongCycles)).orderBy(asc(cycleLongCycles.cycleStart)),
    (rows) => rows.map((r) => r.start),
  );


/** The flow days and the long-cycle marks in one read (one batch with whatever else the caller reads). */
export const cycleHistoryRead = (db: Db, userId: string): Read<CycleHistory> =>
  mapRead(readAll([flowDaysRead(db, userId), longCyclesRead(db, userId)]), ([days, longCycles]) => ({ days, longCycles }));

export const cycleHistory = (db: Db, userId: string): Promise<CycleHistory> => run(db, cycleHistoryRead(db, userId));

/**
 * Marks the cycle starting on `start` as really long: true when it was not marked yet. One
 * statement with the (user, start) unique index as its conflict target: a second mark (a replay,
 * two tabs) is the same mark.
 */
export async function markLongCycle(db: Db, userId: string, start: string, now: Date): Promise<boolean> {
  const rows = await scopedTo(db, userId).insert(cycleLongCycles, { id: newId(), cycleStart: start, createdAt: now }).onConflictDoNothing().returning({ id: cycleLongCycles.id });
  return rows.length > 0;
}

/** Takes the mark back: false when there was none. */
export async function unmarkLongCycle(db: Db, userId: string, start: string): Promise<boolean> {
  const rows = await scopedTo(db, userId).delete(cycleLongCycles, eq(cycleLongCycles.cycleStart, start)).returning({ id: cycleLongCycles.id });
  return rows.length > 0;
}

/**
 * One keyset page of the ids of users with a flow day on or after `since` and no period-expected
 * reminder sent after `remindedAfter` (ids only, for the reminder's fan-out): users who stopped
 * logging long ago have no prediction worth a reminder, and those reminded in the last days are
 * not enqueued every 15 minutes. Read from the reminders sent, not from the notifications: a
 * notification the user deleted is still a reminder sent.
 */
export const cycleUserIdsPage = async (db: Db, page: IdPage, since: string, remindedAfter: Date): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: cycleDays.userId })
      .from(cycleDays)
      .where(
        and(
          gt(cycleDays.userId, page.afterId),
          gte(cycleDays.date, since),
          ne(cycleDays.flow, "none"),
          notExists(
            db
              .select({ one: sql`1` })
              .from(cycleReminders)
              .where(and(eq(cycleReminders.userId, cycleDays.userId), gt(cycleReminders.sentAt, remindedAfter))),
          ),
        ),
      )
      .orderBy(asc(cycleDays.userId))
      .limit(page.limit)
  ).map((r) => r.id);

/**
 * Claims the reminder of the period counted from `periodStart`: true when this call is the first
 * (the unique index makes a rerun, a retry or a second consumer find it taken).
 */
export async function claimReminder(db: Db, userId: string, periodStart: string, now: Date): Promise<boolean> {
  const rows = await scopedTo(db, userId).insert(cycleReminders, { id: newId(), periodStart, sentAt: now }).onConflictDoNothing().returning({ id: cycleReminders.id });
  return rows.length > 0;
}

/** Every logged day of the user for GET /me/export (ids kept; the user id is implied). */
export async function exportCycle(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, reminders, longCycles] = await Promise.all([
    scoped.select(cycleDays).orderBy(asc(cycleDays.date)),
    scoped.select(cycleReminders).orderBy(asc(cycleReminders.sentAt)),
    scoped.select(cycleLongCycles).orderBy(asc(cycleLongCycles.cycleStart)),
  ]);
  return {
    cycleDays: rows.map(({ userId: _userId, ...row }) => row),
    cycleReminders: reminders.map(({ userId: _userId, ...row }) => row),
    cycleLongCycles: longCycles.map(({ userId: _userId, ...row }) => row),
  };
}

/** Demo history for the seeded account: four periods about 28–30 days apart, ending recently. */
export async function seedCycle(db: Db, userId: string, today: string, addDays: (date: string, days: number) => string) {
  const scoped = scopedTo(db, userId);
  const lengths = [29, 28, 30];
  const firstStart = addDays(today, -(lengths.reduce((a, b) => a + b, 0) + 10));
  const starts = lengths.reduce<string[]>((acc, length) => [...acc, addDays(acc[acc.length - 1], length)], [firstStart]);
  const flows = ["medium", "heavy", "medium", "light", "spotting"] as const;
  const rows = starts.flatMap((start) =>
    flows.map((flow, i) =>
      scoped.insert(cycleDays, {
        id: newId(),
        date: addDays(start, i),
        flow,
        symptoms: i === 0 ? ["cramps", "fatigue"] : i === 1 ? ["cramps"] : [],
        mood: i < 2 ? 3 : 4,
      }).onConflictDoNothing(), // a rerun finds the days logged: nothing to add
    ),
  );
  await scoped.batch(rows);
}

/** Whether the user has logged any day at all (the screen's empty state). */
export const hasDaysRead = (db: Db, userId: string): Read<boolean> =>
  read(db.select({ id: cycleDays.id }).from(cycleDays).where(scopedTo(db, userId).owned(cycleDays)).limit(1), (rows) => rows.length > 0);

export const hasDays = (db: Db, userId: string): Promise<boolean> => run(db, hasDaysRead(db, userId));
