/**
 * Finances I/O routes (paths relative to /api/v1, mounted at "/"): entry by sentence, bank
 * import, CSV export and insights. The module's manifest mounts `financesIoApi` and adds
 * FINANCES_IO_BODIES and FINANCES_IO_PREMIUM to its own (../shared/API.md "Finances").
 */
import { Hono } from "hono";
import { z } from "zod";
import type { PremiumRoute } from "../../billing/premium-routes";
import { currentAuth, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { ApiError, apiError } from "../../lib/errors";
import { zonedParts } from "../../lib/time-zone";
import { translator } from "../../lib/translate";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import type { BodyRule } from "../types";
import { budgetCheckOf, checkBudgets } from "./budget-alerts";
import { DEFAULT_CATEGORY_KEYS, defaultCategoryLabel, fold } from "./categories";
import { transactionsToCsv } from "./csv";
import { contentKey, dateRangeOf, flagDuplicates, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, readImport, type ImportItem, type MappingOverride } from "./csv-import";
import { phraseInsights } from "../../ai/insights";
import { computeInsights, type Insight } from "./insights";
import { parseTransaction, validDate } from "./parse";
import { categoryHistory, insertImportedTransactions, ownCategories, transactionsBetween, transactionsForExport } from "./queries";
import type { MessageKey } from "~/locales/types";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { formatMoney } from "~/components/ui/money";

/** The import takes the file's bytes (text/csv) or a form with the file and a mapping part. */
export const FINANCES_IO_BODIES: readonly BodyRule[] = [
  { method: "POST", path: "/transactions/import", maxBytes: IMPORT_MAX_BYTES, mediaTypes: ["text/csv", "multipart/form-data"] },
];

/**
 * Import and CSV export are Light features; the insights are "AI insights (diary, finances)", Pro
 * only (../shared/DECISIONS.md). Entry by sentence is in every plan.
 */
export const FINANCES_IO_PREMIUM: readonly PremiumRoute[] = [
  { method: "POST", path: "/transactions/import", entitlement: "finances.advanced" },
  { method: "GET", path: "/transactions/export.csv", entitlement: "finances.advanced", paidRead: true },
  { method: "GET", path: "/finances/insights", entitlement: "aiInsights", paidRead: true },
];

const isoDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10)) !== undefined, "errors:field.invalid");
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "errors:field.invalid");

/** The user's calendar day now, in their time zone. */
const localToday = (timeZone: string, now = new Date()) => {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
};

const column = z.number().int().min(0).max(199).nullable();
const mappingSchema = z
  .object({
    date: column,
    description: column,
    amount: column,
    debit: column,
    credit: column,
    type: column,
    fee: column,
    status: column,
    category: column,
    reference: column,
    dateFormat: z.enum(["dmy", "ymd", "mdy"]),
    decimal: z.enum([",", "."]),
  })
  .partial()
  .strict();

const badMapping = () => new ApiError("validation_failed", 400, "financesIo:import.badMapping", { mapping: "financesIo:import.badMapping" });

function readMapping(raw: string | undefined | null): MappingOverride {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badMapping();
  }
  const result = mappingSchema.safeParse(parsed);
  if (!result.success) throw badMapping();
  return result.data;
}

/** The user's category choices in the preview: line number -> category key or own category id. */
const categoriesSchema = z.record(z.string().regex(/^\d{1,6}$/), z.string().min(1).max(100));
const badCategories = () => new ApiError("validation_failed", 400, "financesIo:import.badCategories", { categories: "financesIo:import.badCategories" });

function readCategories(raw: string | undefined | null): Record<string, string> {
  if (!raw) return {};
  try {
    const result = categoriesSchema.safeParse(JSON.parse(raw));
    if (result.success && Object.keys(result.data).length <= IMPORT_MAX_ROWS) return result.data;
  } catch {
    // falls through to the 400 below
  }
  throw badCategories();
}

const importFailures = {
  not_csv: "financesIo:import.notCsv",
  no_header: "financesIo:import.noHeader",
  too_many_rows: "financesIo:import.tooManyRows",
} as const satisfies Record<string, MessageKey>;

const publicItem = ({ importKey: _key, ...item }: ImportItem) => item;

const exportQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: z.enum(["income", "expense"]).optional(),
  category: z.string().min(1).max(100).optional(),
  q: z.string().max(200).optional(),
  language: z.enum(["pt", "en"]).optional(),
});

// requireUser per route, not `use("*")`: mounted at "/", a wildcard would also run before other modules' public routes.
export const financesIoApi = new Hono<AppEnv>()
  .post("/transactions/parse", requireUser, validate("json", z.object({ text: z.string().max(500), today: isoDate.optional() }).strict()), async (c) => {
    const { user } = currentAuth(c);
    const body = c.req.valid("json");
    const history = await categoryHistory(database(c.env.DB), user.id);
    const result = parseTransaction(body.text, { today: body.today ?? localToday(user.timeZone), language: c.get("lang"), history });
    if (!result.ok) throw new ApiError("unparseable", 422, "financesIo:parse.error", { text: "financesIo:parse.hint" });
    return c.json({ draft: result.draft });
  })
  .post("/transactions/import", requireUser, async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const dryRun = c.req.query("dryRun") === "true";
    let bytes: Uint8Array;
    let override = readMapping(c.req.query("mapping"));
    let chosen = readCategories(c.req.query("categories"));
    if ((c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const form = await c.req.formData();
      const file = form.get("file");
      if (!file || typeof file === "string") throw new ApiError("validation_failed", 400, "financesIo:import.notCsv", { file: "errors:field.required" });
      bytes = new Uint8Array(await file.arrayBuffer());
      const part = form.get("mapping");
      if (part) override = { ...override, ...readMapping(typeof part === "string" ? part : await part.text()) };
      const categoriesPart = form.get("categories");
      if (categoriesPart) chosen = { ...chosen, ...readCategories(typeof categoriesPart === "string" ? categoriesPart : await categoriesPart.text()) };
    } else bytes = new Uint8Array(await c.req.arrayBuffer());

    const [history, categories] = await Promise.all([categoryHistory(db, user.id), ownCategories(db, user.id)]);
    const result = readImport(bytes, override, { history, ownCategories: new Map(categories.map((k) => [fold(k.name).trim(), k.id])), language: c.get("lang") });
    if (!result.ok) throw new ApiError("validation_failed", 400, importFailures[result.reason], { file: importFailures[result.reason] });
    const { report } = result;
    // A category the user picked in the preview replaces the guess of that line's movement (not its fee).
    if (Object.keys(chosen).length) {
      const known = new Set([...DEFAULT_CATEGORY_KEYS, ...categories.map((k) => k.id)]);
      if (Object.values(chosen).some((category) => !known.has(category))) throw badCategories();
      const done = new Set<number>();
      for (const item of report.items) {
        const category = chosen[String(item.line)];
        if (category && !done.has(item.line)) item.category = category;
        done.add(item.line);
      }
    }
    const { mapping } = report;
    if (mapping.date === null || (mapping.amount === null && mapping.debit === null && mapping.credit === null)) throw badMapping();

    const range = dateRangeOf(report.items);
    if (range) {
      const existing = await transactionsBetween(db, user.id, range.from, range.to);
      const existingContent = new Map<string, number>();
      for (const t of existing) existingContent.set(contentKey(t), (existingContent.get(contentKey(t)) ?? 0) + 1);
      flagDuplicates(report.items, { existingKeys: new Set(existing.flatMap((t) => (t.importKey ? [t.importKey] : []))), existingContent });
    }
    const answer = { items: report.items.map(publicItem), skipped: report.skipped, errors: report.errors, mapping };
    if (dryRun) return c.json(answer);

    if (report.errors.length) {
      // All or nothing: one unreadable row and nothing is saved; each bad row is named by its line.
      const fields = Object.fromEntries(report.errors.slice(0, 50).map((e) => [`line.${e.line}`, `financesIo:rowError.${e.reason}` as MessageKey]));
      throw new ApiError("validation_failed", 400, "financesIo:import.rowErrors", fields, undefined, { line: String(report.errors[0].line) });
    }
    const fresh = report.items.filter((i) => !i.duplicate);
    await insertImportedTransactions(
      db,
      user.id,
      fresh.map((i) => ({ id: crypto.randomUUID(), type: i.type, amountCents: i.amountCents, description: i.description, date: i.date, category: i.category, importKey: i.importKey })),
    );
    // One change for the whole file: the screen revalidates once, not per row.
    if (fresh.length) c.executionCtx.waitUntil(publishEntityChange(c.env, user.id, { entity: "transaction", id: "import", action: "created" }).catch(() => undefined));
    // The budget alerts an expense typed in would raise, once for the file: only this month's
    // expenses count (decision 0025: an import of past months never alerts about them).
    const month = localToday(user.timeZone).slice(0, 7);
    const spentThisMonth = fresh.filter((i) => i.type === "expense" && i.date.startsWith(month));
    if (spentThisMonth.length) await checkBudgets(budgetCheckOf(c), spentThisMonth.map((i) => i.category), spentThisMonth.map((i) => i.date));
    return c.json({ ...answer, imported: fresh.length });
  })
  .get("/transactions/export.csv", requireUser, validate("query", exportQuery), async (c) => {
    const { user } = currentAuth(c);
    const query = c.req.valid("query");
    const language = query.language ?? c.get("lang");
    const db = database(c.env.DB);
    const [rows, categories] = await Promise.all([transactionsForExport(db, user.id, query), ownCategories(db, user.id)]);
    const names = new Map(categories.map((k) => [k.id, k.name]));
    const csv = transactionsToCsv(rows, language, (id) => names.get(id));
    const name = `${translator(language)("financesIo:export.fileName")}-${localToday(user.timeZone)}.csv`;
    return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store" });
  })
  .get("/finances/insights", requireUser, validate("query", z.object({ month: month.optional() })), async (c) => {
    const { user } = currentAuth(c);
    const language = c.get("lang");
    const today = localToday(user.timeZone);
    const target = c.req.valid("query").month ?? today.slice(0, 7);
    const [year, mm] = target.split("-").map(Number);
    // A year of history before the month: medians and recurring payments need it.
    const from = `${year - 1}-${String(mm).padStart(2, "0")}-01`;
    const to = `${target}-31`;
    const db = database(c.env.DB);
    const [rows, categories] = await Promise.all([transactionsBetween(db, user.id, from, to), ownCategories(db, user.id)]);
    const names = new Map(categories.map((k) => [k.id, k.name]));
    const insights = computeInsights(rows, target, today);
    const templates = insights.map((insight) => phrase(insight, language, (id) => defaultCategoryLabel(id, language) ?? names.get(id) ?? defaultCategoryLabel("other", language)!));
    // Reworded by the configured provider only with the user's opt-in; the figures stay the templates'.
    const phrased = await phraseInsights(c.env, user.preferences.aiOnPersonalData === true, templates, language);
    return c.json({ month: target, items: insights.map((insight, i) => ({ ...insight, message: phrased.texts[i] })), phrasedBy: phrased.phrasedBy });
  });

/** One insight as a sentence in the user's language, with the numbers computed above. */
export function phrase(insight: Insight, language: "pt" | "en", categoryName: (id: string) => string): string {
  const t = translator(language);
  const locale = intlLocale(language);
  // The screens' own format (grouped thousands, exact cents): "1 234,50 €", never "1234,50 €".
  const money = (cents: number) => formatMoney(cents, language);
  const monthName = (m: string) => dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${m}-01T12:00:00Z`));
  const day = (d: string) => dateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
  switch (insight.kind) {
    case "top_category":
      // Only the first is "the biggest": the second and third say their place.
      return t(`financesIo:insights.${(["topCategory", "secondCategory", "thirdCategory"] as const)[insight.rank - 1] ?? "topCategory"}`, { category: categoryName(insight.category), month: monthName(insight.month), amount: money(insight.amountCents), share: insight.sharePercent });
    case "unusual_expense":
      return t("financesIo:insights.unusual", { description: insight.description, amount: money(insight.amountCents), date: day(insight.date), times: insight.times.toLocaleString(locale), category: categoryName(insight.category) });
    case "month_change": {
      const values = { percent: Math.abs(insight.changePercent), amount: money(insight.amountCents), previous: money(insight.previousCents), month: monthName(insight.month) };
      // The running month says it is compared with the same days so far, not the whole month before.
      const soFar = insight.partial ? "SoFar" : "";
      if (insight.category === null) return t(`financesIo:insights.total${insight.changePercent > 0 ? "Up" : "Down"}${soFar}`, values);
      return t(`financesIo:insights.month${insight.changePercent > 0 ? "Up" : "Down"}${soFar}`, { ...values, category: categoryName(insight.category) });
    }
    case "recurring":
      return t("financesIo:insights.recurring", { description: insight.description, amount: money(insight.amountCents), day: insight.dayOfMonth, months: insight.months });
  }
}
