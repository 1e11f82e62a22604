import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { ApiError, apiError } from "../../lib/errors";
import { pageQuery } from "../../lib/pagination";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { defineWorkerModule } from "../types";
import * as queries from "./queries";
import { FREQUENCIES, ROUTINE_CATEGORIES } from "./vocabulary";
import { REMINDER_TIME } from "./reminder-times";
import { routineReminders } from "./reminders";
import { EVERY_MINUTE } from "../../cron/schedules";
import { addDays, checkInAllowed, isCalendarDate, localDate } from "./streaks";
import { MAX_STEPS, STEP_MAX_LENGTH } from "./steps";
import { MAX_TIMES_PER_DAY } from "./counts";
import { stepListSchema } from "../../lib/step-list";

const calendarDate = (message: string) => z.string().refine(isCalendarDate, message);

const fields = {
  title: z.string().trim().min(1, "selfCare:errors.titleRequired").max(120, "errors:field.tooLong"),
  category: z.enum(ROUTINE_CATEGORIES, "selfCare:errors.category"),
  description: z.string().trim().max(2000, "errors:field.tooLong"),
  frequency: z.enum(FREQUENCIES, "selfCare:errors.frequency"),
  weekdays: z
    .array(z.number("selfCare:errors.weekdays"), "selfCare:errors.weekdays")
    .max(7, "selfCare:errors.weekdays")
    .refine((days) => days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7), "selfCare:errors.weekdays")
    .transform((days) => [...new Set(days)].sort()),
  durationMinutes: z.number("selfCare:errors.duration").int("selfCare:errors.duration").min(1, "selfCare:errors.duration").max(600, "selfCare:errors.duration").nullable(),
  // A local time of day in the account's zone; null: no reminder (docs/decisions/0099).
  reminderTime: z.string("selfCare:errors.reminderTime").regex(REMINDER_TIME, "selfCare:errors.reminderTime").nullable(),
  // The checklist in order (decision 0112): `id` keeps a step the routine has (and its ticks); the
  // list replaces the routine's; empty, a routine without steps.
  steps: stepListSchema(
    { max: MAX_STEPS, maxLength: STEP_MAX_LENGTH },
    { list: "selfCare:errors.steps", text: "selfCare:errors.stepText", id: "selfCare:errors.stepId", tooMany: "selfCare:errors.tooManySteps" },
  ),
  // How many times a day (docs/decisions/0117): 1, one tap; more, a count that does the day at it.
  timesPerDay: z.number("selfCare:errors.timesPerDay").int("selfCare:errors.timesPerDay").min(1, "selfCare:errors.timesPerDay").max(MAX_TIMES_PER_DAY, "selfCare:errors.timesPerDay"),
};

const createSchema = z
  .object({
    ...fields,
    category: fields.category.default("other"),
    description: fields.description.default(""),
    frequency: fields.frequency.default("daily"),
    weekdays: fields.weekdays.default([]),
    durationMinutes: fields.durationMinutes.default(null),
    reminderTime: fields.reminderTime.default(null),
    steps: fields.steps.default([]),
    timesPerDay: fields.timesPerDay.default(1),
  })
  .strict();
const patchSchema = z.object(fields).partial().strict();
const checkInSchema = z.object({ date: calendarDate("selfCare:errors.date").optional() }).strict();
// The day's count, absolute (a retried or queued request writes the same state); at most the target, checked with the routine.
const countSchema = z.object({ count: z.number("selfCare:errors.count").int("selfCare:errors.count").min(0, "selfCare:errors.count").max(MAX_TIMES_PER_DAY, "selfCare:errors.count") }).strict();
const historyQuery = z.object({ from: calendarDate("selfCare:errors.date").optional(), to: calendarDate("selfCare:errors.date").optional() });

const invalid = (field: string, key: string) => new ApiError("validation_failed", 400, key as never, { [field]: key as never });

/** A routine on chosen weekdays needs at least one; a daily one keeps none. */
function normalised<T extends { frequency: "daily" | "weekdays"; weekdays: number[] }>(routine: T): T {
  if (routine.frequency === "weekdays" && routine.weekdays.length === 0) throw invalid("weekdays", "selfCare:errors.weekdays");
  return routine.frequency === "daily" ? { ...routine, weekdays: [] } : routine;
}

/**
 * A routine is either a checklist or a count (docs/decisions/0117): with steps, the last tick does
 * the day; counted, the count does. Both at once would leave two rules for one day.
 */
function oneWayToDo(timesPerDay: number, stepCount: number) {
  if (timesPerDay > 1 && stepCount > 0) throw invalid("timesPerDay", "selfCare:errors.stepsWithCount");
}

const todayOf = (user: { timeZone: string }) => localDate(new Date(), user.timeZone);

const api = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", z.object(pageQuery)), async (c) => {
    const { user } = currentAuth(c);
    const { limit, cursor } = c.req.valid("query");
    return c.json(await queries.listRoutines(database(c.env.DB), user.id, { limit, cursor }, todayOf(user)));
  })
  // The history view: every check-in of a range (default the last 5 weeks), at most a year, and
  // the days' stored counts (decision 0117, revised), read in one batch.
  .get("/check-ins", validate("query", historyQuery), async (c) => {
    const { user } = currentAuth(c);
    const query = c.req.valid("query");
    const to = query.to ?? todayOf(user);
    const from = query.from ?? addDays(to, -34);
    if (from > to || from < addDays(to, -366)) throw invalid("from", "selfCare:errors.range");
    const { items, counts } = await queries.historyBetween(database(c.env.DB), user.id, from, to);
    return c.json({ from, to, items, counts });
  })
  .post("/", validate("json", createSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const input = normalised(c.req.valid("json"));
    oneWayToDo(input.timesPerDay, input.steps.length);
    const { routine, steps } = await queries.createRoutine(db, user.id, input, user.timeZone);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "created" }));
    return c.json({ routine: queries.newRoutineAnswer(routine, steps, todayOf(user)) }, 201);
  })
  .get("/:id", async (c) => {
    const { user } = currentAuth(c);
    // The routine and its streaks in one batch; 404 for none, another user's or a malformed id.
    return c.json({ routine: await queries.answerFor(database(c.env.DB), user.id, c.req.param("id"), todayOf(user)) });
  })
  .patch("/:id", validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const current = await queries.routineOr404(db, user.id, c.req.param("id"));
    const change = c.req.valid("json");
    const merged = normalised({ frequency: current.frequency, weekdays: current.weekdays, ...change });
    const timesPerDay = change.timesPerDay ?? current.timesPerDay;
    // The steps it will have: those sent, or (only read when it matters) those it has.
    if (timesPerDay > 1) oneWayToDo(timesPerDay, change.steps ? change.steps.length : (await queries.stepsOf(db, user.id, current.id)).length);
    const routine = await queries.updateRoutine(db, user.id, current, { ...change, frequency: merged.frequency, weekdays: merged.weekdays }, user.timeZone);
    if (!routine) throw apiError("not_found");
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ routine: await queries.answerFor(db, user.id, routine.id, todayOf(user)) });
  })
  .delete("/:id", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const routine = await queries.routineOr404(db, user.id, c.req.param("id"));
    await queries.deleteRoutine(db, user.id, routine.id);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "deleted" }));
    return c.body(null, 204);
  })
  // Today (the user's), or a past day up to 7 days back; a second check-in of a day adds nothing (200).
  .post("/:id/check-ins", validate("json", checkInSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const routine = await queries.routineOr404(db, user.id, c.req.param("id"));
    const today = todayOf(user);
    const date = c.req.valid("json").date ?? today;
    if (!checkInAllowed(date, today)) throw invalid("date", date > today ? "selfCare:errors.futureCheckIn" : "selfCare:errors.oldCheckIn");
    const added = await queries.checkIn(db, user.id, routine.id, date);
    if (added) c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ date, routine: await queries.answerFor(db, user.id, routine.id, today) }, added ? 201 : 200);
  })
  // Undo of a check-in (any day; absent is fine: the outcome is the same).
  .delete("/:id/check-ins/:date", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const routine = await queries.routineOr404(db, user.id, c.req.param("id"));
    const date = c.req.param("date");
    if (!calendarDate("selfCare:errors.date").safeParse(date).success) throw invalid("date", "selfCare:errors.date");
    await queries.removeCheckIn(db, user.id, routine.id, date);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ routine: await queries.answerFor(db, user.id, routine.id, todayOf(user)) });
  })
  // The day's count of a routine done several times a day (docs/decisions/0117): an absolute value
  // (0 to the target) for a day of the check-in window; the target checks the day in, under it the
  // day is not done. Sent twice, the same state (200 both times).
  .put("/:id/counts/:date", validate("json", countSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const routine = await queries.routineOr404(db, user.id, c.req.param("id"));
    const today = todayOf(user);
    const date = c.req.param("date");
    if (!calendarDate("selfCare:errors.date").safeParse(date).success) throw invalid("date", "selfCare:errors.date");
    if (!checkInAllowed(date, today)) throw invalid("date", date > today ? "selfCare:errors.futureCheckIn" : "selfCare:errors.oldCheckIn");
    const { count } = c.req.valid("json");
    if (count > routine.timesPerDay) throw invalid("count", "selfCare:errors.countAboveTarget");
    await queries.setDayCount(db, user.id, routine, date, count);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ date, routine: await queries.answerFor(db, user.id, routine.id, today) });
  })
  // A step ticked on a day (today, the user's, or up to 7 days back, as a check-in): ticking the
  // last one checks the day in. A second tick adds nothing (200). Decision 0112.
  .post("/:id/steps/:stepId/ticks", validate("json", checkInSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const { routine, step } = await queries.stepOr404(db, user.id, c.req.param("id"), c.req.param("stepId"));
    const today = todayOf(user);
    const date = c.req.valid("json").date ?? today;
    if (!checkInAllowed(date, today)) throw invalid("date", date > today ? "selfCare:errors.futureCheckIn" : "selfCare:errors.oldCheckIn");
    const added = await queries.tickStep(db, user.id, routine.id, step.id, date);
    if (added) c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ date, routine: await queries.answerFor(db, user.id, routine.id, today) }, added ? 201 : 200);
  })
  // A step unticked (any day; absent is fine): on a day done, the day is undone, the other steps stay ticked.
  .delete("/:id/steps/:stepId/ticks/:date", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const { routine, step, steps } = await queries.stepOr404(db, user.id, c.req.param("id"), c.req.param("stepId"));
    const date = c.req.param("date");
    if (!calendarDate("selfCare:errors.date").safeParse(date).success) throw invalid("date", "selfCare:errors.date");
    await queries.untickStep(db, user.id, routine.id, step.id, date, steps);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "routine", id: routine.id, action: "updated" }));
    return c.json({ routine: await queries.answerFor(db, user.id, routine.id, todayOf(user)) });
  });

/**
 * Self-care routines (Light and Pro). Creating, changing and checking in need `selfCare`; the
 * user's routines, history and export stay readable on any plan, and deleting a routine stays open
 * (0029). Streaks are computed in the user's time zone (./streaks.ts); reminders too (0099).
 */
export const selfCareModule = defineWorkerModule({
  key: "selfCare",
  api: { mount: "/routines", app: api },
  premium: [
    { method: "POST", path: "/routines", entitlement: "selfCare" },
    { method: "PATCH", path: "/routines/:id", entitlement: "selfCare" },
    { method: "POST", path: "/routines/:id/check-ins", entitlement: "selfCare" },
    { method: "DELETE", path: "/routines/:id/check-ins/:date", entitlement: "selfCare" },
    { method: "POST", path: "/routines/:id/steps/:stepId/ticks", entitlement: "selfCare" },
    { method: "PUT", path: "/routines/:id/counts/:date", entitlement: "selfCare" },
    { method: "DELETE", path: "/routines/:id/steps/:stepId/ticks/:date", entitlement: "selfCare" },
  ],
  searchTypes: [],
  // A routine's reminder at its time of day, on due days not yet checked in (./reminders.ts).
  jobs: [{ name: "routine-reminders", schedule: EVERY_MINUTE, fanOut: routineReminders }],
  exporter: { tables: ["routines", "routine_check_ins", "routine_steps", "routine_step_ticks", "routine_day_counts"], export: (db, userId) => queries.exportSelfCare(db, userId) },
  seed: (db, userId) => queries.seedSelfCare(db, userId, localDate(new Date(), "Europe/Lisbon")),
});
