/** Self-care's only data access: every query is scoped by the user id (worker/db/scoped.ts). */
import { and, asc, eq, gte, inArray, lte, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listPageIds, listPageRead } from "../../db/lists";
import { mapRead, read, readAll, run } from "../../db/reads";
import { ownedOr404 } from "../../db/owned";
import { scopedTo } from "../../db/scoped";
import { newId } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { routineCheckIns, routines, type Routine } from "./schema";
import type { RoutineCategory } from "./vocabulary";
import { addDays, isScheduled, longestStreak, streakDays, type Schedule } from "./streaks";

export type RoutineInput = {
  title: string;
  category: RoutineCategory;
  description: string;
  frequency: "daily" | "weekdays";
  weekdays: number[];
  durationMinutes: number | null;
};

export const scheduleOf = (routine: Pick<Routine, "frequency" | "weekdays">): Schedule =>
  routine.frequency === "daily" ? { frequency: "daily" } : { frequency: "weekdays", weekdays: routine.weekdays };

/** How many recent days the answers carry (the past-day check-in window and today). */
const RECENT_DAYS = 8;

/** A routine as the API answers it: its fields, streaks and recent days, computed for `today` (the user's). */
export function routineAnswer({ userId: _userId, ...routine }: Routine, checkIns: string[], today: string) {
  const schedule = scheduleOf(routine);
  const recentFrom = addDays(today, -(RECENT_DAYS - 1));
  return {
    ...routine,
    streakDays: streakDays(schedule, checkIns, today),
    longestStreakDays: longestStreak(schedule, checkIns, today),
    scheduledToday: isScheduled(schedule, today),
    checkedInToday: checkIns.includes(today),
    recentCheckIns: checkIns.filter((d) => d >= recentFrom && d <= today).sort(),
  };
}
export type RoutineAnswer = ReturnType<typeof routineAnswer>;

/** The check-ins of the routines `routineIds` selects (ids or a subquery), oldest first. */
const checkInsQuery = (db: Db, userId: string, routineIds: SQLWrapper | string[]) =>
  scopedTo(db, userId).select(routineCheckIns, inArray(routineCheckIns.routineId, routineIds)).orderBy(asc(routineCheckIns.date));

/** Check-in dates by routine, for these routines (rows of others are left out). */
function byRoutine(routineIds: string[], rows: readonly { routineId: string; date: string }[]) {
  const grouped = new Map<string, string[]>(routineIds.map((id) => [id, []]));
  for (const row of rows) grouped.get(row.routineId)?.push(row.date);
  return grouped;
}

/** The check-in dates of these routines, per routine. */
async function checkInsOf(db: Db, userId: string, routineIds: string[]) {
  if (!routineIds.length) return byRoutine(routineIds, []);
  return byRoutine(routineIds, await checkInsQuery(db, userId, routineIds));
}

/**
 * One page of the user's routines with their streaks for `today`: two statements for one D1 batch
 * (the check-ins select the page's routines by subquery).
 */
export function listRoutinesRead(db: Db, userId: string, page: PageRequest, today: string) {
  const scoped = scopedTo(db, userId);
  const list = { order: [{ by: routines.createdAt, of: (r: Routine) => r.createdAt }], page };
  return mapRead(readAll([listPageRead(scoped, routines, list), read(checkInsQuery(db, userId, listPageIds(scoped, routines, list)))]), ([result, rows]) => {
    const checkIns = byRoutine(result.items.map((r) => r.id), rows);
    return { items: result.items.map((r) => routineAnswer(r, checkIns.get(r.id) ?? [], today)), nextCursor: result.nextCursor };
  });
}

export async function listRoutines(db: Db, userId: string, page: PageRequest, today: string) {
  return run(db, listRoutinesRead(db, userId, page, today));
}

export const routineOr404 = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), routines, id);

export async function answerFor(db: Db, userId: string, routine: Routine, today: string) {
  const checkIns = await checkInsOf(db, userId, [routine.id]);
  return routineAnswer(routine, checkIns.get(routine.id) ?? [], today);
}

export async function createRoutine(db: Db, userId: string, input: RoutineInput) {
  const [row] = await scopedTo(db, userId).insert(routines, { id: newId(), ...input }).returning();
  return row;
}

export async function updateRoutine(db: Db, userId: string, id: string, change: Partial<RoutineInput>) {
  const [row] = await scopedTo(db, userId).update(routines, { ...change, updatedAt: new Date() }, eq(routines.id, id)).returning();
  return row;
}

/** The routine and its check-ins, in one batch (the foreign key cascades too; explicit is clearer). */
export async function deleteRoutine(db: Db, userId: string, id: string) {
  const scoped = scopedTo(db, userId);
  await scoped.batch([scoped.delete(routineCheckIns, eq(routineCheckIns.routineId, id)), scoped.delete(routines, eq(routines.id, id))]);
}

/** Records a check-in; a second one for the same day adds nothing. Answers whether a row was added. */
export async function checkIn(db: Db, userId: string, routineId: string, date: string) {
  const rows = await scopedTo(db, userId)
    .insert(routineCheckIns, { id: newId(), routineId, date })
    .onConflictDoNothing({ target: [routineCheckIns.routineId, routineCheckIns.date] })
    .returning({ id: routineCheckIns.id });
  return rows.length > 0;
}

export async function removeCheckIn(db: Db, userId: string, routineId: string, date: string) {
  await scopedTo(db, userId).delete(routineCheckIns, and(eq(routineCheckIns.routineId, routineId), eq(routineCheckIns.date, date)));
}

/** Every check-in of the user in [from, to] (the history view). */
export const checkInsBetweenRead = (db: Db, userId: string, from: string, to: string) =>
  read(
    db
      .select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date })
      .from(routineCheckIns)
      .where(scopedTo(db, userId).owned(routineCheckIns, and(gte(routineCheckIns.date, from), lte(routineCheckIns.date, to))))
      .orderBy(asc(routineCheckIns.date)),
  );

export const checkInsBetween = (db: Db, userId: string, from: string, to: string) => run(db, checkInsBetweenRead(db, userId, from, to));

export async function exportSelfCare(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, checkIns] = await Promise.all([
    scoped.select(routines).orderBy(asc(routines.createdAt)),
    scoped.select(routineCheckIns).orderBy(asc(routineCheckIns.date)),
  ]);
  return {
    routines: rows.map(({ userId: _userId, ...r }) => r),
    routineCheckIns: checkIns.map(({ userId: _userId, ...c }) => c),
  };
}

/** Demo routines with a few weeks of check-ins for the seeded account. */
export async function seedSelfCare(db: Db, userId: string, today: string) {
  const scoped = scopedTo(db, userId);
  const walk = { id: newId(), title: "Caminhada de 20 minutos", category: "movement" as const, description: "Ao fim da tarde, sem telemóvel.", frequency: "daily" as const, weekdays: [], durationMinutes: 20 };
  const stretch = { id: newId(), title: "Alongamentos", category: "body" as const, description: "", frequency: "weekdays" as const, weekdays: [1, 3, 5], durationMinutes: 10 };
  const days = Array.from({ length: 10 }, (_, i) => addDays(today, -i - 1));
  await scoped.batch([
    scoped.insert(routines, walk),
    scoped.insert(routines, stretch),
    ...days.map((date) => scoped.insert(routineCheckIns, { id: newId(), routineId: walk.id, date })),
    ...days.filter((d) => isScheduled(scheduleOf(stretch), d)).map((date) => scoped.insert(routineCheckIns, { id: newId(), routineId: stretch.id, date })),
  ]);
}


/** Every routine of the user with its schedule and check-in dates up to `to` (the weekly report's streaks). */
export async function routinesWithCheckIns(db: Db, userId: string, to: string) {
  const scoped = scopedTo(db, userId);
  const [rows, checkIns] = await Promise.all([
    scoped.select(routines).orderBy(asc(routines.createdAt)),
    db
      .select({ routineId: routineCheckIns.routineId, date: routineCheckIns.date })
      .from(routineCheckIns)
      .where(scoped.owned(routineCheckIns, lte(routineCheckIns.date, to))),
  ]);
  return rows.map((r) => ({ id: r.id, title: r.title, schedule: scheduleOf(r), createdAt: r.createdAt, checkIns: checkIns.filter((c) => c.routineId === r.id).map((c) => c.date) }));
}
