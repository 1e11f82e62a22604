/**
 * /api/v1/events (../shared/API.md "Events and recurrence"). Without `occurrence` a PATCH or
 * DELETE changes the whole event or series; with `?occurrence=<occurrenceStart>` it changes only
 * that occurrence (`scope=one`, the default) or that occurrence and the following ones
 * (`scope=following`, which splits the series in two); `scope=all` is the whole series.
 */
import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, currentAuth, readWithAccount, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { scopedTo, type Scoped } from "../../db/scoped";
import { ApiError, apiError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import * as store from "./queries";
import { expandOccurrences, formatInstant, isIanaTimeZone, isValidDate, isValidInstant, moveWithSeries, pointMs, sameRecurrence, splitSeries, validateRrule } from "./recurrence";
import type { MessageKey } from "~/locales/types";

type EventRow = store.EventRow;
type Fields = store.EventFields;

const DAY_MS = 86_400_000;
/** The widest GET /events window: a year view (a never-ending daily rule stays under 1,000 occurrences). */
const MAX_WINDOW_DAYS = 366;

const title = z.string().trim().min(1, "calendar:validation.titleRequired").max(200, "calendar:validation.titleTooLong");
const point = z.string().trim().max(40);
const fieldsShape = {
  title,
  description: z.string().max(5000),
  location: z.string().trim().max(300),
  start: point,
  end: point,
  allDay: z.boolean(),
  timeZone: z.string().trim().max(64),
  rrule: z.string().trim().max(500).nullable(),
  exdates: z.array(point).max(1000),
  /** Minutes before the start (up to four weeks); null for none. */
  reminderMinutes: z.number("calendar:validation.reminder").int("calendar:validation.reminder").min(0, "calendar:validation.reminder").max(40_320, "calendar:validation.reminder").nullable(),
  busy: z.boolean(),
};
export const createSchema = z
  .object(fieldsShape)
  .partial()
  .required({ title: true, start: true, end: true })
  .strict();
const patchSchema = z.object(fieldsShape).partial().strict();
const rangeQuery = z.object({ from: point, to: point });
const targetQuery = z.object({ occurrence: point.optional(), scope: z.enum(["one", "following", "all"]).optional() });

const invalid = (fields: Record<string, MessageKey>) => new ApiError("validation_failed", 400, Object.values(fields)[0], fields);

/**
 * Cross-field rules zod cannot see: real dates and instants, end after start, an IANA zone, an
 * RRULE the library accepts that does not produce over 1,000 occurrences in a year when endless.
 * Answers the fields normalised (timed instants written in the event zone's offset).
 */
export function checkFields(fields: Fields): Fields {
  const errors: Record<string, MessageKey> = {};
  if (!isIanaTimeZone(fields.timeZone)) errors.timeZone = "calendar:validation.timeZone";
  const valid = fields.allDay ? isValidDate : isValidInstant;
  const badPoint: MessageKey = fields.allDay ? "calendar:validation.date" : "calendar:validation.instant";
  if (!valid(fields.start)) errors.start = badPoint;
  if (!valid(fields.end)) errors.end = badPoint;
  if (!errors.start && !errors.end) {
    const [s, e] = [pointMs(fields.start)!, pointMs(fields.end)!];
    // All-day ends are exclusive (a one-day event ends the next day); timed may last zero minutes.
    if (fields.allDay ? e <= s : e < s) errors.end = "calendar:validation.endBeforeStart";
  }
  if (fields.exdates.some((d) => !valid(d))) errors.exdates = badPoint;
  if (fields.rrule !== null && !errors.timeZone && !errors.start) {
    const check = validateRrule(fields.rrule, { start: fields.start, timeZone: fields.timeZone, allDay: fields.allDay });
    if (!check.ok) errors.rrule = check.reason.includes("may not produce more than") ? "calendar:validation.rruleTooMany" : "calendar:validation.rrule";
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (fields.allDay) return fields;
  const zoned = (value: string) => formatInstant(pointMs(value)!, fields.timeZone);
  return { ...fields, start: zoned(fields.start), end: zoned(fields.end), exdates: fields.exdates.map(zoned) };
}

const fieldsOf = store.eventFieldsOf;

/** An event or series as the API answers it. */
export const publicEvent = (row: EventRow) => ({
  id: row.id,
  ...fieldsOf(row),
  uid: row.uid,
  recurring: row.rrule !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function seriesOr404(scoped: Scoped, id: string) {
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await store.findSeries(scoped, id) : undefined;
  if (!row) throw apiError("not_found");
  return row;
}

/**
 * The occurrence `value` names in a series, as the series writes it (normalised), with where it
 * is now (its override, if changed alone). 404 when the series has no such occurrence.
 */
async function occurrenceOr404(scoped: Scoped, series: EventRow, value: string) {
  if (!series.rrule) throw invalid({ occurrence: "calendar:validation.notRecurring" });
  const ms = pointMs(value);
  if (ms === null || (series.allDay ? !isValidDate(value) : !isValidInstant(value))) throw apiError("not_found");
  const overrides = await store.overridesOf(scoped, series.id);
  const override = overrides.find((o) => pointMs(o.recurrenceId!) === ms);
  const probe = series.allDay ? { from: value, to: new Date(ms + DAY_MS - 1).toISOString() } : { from: value, to: new Date(ms + 1).toISOString() };
  const found = expandOccurrences({ ...fieldsOf(series), exdates: [] }, { ...probe, timeZone: series.allDay ? "UTC" : series.timeZone, limit: 5 }).items.find(
    (o) => pointMs(o.occurrenceStart) === ms,
  );
  if (!found || series.exdates.some((d) => pointMs(d) === ms)) throw apiError("not_found");
  return { occurrenceStart: found.occurrenceStart, start: override?.start ?? found.start, end: override?.end ?? found.end, override, overrides };
}

/**
 * What happens to a series' exdates and overrides when its fields change: a new rule, zone or
 * all-day flag invalidates them (dropped); a move in time moves them along; otherwise they stay.
 * A rule is new when it repeats differently, not when it is only written differently (an editor
 * that spells out BYDAY or reorders the parts of an imported rule changes nothing).
 */
function followChanges(before: Fields, after: Fields, overrides: EventRow[], exdatesGiven: boolean) {
  const ruleChanged = before.allDay !== after.allDay || before.timeZone !== after.timeZone || !sameRecurrence(before.rrule, after.rrule, after);
  if (ruleChanged) return { fields: { ...after, exdates: exdatesGiven ? after.exdates : [] }, overrides: { mode: "drop" as const } };
  if (pointMs(after.start)! === pointMs(before.start)!) return { fields: after, overrides: { mode: "keep" as const } };
  const move = (v: string) => moveWithSeries(v, before.start, after.start, after.allDay, after.timeZone);
  return {
    fields: { ...after, exdates: exdatesGiven ? after.exdates : before.exdates.map(move) },
    overrides: { mode: "shift" as const, recurrenceIds: new Map(overrides.map((o) => [o.id, move(o.recurrenceId!)])) },
  };
}

/**
 * Queues the series for Google Calendar when the user connected it (docs/decisions/0035); a delete
 * is queued before the row goes, while its Google ids are still known.
 */
const toGoogle = (scoped: Scoped, seriesId: string, action: "upsert" | "delete") => store.queueGooglePush(scoped, seriesId, action, new Date());

export const eventsApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", accountInHandler, validate("query", rangeQuery), async (c) => {
    const { from, to } = c.req.valid("query");
    const errors: Record<string, MessageKey> = {};
    const ok = (v: string) => isValidDate(v) || isValidInstant(v);
    if (!ok(from)) errors.from = "calendar:validation.bound";
    if (!ok(to)) errors.to = "calendar:validation.bound";
    if (Object.keys(errors).length) throw invalid(errors);
    // The window's dates are the user's days, and the zone comes with the account, read in the same
    // batch as the events: the rows are read for the window in UTC (`occurrencesWithinRead` reads a
    // day beyond each bound, more than a zone moves a day's start: at most 14 hours), and the window
    // is cut in the user's zone after. The UTC window is bounded first, so no request reads more
    // than a year and a few days.
    const utc = store.windowMs(from, to, "UTC");
    if (utc.toMs - utc.fromMs > (MAX_WINDOW_DAYS + 3) * DAY_MS) throw invalid({ to: "calendar:validation.window" });
    const { auth, answer: occurrencesIn } = await readWithAccount(c, (db, userId) => store.occurrencesWithinRead(scopedTo(db, userId), utc.fromMs, utc.toMs));
    const { timeZone } = auth.user;
    const { fromMs, toMs } = store.windowMs(from, to, timeZone);
    if (toMs <= fromMs) throw invalid({ to: "calendar:validation.endBeforeStart" });
    if (toMs - fromMs > (MAX_WINDOW_DAYS + 1) * DAY_MS) throw invalid({ to: "calendar:validation.window" });
    // The whole window in one answer (it is at most a year and a few days): no further page.
    return c.json({ items: occurrencesIn(fromMs, toMs, timeZone), nextCursor: null });
  })

  .post("/", validate("json", createSchema), async (c) => {
    const { user } = currentAuth(c);
    const input = c.req.valid("json");
    const fields = checkFields({
      description: "",
      location: "",
      allDay: false,
      timeZone: user.timeZone,
      rrule: null,
      exdates: [],
      reminderMinutes: null,
      busy: true,
      ...input,
    });
    const scoped = scopedTo(database(c.env.DB), user.id);
    const row = await store.insertEvent(scoped, fields, new Date());
    await toGoogle(scoped, row.id, "upsert");
    await publishEntityChange(c.env, user.id, { entity: "event", id: row.id, action: "created" });
    return c.json({ event: publicEvent(row) }, 201);
  })

  .get("/:id", async (c) => {
    const { user } = currentAuth(c);
    return c.json({ event: publicEvent(await seriesOr404(scopedTo(database(c.env.DB), user.id), c.req.param("id"))) });
  })

  .patch("/:id", validate("query", targetQuery), validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const scoped = scopedTo(database(c.env.DB), user.id);
    const series = await seriesOr404(scoped, c.req.param("id"));
    const patch = c.req.valid("json");
    const { occurrence, scope = occurrence ? "one" : "all" } = c.req.valid("query");
    const now = new Date();
    const current = fieldsOf(series);

    if (occurrence && scope === "one") {
      const target = await occurrenceOr404(scoped, series, occurrence);
      if (patch.rrule !== undefined || patch.exdates !== undefined || (patch.allDay !== undefined && patch.allDay !== series.allDay) || (patch.timeZone !== undefined && patch.timeZone !== series.timeZone))
        throw invalid({ [patch.rrule !== undefined ? "rrule" : patch.exdates !== undefined ? "exdates" : patch.allDay !== undefined ? "allDay" : "timeZone"]: "calendar:validation.occurrenceOnly" });
      const base = target.override ? fieldsOf(target.override) : { ...current, start: target.start, end: target.end };
      const fields = checkFields({ ...base, ...patch, rrule: null, exdates: [] });
      const row = await store.upsertOverride(scoped, series, target.occurrenceStart, fields, now);
      await toGoogle(scoped, series.id, "upsert");
      await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "updated" });
      // The occurrence as GET /events lists it (API.md): the series' id and the occurrence's start.
      // The override row's own id is internal: no route takes it.
      const event = { ...publicEvent(row), id: series.id, uid: series.uid, occurrenceStart: target.occurrenceStart, recurring: true };
      return c.json({ event, seriesId: series.id, occurrenceStart: target.occurrenceStart });
    }

    if (occurrence && scope === "following") {
      const target = await occurrenceOr404(scoped, series, occurrence);
      const split = splitSeries(
        { ...current, overrides: target.overrides.map((o) => ({ id: o.id, occurrenceStart: o.recurrenceId!, start: o.start, end: o.end })) },
        target.occurrenceStart,
      );
      if (!split.ok) throw apiError("not_found");
      const afterBase: Fields = { ...current, start: split.after.start, end: split.after.end, rrule: split.after.rrule, exdates: split.after.exdates };
      const moved = (split.after.overrides ?? []).map((o) => ({ id: o.id, recurrenceId: o.occurrenceStart }));
      // A client may send back the whole series' rule unchanged (the editor shows it): the same
      // recurrence keeps the new series' own rule, whose COUNT is what was left of the old one's.
      const keepSplitRule = patch.rrule !== undefined && sameRecurrence(patch.rrule, current.rrule, checkFields({ ...afterBase, ...patch }));
      const after = checkFields({ ...afterBase, ...patch, ...(keepSplitRule ? { rrule: afterBase.rrule } : {}) });
      const followed = followChanges(afterBase, after, target.overrides.filter((o) => moved.some((m) => m.id === o.id)), patch.exdates !== undefined);
      const movedAfter =
        followed.overrides.mode === "drop" ? [] : followed.overrides.mode === "shift" ? moved.map((m) => ({ id: m.id, recurrenceId: (followed.overrides as { recurrenceIds: Map<string, string> }).recurrenceIds.get(m.id)! })) : moved;
      // Changed occurrences the new rule cannot keep go in the split's own batch: a split that fails keeps them.
      const dropped = followed.overrides.mode === "drop" ? moved.map((m) => m.id) : [];
      const before = split.before ? { ...current, rrule: split.before.rrule, exdates: split.before.exdates } : null;
      if (!before) await toGoogle(scoped, series.id, "delete");
      const row = await store.splitAt(scoped, series, before, followed.fields, movedAfter, now, dropped);
      if (before) await toGoogle(scoped, series.id, "upsert");
      await toGoogle(scoped, row!.id, "upsert");
      if (before) await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "updated" });
      else await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "deleted" });
      await publishEntityChange(c.env, user.id, { entity: "event", id: row!.id, action: "created" });
      return c.json({ event: publicEvent(row!) });
    }

    const next = checkFields({ ...current, ...patch });
    const followed = followChanges(current, next, await store.overridesOf(scoped, series.id), patch.exdates !== undefined);
    const row = await store.updateSeries(scoped, series, followed.fields, now, followed.overrides);
    await toGoogle(scoped, series.id, "upsert");
    await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "updated" });
    return c.json({ event: publicEvent(row) });
  })

  .delete("/:id", validate("query", targetQuery), async (c) => {
    const { user } = currentAuth(c);
    const scoped = scopedTo(database(c.env.DB), user.id);
    const series = await seriesOr404(scoped, c.req.param("id"));
    const { occurrence, scope = occurrence ? "one" : "all" } = c.req.valid("query");
    const now = new Date();
    if (occurrence && scope !== "all") {
      const target = await occurrenceOr404(scoped, series, occurrence);
      if (scope === "one") {
        await store.removeOccurrence(scoped, series, target.occurrenceStart, now);
        await toGoogle(scoped, series.id, "upsert");
      } else {
        const split = splitSeries(
          { ...fieldsOf(series), overrides: target.overrides.map((o) => ({ id: o.id, occurrenceStart: o.recurrenceId!, start: o.start, end: o.end })) },
          target.occurrenceStart,
        );
        if (!split.ok) throw apiError("not_found");
        const moved = (split.after.overrides ?? []).map((o) => ({ id: o.id, recurrenceId: o.occurrenceStart }));
        const before = split.before ? { ...fieldsOf(series), rrule: split.before.rrule, exdates: split.before.exdates } : null;
        if (!before) await toGoogle(scoped, series.id, "delete");
        await store.splitAt(scoped, series, before, null, moved, now);
        if (before) await toGoogle(scoped, series.id, "upsert");
        if (!before) {
          await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "deleted" });
          return c.body(null, 204);
        }
      }
      await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "updated" });
      return c.body(null, 204);
    }
    await toGoogle(scoped, series.id, "delete");
    await store.deleteSeries(scoped, series.id);
    await publishEntityChange(c.env, user.id, { entity: "event", id: series.id, action: "deleted" });
    return c.body(null, 204);
  });
