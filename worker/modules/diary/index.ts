import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { awaitAnswerOfKey } from "../../db/idempotency";
import { ApiError, apiError } from "../../lib/errors";
import { IDEMPOTENCY_KEY_PATTERN } from "../../middleware/idempotency";
import { pageQuery } from "../../lib/pagination";
import { translator } from "../../lib/translate";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { addDays, daysBetween, isCalendarDate, localDate } from "../selfCare/streaks";
import { phraseInsights } from "../../ai/insights";
import { defineWorkerModule } from "../types";
import { phasesOn, type CyclePhase } from "../cycle/phase";
import { cycleHistoryRead } from "../cycle/queries";
import { expensesByDayRead } from "../finances/queries";
import { known, readAll, run } from "../../db/reads";
import { analysis, cyclePhaseMood, insights, overview, spendingMood } from "./analysis";
import * as queries from "./queries";
import { noteSearch } from "./search";
import { onThisDay, yearsAgo } from "./on-this-day";
import { CONTENT_MAX, EMOTIONS, MOOD_KEYS, TITLE_MAX, WEEKDAY_KEYS, WORDS_MAX, WORDS_MIN, type Emotion } from "./vocabulary";
import { matchTerms } from "../../search/query";
import { dateTimeFormat, numberFormat } from "~/lib/intl";
import { intlLocale } from "~/i18n/language";
import { formatMoney } from "~/components/ui/money";

const calendarDate = (message: string) => z.string().refine(isCalendarDate, message);

const isEmotion = (value: string): value is Emotion => (EMOTIONS as readonly string[]).includes(value);

const fields = {
  title: z.string().trim().max(TITLE_MAX, "errors:field.tooLong"),
  content: z.string().max(CONTENT_MAX, "diary:errors.contentTooLong"),
  mood: z.number("diary:errors.mood").int("diary:errors.mood").min(1, "diary:errors.mood").max(5, "diary:errors.mood").nullable(),
  emotions: z
    .array(z.string("diary:errors.emotions"), "diary:errors.emotions")
    .max(EMOTIONS.length, "diary:errors.emotions")
    .refine((values) => values.every(isEmotion), "diary:errors.emotions")
    .transform((values) => [...new Set(values)] as Emotion[]),
  date: calendarDate("diary:errors.date"),
  draft: z.boolean(),
};

export const createSchema = z
  .object({ ...fields, title: fields.title.default(""), content: fields.content.default(""), mood: fields.mood.default(null), emotions: fields.emotions.default([]), date: fields.date.optional(), draft: fields.draft.default(false) })
  .strict();
// The Idempotency-Key of a save: the one the words sent as the page closes follow (0108 "Revised (2)" and "Revised 3").
const saveKey = z.string("diary:errors.baseSaveKey").regex(IDEMPOTENCY_KEY_PATTERN, "diary:errors.baseSaveKey");
/**
 * A new entry's POST; with `baseSaveKey`, the words sent as the page closes while the entry's
 * creation (the POST under that key) is still on its way: they are that entry's newer version, not
 * another entry (0108 "Revised 3"). Apart from the API: the assistant's drafts use createSchema.
 */
const postSchema = z.object({ ...createSchema.shape, baseSaveKey: saveKey.optional() }).strict();
const patchSchema = z
  .object({
    ...fields,
    // The `updatedAt` of the version the client's edit started from (its last answer): a newer
    // stored entry is not replaced (409). Without it, the edit is saved as before (older clients).
    baseUpdatedAt: z.iso.datetime({ offset: true, error: "diary:errors.baseUpdatedAt" }).transform((value) => Date.parse(value)),
    // The Idempotency-Key of the same writer's save still running when this one was sent (the
    // words sent as the page closes, 0108 "Revised (2)"): a stored version that save wrote is the
    // writer's own, not another device's, and does not refuse this edit.
    baseSaveKey: saveKey,
  })
  .partial()
  .strict();
const rangeQuery = z.object({ from: calendarDate("diary:errors.date").optional(), to: calendarDate("diary:errors.date").optional() });
/** Each query value once: a repeated `emotion` or `q` (an array) is refused, not read as its first. */
const oneValue = (key: string) => z.string(key);
/**
 * The list's filters (decision 0115). `mood`: one or more of 1…5, repeated (`mood=4&mood=5`) or
 * comma-separated (`mood=4,5`). `emotion`: one of the vocabulary's. `q`: words, 2 to 200
 * characters with at least one letter or digit; each word is found as the start of a word of the
 * title or text, case and accents aside, as the global search finds it.
 */
const filterQuery = {
  mood: z
    .union([z.string("diary:errors.moodFilter"), z.array(z.string("diary:errors.moodFilter"), "diary:errors.moodFilter")], "diary:errors.moodFilter")
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(",")))
    .refine((parts) => parts.length <= MOOD_KEYS.length * 2 && parts.every((part) => /^[1-5]$/.test(part.trim())), "diary:errors.moodFilter")
    .transform((parts) => [...new Set(parts.map(Number))])
    .optional(),
  emotion: oneValue("diary:errors.emotion").refine(isEmotion, "diary:errors.emotion").optional(),
  q: oneValue("diary:errors.words")
    .trim()
    .min(WORDS_MIN, "diary:errors.wordsTooShort")
    .max(WORDS_MAX, "diary:errors.wordsTooLong")
    .transform((text) => matchTerms(text))
    .refine((terms) => terms.length > 0, "diary:errors.words")
    .optional(),
};
const listQuery = rangeQuery.extend({ ...pageQuery, draft: z.enum(["true", "false"]).optional(), ...filterQuery });

/** The longest range the overview computes in one request (three years of entries). */
const MAX_RANGE_DAYS = 366 * 3;

const invalid = (field: string, key: string) => new ApiError("validation_failed", 400, key as never, { [field]: key as never });

/** A saved entry needs a title or some text; a draft may be empty while the user starts writing. */
export function checkEntry(entry: { title: string; content: string; date: string; draft: boolean }, today: string) {
  if (entry.date > today) throw invalid("date", "diary:errors.futureDate");
  if (!entry.draft && !entry.title.trim() && !entry.content.trim()) throw invalid("title", "diary:errors.empty");
}

function rangeOf(query: { from?: string; to?: string }, today: string, defaultDays: number) {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(defaultDays - 1));
  if (from > to) throw invalid("from", "diary:errors.range");
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw invalid("from", "diary:errors.rangeTooLong");
  return { from, to };
}

const todayOf = (user: { timeZone: string }) => localDate(new Date(), user.timeZone);

const conflict = () => apiError("conflict", { messageKey: "diary:errors.conflict" });

/**
 * How long a request naming a save (`baseSaveKey`) waits for that save's answer: its change is
 * written before its answer is stored, and a closing page's words may come in between, or (a new
 * entry's) before the creation itself arrives. A creation lands in well under a second; a key still
 * unanswered after this is taken as not landed (0108 "Revised 3").
 */
export const SAVE_AWAIT_MS = 3_000;

/**
 * Whether the entry's stored version was written by the user's edit of it under this key: its
 * remembered answer is that entry at that version. Only a successful PATCH of the same entry counts.
 * An edit still running (written, its answer not stored yet) is waited for a moment.
 */
async function wroteVersion(d1: D1Database, userId: string, key: string, entry: { id: string; updatedAt: Date }) {
  const answer = await awaitAnswerOfKey(d1, userId, key, { withinMs: SAVE_AWAIT_MS });
  if (!answer || answer.method !== "PATCH" || answer.status !== 200 || answer.path.split("/").pop() !== entry.id) return false;
  return answeredEntry(answer.body)?.updatedAt === entry.updatedAt.toISOString();
}

/** The entry a stored answer holds (its id and version), or null. */
function answeredEntry(body: string) {
  try {
    const entry = (JSON.parse(body) as { entry?: { id?: unknown; updatedAt?: unknown } }).entry;
    return typeof entry?.id === "string" && typeof entry.updatedAt === "string" ? { id: entry.id, updatedAt: entry.updatedAt } : null;
  } catch {
    return null;
  }
}

/**
 * The entry created by the user's POST under this key, as it answered it (its id and version),
 * waiting for it while it runs or has not arrived yet: null when no creation under it lands in time.
 */
async function createdBy(d1: D1Database, userId: string, key: string) {
  const answer = await awaitAnswerOfKey(d1, userId, key, { withinMs: SAVE_AWAIT_MS, whileUnknown: true });
  if (!answer || answer.method !== "POST" || answer.status !== 201 || !/\/diary\/?$/.test(answer.path)) return null;
  return answeredEntry(answer.body);
}

const api = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", listQuery), async (c) => {
    const { user } = currentAuth(c);
    const { from, to, draft, mood, emotion, q, limit, cursor } = c.req.valid("query");
    const filter = { from, to, draft: draft === undefined ? undefined : draft === "true", moods: mood, emotion: emotion as Emotion | undefined, words: q };
    const page = await queries.listEntries(database(c.env.DB), user.id, filter, { limit, cursor });
    return c.json({ items: page.items.map(queries.publicEntry), nextCursor: page.nextCursor });
  })
  // "Neste dia": the saved entries of today's month and day in earlier years, in the account's zone
  // (decision 0115). Readable on any plan, as the entries themselves are.
  .get("/on-this-day", async (c) => {
    const { user } = currentAuth(c);
    const today = todayOf(user);
    const rows = await queries.entriesOnThisDay(database(c.env.DB), user.id, onThisDay(today));
    return c.json({ date: today, items: rows.map((row) => ({ ...queries.publicEntry(row), yearsAgo: yearsAgo(row.date, today) })) });
  })
  .get("/overview", validate("query", rangeQuery), async (c) => {
    const { user } = currentAuth(c);
    const today = todayOf(user);
    const { from, to } = rangeOf(c.req.valid("query"), today, 90);
    const until = to < today ? to : today;
    const db = database(c.env.DB);
    // The streak reads every written day up to the range's end: a range must not cut a run short.
    // Both reads in one D1 batch: one round trip (0108 "Revised (2)").
    const [entries, writtenDays] = await run(db, readAll([queries.savedEntriesBetweenRead(db, user.id, from, to), queries.savedDatesUpToRead(db, user.id, until)]));
    return c.json({ from, to, ...overview(entries), analysis: analysis(entries, until, writtenDays) });
  })
  .get("/insights", async (c) => {
    const { user } = currentAuth(c);
    const today = todayOf(user);
    const db = database(c.env.DB);
    const from = addDays(today, -364);
    // Cycle days are read only with the user's opt-in (0031); without it no phase is computed.
    const optIn = user.preferences.aiOnPersonalData === true;
    // Every read in one D1 batch: one round trip (0108 "Revised (2)").
    const [entries, writtenDays, expenses, cycle] = await run(
      db,
      readAll([
        queries.savedEntriesBetweenRead(db, user.id, from, today),
        queries.savedDatesUpToRead(db, user.id, today),
        expensesByDayRead(db, user.id, { from, to: today }),
        optIn ? cycleHistoryRead(db, user.id) : known(null),
      ]),
    );
    const found = insights(entries, today, writtenDays);
    const spending = spendingMood(entries, expenses);
    if (spending) found.push(spending);
    if (cycle) {
      const dates = [...new Set(entries.map((e) => e.date))];
      const phases = new Map(phasesOn(cycle.days, dates, cycle.longCycles).flatMap((p) => (p ? [[p.date, p.phase] as const] : [])));
      const phaseMood = cyclePhaseMood(entries, phases);
      if (phaseMood) found.push(phaseMood);
    }
    const t = translator(c.get("lang"));
    const locale = intlLocale(c.get("lang"));
    // Formatters made once per isolate (~/lib/intl), not per request.
    // The screens' own format (grouped thousands, exact cents): "1 234,50 €", never "1234,50 €".
    const money = (cents: number) => formatMoney(cents, c.get("lang"));
    const day = (date: string) => dateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
    // Mood averages have one decimal: "3,3" in Portuguese, "3.3" in English.
    const decimal = numberFormat(locale, { maximumFractionDigits: 1 });
    // Templates phrase the computed statements (docs/decisions/0028); the provider may reword them below.
    const items = found.map((insight) => {
      const v = insight.values;
      const vars: Record<string, string | number> = Object.fromEntries(
        Object.entries(v).map(([name, value]) => [name, typeof value === "number" && !Number.isInteger(value) ? decimal.format(value) : value]),
      );
      if (insight.kind === "moodOutlier") vars.date = day(v.date as string);
      if (insight.kind === "spendingMood") Object.assign(vars, { lowAmount: money(v.lowCents as number), goodAmount: money(v.goodCents as number) });
      if (insight.kind === "cyclePhaseMood") vars.phase = t(`diary:insights.phases.${v.phase as CyclePhase}`);
      if (insight.kind === "topEmotion") vars.emotion = t(`diary:emotions.${v.emotion as Emotion}`);
      if (insight.kind === "emotionPair") Object.assign(vars, { first: t(`diary:emotions.${v.first as Emotion}`), second: t(`diary:emotions.${v.second as Emotion}`) });
      if (insight.kind === "bestWeekday") vars.weekday = t(`diary:weekdays.${WEEKDAY_KEYS[(v.weekday as number) - 1]}`);
      const key =
        insight.kind === "moodTrend"
          ? (`diary:insights.moodTrend.${v.direction as "up" | "down" | "same"}` as const)
          : insight.kind === "moodOutlier"
            ? (`diary:insights.moodOutlier.${v.direction as "up" | "down"}` as const)
            : insight.kind === "spendingMood"
              ? (`diary:insights.spendingMood.${v.direction as "more" | "less"}` as const)
              : (`diary:insights.${insight.kind}` as const);
      return { kind: insight.kind, text: String(t(key, vars as never)), values: insight.values };
    });
    // Reworded by the configured provider only with the user's opt-in; the figures stay the templates'.
    const phrased = await phraseInsights(c.env, optIn, items.map((item) => item.text), c.get("lang"));
    return c.json({ items: items.map((item, i) => ({ ...item, text: phrased.texts[i] })), phrasedBy: phrased.phrasedBy });
  })
  .post("/", validate("json", postSchema), async (c) => {
    const { user } = currentAuth(c);
    const { baseSaveKey, ...body } = c.req.valid("json");
    const today = todayOf(user);
    const db = database(c.env.DB);
    // The words of a page closing while this entry's creation was on its way: written to the entry
    // that creation made, once it has (0108 "Revised 3"). Only its words: whether it is a draft
    // stays as the creation (or "Guardar") made it.
    if (baseSaveKey) {
      const created = await createdBy(c.env.DB, user.id, baseSaveKey);
      // Not landed (cut off, refused, or later than the wait): nothing is written, and the client
      // keeps the words (a copy) rather than making a second entry beside a creation still to come.
      if (!created) throw apiError("conflict", { messageKey: "diary:errors.creationNotLanded" });
      const current = await queries.entryOr404(db, user.id, created.id);
      const base = Date.parse(created.updatedAt);
      // Changed since its creation (on another device): never written over, as an edit (0091).
      if (queries.changedSince(current, base)) throw conflict();
      const { draft: _draft, ...words } = body;
      const change = { ...words, date: words.date ?? current.date };
      checkEntry({ ...current, ...change }, today);
      const entry = await queries.updateEntry(db, user.id, current.id, change, base);
      if (!entry) {
        await queries.entryOr404(db, user.id, current.id);
        throw conflict();
      }
      c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "diary", id: entry.id, action: "updated" }));
      return c.json({ entry: queries.publicEntry(entry) }, 200);
    }
    const input = { ...body, date: body.date ?? today };
    checkEntry(input, today);
    const entry = await queries.createEntry(db, user.id, input);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "diary", id: entry.id, action: "created" }));
    return c.json({ entry: queries.publicEntry(entry) }, 201);
  })
  .get("/:id", async (c) => {
    const { user } = currentAuth(c);
    const entry = await queries.entryOr404(database(c.env.DB), user.id, c.req.param("id"));
    return c.json({ entry: queries.publicEntry(entry) });
  })
  .patch("/:id", validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const { baseUpdatedAt, baseSaveKey, ...change } = c.req.valid("json");
    for (let attempt = 0; ; attempt++) {
      const current = await queries.entryOr404(db, user.id, c.req.param("id"));
      let base = baseUpdatedAt;
      // Words written since on another device (or by a later save) are never replaced by an edit
      // of an older version, such as one queued offline and sent late: the client keeps both (0091).
      // Unless the version is the one written by the save this edit names, the same writer's.
      if (base !== undefined && queries.changedSince(current, base)) {
        if (!baseSaveKey || !(await wroteVersion(c.env.DB, user.id, baseSaveKey, current))) throw conflict();
        base = current.updatedAt.getTime();
      }
      checkEntry({ ...current, ...change }, todayOf(user));
      const entry = await queries.updateEntry(db, user.id, current.id, change, base);
      if (entry) {
        c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "diary", id: entry.id, action: "updated" }));
        return c.json({ entry: queries.publicEntry(entry) });
      }
      // Changed (conflict) or deleted (404) between the read above and the conditional write.
      await queries.entryOr404(db, user.id, current.id);
      // The save this edit names may be what wrote in between: looked at once more (0108 "Revised 3").
      if (!baseSaveKey || attempt > 0) throw conflict();
    }
  })
  .delete("/:id", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const entry = await queries.entryOr404(db, user.id, c.req.param("id"));
    await queries.deleteEntry(db, user.id, entry.id);
    c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "diary", id: entry.id, action: "deleted" }));
    return c.body(null, 204);
  });

/**
 * The emotional diary (Light and Pro). Writes and the computed overview need the `diary`
 * entitlement, the insights `aiInsights` (Pro); the user's own entries and the export stay readable
 * on any plan, and deleting stays open so nobody is kept from removing intimate data (0028).
 */
export const diaryModule = defineWorkerModule({
  key: "diary",
  api: { mount: "/diary", app: api },
  premium: [
    { method: "POST", path: "/diary", entitlement: "diary" },
    { method: "PATCH", path: "/diary/:id", entitlement: "diary" },
    { method: "GET", path: "/diary/overview", entitlement: "diary", paidRead: true },
    { method: "GET", path: "/diary/insights", entitlement: "aiInsights", paidRead: true },
  ],
  searchTypes: ["note"],
  searchSources: [noteSearch],
  exporter: { tables: ["diary_entries"], export: (db, userId) => queries.exportDiary(db, userId) },
  seed: (db, userId) => queries.seedDiary(db, userId, localDate(new Date(), "Europe/Lisbon"), addDays),
});
