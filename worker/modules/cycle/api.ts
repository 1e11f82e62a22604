import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { unlessTaken } from "../../db/scoped";
import { ApiError, apiError } from "../../lib/errors";
import { pageQuery } from "../../lib/pagination";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { predictCycle, FLOWS, addDays } from "./predictions";
import * as queries from "./queries";
import { localToday } from "./today";
import { FIRST_DATE, MAX_NOTES, MAX_PERIOD_DAYS, SYMPTOMS } from "./fields";
import { daysBetween } from "./predictions";
import type { CycleDay } from "./queries";

/** The entity name of realtime changes (useEntityChanges(["cycleDay"]) on the screen). */
export const CYCLE_ENTITY = "cycleDay";

/** A real calendar date (2026-02-30 is not). */
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "cycle:validation.date")
  // zod runs this check even when the pattern failed: only a well-formed date reaches addDays.
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && addDays(d, 0) === d, "cycle:validation.date");
/** The date of a log: from 1900 on (a list's range may start anywhere). */
const loggedDate = date.refine((d) => d >= FIRST_DATE, "cycle:validation.date");

const symptoms = z
  .array(z.string(), "cycle:validation.symptoms")
  .max(SYMPTOMS.length, "cycle:validation.symptoms")
  .refine((list) => list.every((s) => (SYMPTOMS as readonly string[]).includes(s)), "cycle:validation.symptoms")
  // Stored once each, in the list's order: a symptom ticked twice is the same symptom.
  .transform((list) => SYMPTOMS.filter((s) => list.includes(s)));

const fields = {
  flow: z.enum(FLOWS, "cycle:validation.flow"),
  symptoms,
  mood: z.number("cycle:validation.mood").int("cycle:validation.mood").min(1, "cycle:validation.mood").max(5, "cycle:validation.mood").nullable(),
  notes: z.string("errors:field.notString").trim().max(MAX_NOTES, "cycle:validation.notesTooLong"),
};

const logSchema = z.object(fields).partial().extend({ date: loggedDate }).strict();
const patchSchema = z
  .object({ date: loggedDate, ...fields })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "errors:field.required");
/**
 * A period logged at once: `start` to `end` (both included) with one flow; without `end` it is
 * still going on, and runs to the user's today (0105).
 */
const rangeSchema = z
  .object({ start: loggedDate, end: loggedDate.optional(), flow: fields.flow.exclude(["none"], "cycle:validation.flow") })
  .strict()
  .refine((body) => !body.end || body.start <= body.end, { message: "cycle:validation.rangeOrder", path: ["end"] })
  .refine((body) => !body.end || daysBetween(body.start, body.end) < MAX_PERIOD_DAYS, { message: "cycle:validation.rangeTooLong", path: ["end"] });
const listQuery = z.object({ from: date.optional(), to: date.optional(), ...pageQuery });
/** A cycle, named by the day its period began (0113 "Revised"). */
const longCycleSchema = z.object({ start: loggedDate }).strict();
const longCycleParam = z.object({ start: date });

/** A day in the answers (the user id is implied). */
export const publicDay = ({ userId: _userId, ...day }: CycleDay) => ({
  ...day,
  createdAt: day.createdAt.toISOString(),
  updatedAt: day.updatedAt.toISOString(),
});

/** Period days are logged once they happen: a date after the user's today is refused (nothing saved). */
function refuseFuture(day: string | undefined, timeZone: string, now: Date, field = "date") {
  if (day && day > localToday(now, timeZone)) {
    throw new ApiError("validation_failed", 400, "cycle:validation.future", { [field]: "cycle:validation.future" });
  }
}

/** /api/v1/cycle: logged days (one per date) and the predictions from them (../shared/API.md). */
export const cycleApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/days", validate("query", listQuery), async (c) => {
    const { user } = currentAuth(c);
    const { from, to, limit, cursor } = c.req.valid("query");
    const page = await queries.listDays(database(c.env.DB), user.id, { from, to, page: { limit, cursor } });
    return c.json({ items: page.items.map(publicDay), nextCursor: page.nextCursor });
  })

  // Logging a day that has a row changes that row: 201 when the day is new, 200 when it existed.
  .post("/days", validate("json", logSchema), async (c) => {
    const { user } = currentAuth(c);
    const { date: day, ...changes } = c.req.valid("json");
    const now = new Date();
    refuseFuture(day, user.timeZone, now);
    const db = database(c.env.DB);
    const existed = await queries.dayOn(db, user.id, day);
    const row = await queries.upsertDay(db, user.id, day, changes, now);
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: row.id, action: existed ? "updated" : "created" });
    return c.json({ day: publicDay(row) }, existed ? 200 : 201);
  })

  // A whole period in one request and one D1 batch (all its days or none): new days are created,
  // logged ones get the flow and keep the rest. The days before are answered for an undo.
  .post("/days/range", validate("json", rangeSchema), async (c) => {
    const { user } = currentAuth(c);
    const body = c.req.valid("json");
    const now = new Date();
    const today = localToday(now, user.timeZone);
    refuseFuture(body.start, user.timeZone, now, "start");
    refuseFuture(body.end, user.timeZone, now, "end");
    const end = body.end ?? today;
    // Still going on since more days than a period lasts: a start typed wrong, most likely.
    if (daysBetween(body.start, end) >= MAX_PERIOD_DAYS) {
      throw new ApiError("validation_failed", 400, "cycle:validation.rangeTooLong", { start: "cycle:validation.rangeTooLong" });
    }
    const dates = Array.from({ length: daysBetween(body.start, end) + 1 }, (_, i) => addDays(body.start, i));
    const { rows, previous, created } = await queries.upsertFlowDays(database(c.env.DB), user.id, dates, body.flow, now);
    // One change for the screens: they reload the month, whichever days it was.
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: rows[0].id, action: created.length ? "created" : "updated" });
    return c.json({ days: rows.map(publicDay), created, previous }, created.length ? 201 : 200);
  })

  .get("/days/:id", async (c) => {
    const { user } = currentAuth(c);
    return c.json({ day: publicDay(await queries.dayOr404(database(c.env.DB), user.id, c.req.param("id"))) });
  })

  .patch("/days/:id", validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const changes = c.req.valid("json");
    const now = new Date();
    const db = database(c.env.DB);
    const day = await queries.dayOr404(db, user.id, c.req.param("id"));
    refuseFuture(changes.date, user.timeZone, now);
    // Moving a log onto a date that has its own would make two rows for one day.
    const dateTaken = () => apiError("conflict", { messageKey: "cycle:validation.dateTaken", fields: { date: "cycle:validation.dateTaken" } });
    if (changes.date && changes.date !== day.date && (await queries.dayOn(db, user.id, changes.date))) throw dateTaken();
    const row = await unlessTaken(queries.updateDay(db, user.id, day.id, changes, now), dateTaken);
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: row.id, action: "updated" });
    return c.json({ day: publicDay(row) });
  })

  .delete("/days/:id", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const day = await queries.dayOr404(db, user.id, c.req.param("id"));
    await queries.deleteDay(db, user.id, day.id);
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: day.id, action: "deleted" });
    return c.body(null, 204);
  })

  .get("/predictions", async (c) => {
    const { user } = currentAuth(c);
    const { days, longCycles } = await queries.cycleHistory(database(c.env.DB), user.id);
    return c.json(predictCycle(days, longCycles));
  })

  // "Foi mesmo um ciclo longo": the person's word that the cycle starting on `start` really was about
  // twice her usual one, so it is counted (0113 "Revised"). 201 when new, 200 when it was marked.
  // Only a cycle she has: a start that begins none of her cycles (a date typed wrong, a start
  // deleted since) answers 404. One whose cycle is mended later (a period logged inside it) stays
  // stored and is ignored by the prediction; deleting that period brings the cycle and the mark back.
  .post("/long-cycles", validate("json", longCycleSchema), async (c) => {
    const { user } = currentAuth(c);
    const { start } = c.req.valid("json");
    const db = database(c.env.DB);
    if (!predictCycle(await queries.flowDays(db, user.id)).cycleLengths.some((cycle) => cycle.start === start)) {
      throw apiError("not_found", { messageKey: "cycle:validation.noCycle" });
    }
    const created = await queries.markLongCycle(db, user.id, start, new Date());
    // The screens reload the prediction, as after a day logged.
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: start, action: created ? "created" : "updated" });
    return c.json({ longCycle: { start } }, created ? 201 : 200);
  })

  // Taken back (the toast's "Anular", the list's "Afinal não foi"): the guess applies again. 404 when
  // the cycle was not marked.
  .delete("/long-cycles/:start", validate("param", longCycleParam), async (c) => {
    const { user } = currentAuth(c);
    const { start } = c.req.valid("param");
    if (!(await queries.unmarkLongCycle(database(c.env.DB), user.id, start))) throw apiError("not_found", { messageKey: "cycle:validation.notMarked" });
    await publishEntityChange(c.env, user.id, { entity: CYCLE_ENTITY, id: start, action: "deleted" });
    return c.body(null, 204);
  });
