/**
 * One message in, one answer out: the configured provider (or the built-in engine) reads the message,
 * and what it understood becomes either drafts to confirm or an answer whose numbers are computed
 * here from the modules' own queries, with their source (module and range). A provider that times
 * out, errs, refuses or calls a tool wrongly is replaced by the built-in engine, and the answer says so.
 */
import { formatMoney } from "~/components/ui/money";
import type { Db } from "../../db/client";
import type { User } from "../../db/accounts";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { translator } from "../../lib/translate";
import { understand, type EngineContext, type Language, type Question, type Understanding } from "../../ai/engine";
import { ProviderFailure, providerFor, type FailureReason } from "../../ai/provider";
import { systemPrompt, TOOL_SPECS, understandingFromTool } from "../../ai/tools";
import { occurrencesBetween } from "../calendar/queries";
import { daysBetween, predictCycle } from "../cycle/predictions";
import { cycleHistory } from "../cycle/queries";
import { localToday } from "../cycle/today";
import { savedEntriesBetween } from "../diary/queries";
import { categoryHistory, spentIn, totals } from "../finances/queries";
import { defaultCategoryLabel } from "../finances/categories";
import { WORKER_MODULES } from "..";
import { timelineOf } from "../registry";
import { proposeDayPlan } from "../tasks/api";
import { dueOn } from "../tasks/queries";
import { shiftDate, startOfDate } from "../tasks/scheduling";
import { scopedTo } from "../../db/scoped";
import { checkDraft, type DraftType } from "./drafts";
import { mentionsCrisis, mentionsHealth } from "../../ai/health-words";
import type { NewDraft } from "./queries";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

/** Where a figure of an answer comes from. */
export type Source = { module: string; from: string; to: string; figure: string; value: number | null; category?: string | null };

export type Answer = {
  reply: string;
  drafts: NewDraft[];
  sources: Source[];
  provider: "builtin" | "openai" | "workers-ai";
  /** Why the configured provider was not used, when it failed. */
  fallback: FailureReason | null;
};

/**
 * Health data (GDPR Art. 9) goes to an external provider only with the user's `aiOnPersonalData`:
 * what the built-in engine understands as diary or cycle, and any message whose words speak of
 * the writer's health or feelings (decision 0093).
 */
const sensitive = (u: Understanding, message: string) =>
  (u.intent === "create" && u.action.type === "diaryEntry") || (u.intent === "ask" && (u.question.kind === "mood" || u.question.kind === "nextPeriod")) || mentionsHealth(message);

const sharesPersonalData = (user: User) => user.preferences.aiOnPersonalData === true;

/**
 * Answers one message for `user`; `onText` receives the provider's text as it streams. Never
 * throws for a provider's fault. Talk of self-harm always gets where to find help first, whoever answers.
 */
export async function respond(env: Env, db: Db, user: User, message: string, now: Date, onText?: (delta: string) => void): Promise<Answer> {
  const answer = await answerOf(env, db, user, message, now, onText);
  if (!mentionsCrisis(message)) return answer;
  const help = translator(user.language)("assistant:reply.crisis");
  return { ...answer, reply: `${help}\n\n${answer.reply}` };
}

async function answerOf(env: Env, db: Db, user: User, message: string, now: Date, onText?: (delta: string) => void): Promise<Answer> {
  const context: EngineContext = { now, timeZone: user.timeZone, language: user.language, history: await categoryHistory(db, user.id, 200) };
  const builtin = understand(message, context);
  const provider = providerFor(env);
  if (!provider || (sensitive(builtin, message) && !sharesPersonalData(user))) {
    const answer = await act(db, user, builtin, now);
    const keptFromProvider = !!provider && builtin.intent === "unsupported" && builtin.reason === "unknown" && mentionsHealth(message);
    return { ...answer, reply: keptFromProvider ? translator(builtin.language)("assistant:reply.unsupported.notShared") : answer.reply, provider: "builtin", fallback: null };
  }

  let fallback: FailureReason;
  try {
    const result = await provider.generate({ system: systemPrompt(context, builtin.language), message, tools: TOOL_SPECS, onText });
    if (result.toolCalls.length) {
      const understood = understandingFromTool(result.toolCalls[0], context, builtin.language);
      if (!understood) throw new ProviderFailure("malformed", result.toolCalls[0].name);
      const answer = await act(db, user, understood, now);
      // A call whose draft the module refuses is as unusable as a malformed one.
      if (understood.intent === "create" && !answer.drafts.length) throw new ProviderFailure("malformed", "draft refused");
      return { ...answer, provider: provider.name, fallback: null };
    }
    if (!result.text.trim()) throw new ProviderFailure("malformed", "empty answer");
    return { reply: result.text.trim(), drafts: [], sources: [], provider: provider.name, fallback: null };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    fallback = error.reason;
  }
  const answer = await act(db, user, builtin, now);
  const t = translator(builtin.language);
  return { ...answer, reply: `${t("assistant:reply.fallback")}\n\n${answer.reply}`, provider: "builtin", fallback };
}

type Acted = Pick<Answer, "reply" | "drafts" | "sources">;


async function act(db: Db, user: User, u: Understanding, now: Date): Promise<Acted> {
  const t = translator(u.language);
  if (u.intent === "unsupported") return { reply: t(`assistant:reply.unsupported.${u.reason}`), drafts: [], sources: [] };
  if (u.intent === "create") {
    try {
      const fields = await checkDraft(db, user, u.action.type, u.action.fields as Record<string, unknown>, now);
      return { reply: t(`assistant:reply.draft.${u.action.type}`), drafts: [{ id: newId(), type: u.action.type, fields }], sources: [] };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { reply: t("assistant:reply.unsupported.unparsed"), drafts: [], sources: [] };
    }
  }
  return answer(db, user, u.question, u.language, now);
}

const dateLabel = (date: string, language: Language) =>
  dateTimeFormat(intlLocale(language), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
const timeLabel = (instant: string, timeZone: string, language: Language) =>
  dateTimeFormat(intlLocale(language), { timeStyle: "short", timeZone }).format(new Date(instant));

/** A question answered from the user's data: the numbers are computed here, never by a model. */
export async function answer(db: Db, user: User, question: Question, language: Language, now: Date): Promise<Acted> {
  const t = translator(language);
  const none = { drafts: [] as NewDraft[], sources: [] as Source[] };
  switch (question.kind) {
    case "spending": {
      const { from, to, period, category } = question;
      const cents = category ? await spentIn(db, user.id, category, { from, to }) : (await totals(db, user.id, { from, to })).expenseCents;
      const amount = formatMoney(cents, language);
      const periodText = t(`assistant:period.${period}`);
      const reply = category
        ? t("assistant:reply.spendingIn", { amount, category: defaultCategoryLabel(category, language) ?? category, period: periodText })
        : t("assistant:reply.spending", { amount, period: periodText });
      return { reply, drafts: [], sources: [{ module: "finances", from, to, figure: "expenseCents", value: cents, category }] };
    }
    case "agenda": {
      const { date } = question;
      const from = startOfDate(date, user.timeZone);
      const to = startOfDate(shiftDate(date, 1), user.timeZone);
      const [events, others, due] = await Promise.all([
        occurrencesBetween(scopedTo(db, user.id), date, date, user.timeZone),
        timelineOf(WORKER_MODULES, db, user.id, { from, to, timeZone: user.timeZone }, "calendar"),
        dueOn(db, user.id, date),
      ]);
      const timed = [
        ...events.map((e) => ({ title: e.title, start: e.start, allDay: e.allDay })),
        ...others.filter((i) => i.module !== "calendar").map((i) => ({ title: i.title, start: i.start, allDay: i.allDay })),
      ].sort((a, b) => (a.allDay === b.allDay ? a.start.localeCompare(b.start) : a.allDay ? -1 : 1));
      const lines = [
        ...timed.map((item) => `• ${item.allDay ? t("assistant:reply.allDay") : timeLabel(item.start, user.timeZone, language)} ${item.title}`),
        ...due.map((task) => `• ${t("assistant:reply.due")} ${task.title}`),
      ];
      const day = dateLabel(date, language);
      const sources: Source[] = [{ module: "calendar", from: date, to: date, figure: "items", value: timed.length }, { module: "tasks", from: date, to: date, figure: "due", value: due.length }];
      if (!lines.length) return { reply: t("assistant:reply.agendaEmpty", { day }), drafts: [], sources };
      return { reply: `${t("assistant:reply.agenda", { day, count: lines.length })}\n${lines.join("\n")}`, drafts: [], sources };
    }
    case "mood": {
      const { from, to, period } = question;
      const moods = (await savedEntriesBetween(db, user.id, from, to)).map((e) => e.mood).filter((m): m is number => m !== null);
      const periodText = t(`assistant:period.${period}`);
      if (!moods.length) return { reply: t("assistant:reply.moodEmpty", { period: periodText }), ...none, sources: [{ module: "diary", from, to, figure: "moodAverage", value: null }] };
      const average = Math.round((moods.reduce((sum, m) => sum + m, 0) / moods.length) * 10) / 10;
      const averageText = numberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(average);
      return { reply: t("assistant:reply.mood", { average: averageText, count: moods.length, period: periodText }), drafts: [], sources: [{ module: "diary", from, to, figure: "moodAverage", value: average }] };
    }
    case "nextPeriod": {
      // Cycle data is read for the assistant only when the user shares it (Preferências).
      if (!sharesPersonalData(user)) return { reply: t("assistant:reply.nextPeriodNotShared"), ...none };
      const { days: cycleDays, longCycles } = await cycleHistory(db, user.id);
      const prediction = predictCycle(cycleDays, longCycles);
      if (!prediction.nextPeriodStart || !prediction.range) return { reply: t("assistant:reply.nextPeriodNoData"), ...none };
      const { start, end } = prediction.range;
      const sources: Source[] = [{ module: "cycle", from: prediction.periodStarts[0] ?? start, to: prediction.nextPeriodStart, figure: "averageCycleLength", value: prediction.averageCycleLength }];
      // A predicted date already past is a late period (as the cycle screen says), not "the next one".
      const late = daysBetween(prediction.nextPeriodStart, localToday(now, user.timeZone));
      if (late > 0) return { reply: t("assistant:reply.nextPeriodLate", { date: dateLabel(prediction.nextPeriodStart, language), count: late }), drafts: [], sources };
      return {
        reply: t("assistant:reply.nextPeriod", { date: dateLabel(prediction.nextPeriodStart, language), from: dateLabel(start, language), to: dateLabel(end, language) }),
        drafts: [],
        sources,
      };
    }
    case "planDay": {
      const { today, candidates, plan } = await proposeDayPlan(WORKER_MODULES, db, user, now);
      if (!candidates.length) return { reply: t("assistant:reply.planDayEmpty"), ...none };
      // A day off is said as such, not as a day without free time (every task is then `not_working_day`).
      if (!plan.placed.length) return { reply: t(plan.unplaced.every((u) => u.reason === "not_working_day") ? "assistant:reply.planDayNotWorkingDay" : "assistant:reply.planDayNoTime"), ...none };
      const titles = new Map(candidates.map((task) => [task.id, task]));
      const placed = plan.placed.map((p) => {
        const task = titles.get(p.id)!;
        return { id: p.id, title: task.title, start: p.start.toISOString(), end: new Date(p.start.getTime() + task.durationMinutes * 60_000).toISOString() };
      });
      const lines = placed.map((p) => `• ${timeLabel(p.start, user.timeZone, language)} ${p.title}`);
      const type: DraftType = "planDay";
      return {
        reply: `${t("assistant:reply.planDay", { count: placed.length, left: plan.unplaced.length })}\n${lines.join("\n")}`,
        drafts: [{ id: newId(), type, fields: { date: today, placed } }],
        sources: [{ module: "tasks", from: today, to: today, figure: "placed", value: placed.length }],
      };
    }
  }
}

