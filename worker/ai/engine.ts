/**
 * The built-in engine: the assistant without a language model (the default locally, in tests and
 * whenever no provider is configured or one fails). Intent detection by word rules in pt-PT, pt-BR
 * and en, then slot filling with the modules' own readers: the quick-add sentence reader
 * (app/lib/quick-add.ts, tasks and events) and the money-sentence reader
 * (worker/modules/finances/parse.ts). Pure and deterministic: the same message, clock and zone give
 * the same understanding, so tests pin it message by message (tests/unit/assistant-engine.test.ts).
 *
 * It never writes: a create intent becomes a draft the user confirms, a question becomes a query
 * whose numbers the worker computes (./answers.ts). What it does not understand — and any request
 * to delete — gets a plain "I can't do that yet" (docs/decisions/0038-assistant.md).
 */
import { parseQuickAdd } from "~/lib/quick-add";
import { DEFAULT_CATEGORIES, categoryFromWords, fold } from "../modules/finances/categories";
import { parseTransaction, type HistoryEntry, type TransactionDraft } from "../modules/finances/parse";
import { EMOTIONS, type Emotion } from "../modules/diary/vocabulary";
import { localDateOf, shiftDate, zonedInstant } from "../modules/tasks/scheduling";

export type Language = "pt" | "en";

export type EngineContext = {
  now: Date;
  timeZone: string;
  /** The user's language: the reply's language when the message itself does not tell. */
  language: Language;
  /** The user's past transactions, so a draft files things the way the user does. */
  history?: readonly HistoryEntry[];
};

export type TaskDraft = { title: string; dueDate: string | null; scheduledStart: string | null; durationMinutes: number; priority: "low" | "medium" | "high" };
export type EventDraft = { title: string; allDay: boolean; start: string; end: string; timeZone: string };
export type DiaryDraft = { title: string; content: string; mood: number | null; emotions: Emotion[]; date: string };
export type GoalDraft = { title: string; description: string; deadline: string | null };
export type PlanDayDraft = { date: string; placed: { id: string; title: string; start: string; end: string }[] };

export type DraftAction =
  | { type: "task"; fields: TaskDraft }
  | { type: "event"; fields: EventDraft }
  | { type: "transaction"; fields: TransactionDraft }
  | { type: "diaryEntry"; fields: DiaryDraft }
  | { type: "goal"; fields: GoalDraft };

export type PeriodKey = "today" | "yesterday" | "thisWeek" | "lastWeek" | "thisMonth" | "lastMonth" | "thisYear";

export type Question =
  | { kind: "spending"; category: string | null; period: PeriodKey; from: string; to: string }
  | { kind: "agenda"; date: string }
  | { kind: "mood"; period: PeriodKey | "last30"; from: string; to: string }
  | { kind: "nextPeriod" }
  | { kind: "planDay"; date: string };

export type Refusal = "unknown" | "delete" | "unparsed";

export type Understanding =
  | { intent: "create"; language: Language; action: DraftAction }
  | { intent: "ask"; language: Language; question: Question }
  | { intent: "unsupported"; language: Language; reason: Refusal };

/** The longest message the assistant reads (../shared/API.md). */
export const MESSAGE_MAX = 4_000;

// ---------------------------------------------------------------------------------------------
// Words

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
/** A whole-word pattern over folded text (lower case, no accents). */
const w = (source: string) => new RegExp(B + "(?:" + source + ")" + E, "u");

const PT_MARKERS = w("o|a|os|as|de|do|da|que|quanto|gastei|tenho|meu|minha|amanha|hoje|ontem|mes|semana|com|para|lembra|marca|reuniao|objetivo|humor|diario|planeia|paguei|recebi|sexta|segunda|proxima|dia|as|sinto|estou|ate|qual|quando|como");
const EN_MARKERS = w("the|what|how|much|did|i|my|tomorrow|today|yesterday|month|week|with|remind|me|to|meeting|goal|mood|journal|plan|spent|paid|received|friday|monday|next|at|on|feel|by|when|have|schedule|been|and|everything|all|previous|instructions|ignore|please|is|it|of|for|in|this|last|do|can|you");

/**
 * The message's language: counted marker words, the user's language on a tie. Accents weigh for
 * Portuguese only beside a Portuguese word: alone they are a name or a loanword ("Café 3€").
 */
export function languageOf(text: string, fallback: Language): Language {
  const words = fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let pt = 0;
  let en = 0;
  for (const word of words) {
    if (PT_MARKERS.test(word)) pt++;
    if (EN_MARKERS.test(word)) en++;
  }
  if (pt > 0 && /[ãõçáéíóúâêôà]/iu.test(text)) pt += 2;
  return pt === en ? fallback : pt > en ? "pt" : "en";
}

const DELETE = w("apaga|apagar|apagues|elimina|eliminar|remove|remover|exclui|excluir|limpa|delete|erase|wipe|clear|destroy|drop");
const PLAN_DAY = /(?:planei?a|planear|planejar|planeja|organiza|organizar)\s+(?:o\s+)?(?:meu\s+)?dia|plan\s+(?:my|the)\s+day|plan\s+today/u;
const SPENDING = /(?:quanto|qto|quantos euros)\s+(?:e\s+que\s+)?(?:eu\s+)?(?:gastei|gasto|gastamos|paguei|despendi|ja gastei|foi gasto)|how\s+much\s+(?:did\s+i|have\s+i|i(?:'ve)?)\s+(?:spent?|paid|pay)|how\s+much\s+(?:money\s+)?(?:went|was spent)|what\s+did\s+i\s+spend|total\s+(?:gasto|spent)|(?:o\s+)?meus?\s+gastos\s+(?:com|em|de|no|na|este|esta|deste|desta)|my\s+spending\s+(?:on|in|this|last)/u;
const AGENDA = /o\s+que\s+(?:e\s+que\s+)?(?:eu\s+)?tenho|que\s+tenho\s+(?:para|pra|marcado|agendado)?|tenho\s+(?:alguma\s+coisa|algo|compromissos|reunioes|eventos)|(?:a\s+)?minha\s+agenda|agenda\s+(?:de|para|pra)\s+(?:hoje|amanha|depois|segunda|terca|quarta|quinta|sexta|sabado|domingo)|what(?:'s|\s+is|\s+do\s+i\s+have)\s+(?:on\s+)?(?:for\s+)?(?:today|tomorrow|on|my|this|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|what\s+do\s+i\s+have|my\s+(?:agenda|schedule)\s+(?:for|today|tomorrow)|am\s+i\s+(?:busy|free)/u;
const MOOD = /(?:como\s+(?:tem|tenho|anda|esta|estou|me\s+tenho)\s+(?:estado\s+|andado\s+|sentido\s+)?(?:o\s+)?(?:meu\s+)?humor)|(?:o\s+)?meu\s+humor|como\s+me\s+tenho\s+sentido|como\s+tenho\s+(?:andado|estado)(?:\s+de\s+humor)?\??$|how\s+(?:has|is|was|have)\s+(?:been\s+)?my\s+mood|my\s+mood|how\s+have\s+i\s+been\s+feeling|how\s+am\s+i\s+feeling\s+lately|media\s+(?:do\s+)?humor|mood\s+average/u;
const NEXT_PERIOD = /(?:proxima|proximo)\s+(?:menstruacao|periodo|regra)|quando\s+(?:e\s+que\s+)?(?:vem|chega|sera|e)\s+(?:a\s+)?(?:minha\s+)?(?:proxima\s+)?(?:menstruacao|regra|periodo|menstruacao)|menstruacao\s+(?:vem|chega)|next\s+period|when\s+(?:is|will)\s+my\s+(?:next\s+)?period|period\s+(?:due|coming)/u;

const TASK_LEAD = /^(?:por\s+favor\s+|please\s+)?(?:lembra[- ]me\s+(?:de\s+|que\s+)?|lembrar[- ]me\s+de\s+|me\s+lembra\s+de\s+|me\s+lembre\s+de\s+|lembrete\s*:\s*|tarefa\s*:\s*|nova\s+tarefa\s*:?\s*|adiciona(?:r)?\s+(?:uma\s+)?tarefa\s*:?\s*(?:para\s+)?|cria(?:r)?\s+(?:uma\s+)?tarefa\s*:?\s*(?:para\s+)?|tenho\s+(?:de|que)\s+|preciso\s+de\s+|remind\s+me\s+(?:to\s+)?|task\s*:\s*|to-?do\s*:\s*|add\s+(?:a\s+)?task\s*:?\s*(?:to\s+)?|create\s+(?:a\s+)?task\s*:?\s*(?:to\s+)?|new\s+task\s*:?\s*|i\s+need\s+to\s+|i\s+have\s+to\s+|i\s+must\s+)/u;
const EVENT_LEAD = /^(?:por\s+favor\s+|please\s+)?(?:marca(?:r)?(?:-me)?\s+(?:um[a]?\s+)?(?:evento\s*:?\s*)?|agenda(?:r)?\s+(?:um[a]?\s+)?(?:evento\s*:?\s*)?|cria(?:r)?\s+(?:um\s+)?evento\s*:?\s*|novo\s+evento\s*:?\s*|evento\s*:\s*|schedule\s+(?:a\s+|an\s+)?|book\s+(?:a\s+|an\s+)?|add\s+(?:an?\s+)?event\s*:?\s*|create\s+(?:an?\s+)?event\s*:?\s*|new\s+event\s*:?\s*|event\s*:\s*|put\s+)/u;
const EVENT_NOUN = w("reuniao|consulta|dentista|medico|entrevista|jantar com|almoco com|cafe com|aniversario|encontro|meeting|appointment|interview|dinner with|lunch with|call with|chamada com|videochamada|webinar|aula de");
const GOAL_LEAD = /^(?:(?:novo\s+)?objetivo|(?:nova\s+)?meta|(?:new\s+)?goal)\s*:\s*|^(?:cria(?:r)?|define|definir|adiciona(?:r)?)\s+(?:um\s+)?(?:novo\s+)?(?:objetivo|meta)\s*:?\s*|^(?:create|add|set)\s+(?:a\s+)?(?:new\s+)?goal\s*:?\s*(?:to\s+)?|^(?:o\s+)?meu\s+(?:novo\s+)?objetivo\s+(?:e|sera)\s+|^my\s+(?:new\s+)?goal\s+is\s+(?:to\s+)?|^quero\s+(?=.*\bate\b)|^i\s+want\s+to\s+(?=.*\bby\b)/u;
const DIARY_LEAD = /^(?:querido\s+diario\s*[,:]?\s*|diario\s*:\s*|nota\s+no\s+diario\s*:?\s*|escreve\s+no\s+(?:meu\s+)?diario\s*:?\s*|regista\s+no\s+(?:meu\s+)?diario\s*:?\s*|dear\s+diary\s*[,:]?\s*|journal\s*:\s*|diary\s*:\s*|add\s+to\s+(?:my\s+)?(?:journal|diary)\s*:?\s*|write\s+in\s+my\s+(?:journal|diary)\s*:?\s*)/u;
const DIARY_FEELING = /^(?:hoje\s+)?(?:(?:eu\s+)?(?:sinto-me|me\s+sinto|senti-me|me\s+senti|estou|estava|fiquei)\s+(?:muito\s+|tao\s+|bastante\s+|um\s+pouco\s+)?(?:feliz|triste|cansad[oa]|ansios[oa]|calm[oa]|grat[oa]|frustrad[oa]|esperancos[oa]|nostalgic[oa]|energetic[oa]|bem|mal|otim[oa]|pessim[oa]|em\s+baixo|stressad[oa]|estressad[oa])|(?:today\s+)?i(?:\s+(?:feel|felt|am|was)|'m)\s+(?:so\s+|very\s+|really\s+|a\s+bit\s+)?(?:happy|sad|tired|anxious|calm|grateful|frustrated|hopeful|nostalgic|energetic|great|good|bad|awful|terrible|down|stressed))/u;
const MONEY_VERB = w("gastei|gasto|paguei|comprei|recebi|ganhei|custou|despesa|receita|spent|paid|bought|received|earned|got paid|cost me|expense|income");
const CURRENCY = /\d\s*(?:€|eur|euros?|reais|r\$)|(?:€|r\$)\s*\d/u;

// ---------------------------------------------------------------------------------------------
// Dates

const WEEKDAYS: Record<string, number> = {
  segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6, domingo: 7,
  monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7,
};
const MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};

/** ISO weekday of a YYYY-MM-DD date, Monday = 1. */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");

/** The inclusive date range of a period around `today` (weeks start on Monday). */
export function periodRange(period: PeriodKey, today: string): { from: string; to: string } {
  const [y, m] = today.split("-").map(Number);
  const monday = shiftDate(today, 1 - isoWeekday(today));
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const day = shiftDate(today, -1);
      return { from: day, to: day };
    }
    case "thisWeek":
      return { from: monday, to: shiftDate(monday, 6) };
    case "lastWeek":
      return { from: shiftDate(monday, -7), to: shiftDate(monday, -1) };
    case "thisMonth":
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOfMonth(y, m))}` };
    case "lastMonth": {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: `${py}-${pad(pm)}-01`, to: `${py}-${pad(pm)}-${pad(lastDayOfMonth(py, pm))}` };
    }
    case "thisYear":
      return { from: `${y}-01-01`, to: `${y}-12-31` };
  }
}

/** The period a question names ("este mês", "last week"...), or undefined. */
function periodOf(folded: string): PeriodKey | undefined {
  if (/mes\s+passado|ultimo\s+mes|last\s+month|previous\s+month/u.test(folded)) return "lastMonth";
  if (/semana\s+passada|ultima\s+semana|last\s+week|previous\s+week/u.test(folded)) return "lastWeek";
  if (/(?:este|neste|deste|esse|nesse)\s+mes|mes\s+atual|this\s+month/u.test(folded)) return "thisMonth";
  if (/(?:esta|nesta|desta|essa|nessa)\s+semana|this\s+week/u.test(folded)) return "thisWeek";
  if (/(?:este|neste|deste)\s+ano|this\s+year/u.test(folded)) return "thisYear";
  if (w("ontem|yesterday").test(folded)) return "yesterday";
  if (w("hoje|today").test(folded)) return "today";
  return undefined;
}

/** The day a question is about: hoje/amanhã/depois de amanhã/a weekday (the next one, today included). */
function dayOf(folded: string, today: string): string {
  if (/depois\s+de\s+amanha|day\s+after\s+tomorrow/u.test(folded)) return shiftDate(today, 2);
  if (w("amanha|tomorrow").test(folded)) return shiftDate(today, 1);
  if (w("ontem|yesterday").test(folded)) return shiftDate(today, -1);
  for (const [name, day] of Object.entries(WEEKDAYS)) {
    if (w(name).test(folded)) {
      const ahead = (day - isoWeekday(today) + 7) % 7;
      const next = /(?:proxima|proximo|next)\s+/u.test(folded) && ahead === 0 ? 7 : ahead;
      return shiftDate(today, next);
    }
  }
  return today;
}

/** A goal's deadline: "até março" (end of that month, this year or next), "até 30 de junho", "até 30/06", "até dia 20", "até 2027-06-30", "by March", "by June 30". */
function deadlineOf(folded: string, today: string): { deadline: string | null; rest: string } {
  const [y, m, d] = today.split("-").map(Number);
  const iso = /\s*(?:ate|by|until|before)\s+(?:o\s+)?(?:dia\s+)?(\d{4})-(\d{2})-(\d{2})\s*$/u.exec(folded);
  if (iso) return { deadline: `${iso[1]}-${iso[2]}-${iso[3]}`, rest: folded.slice(0, iso.index) };
  // A day of a month: "até 30 de junho (de 2027)", "até 30/06(/2027)", "by June 30(th)(, 2027)";
  // without a year, the next such day (this year's, or next year's once it has passed).
  const names = Object.keys(MONTHS).join("|");
  const dayMonth =
    new RegExp(`\\s*(?:ate|by|until|before)\\s+(?:(?:o|ao)\\s+)?(?:dia\\s+)?(\\d{1,2})\\s+de\\s+(${names})(?:\\s+de\\s+(\\d{4}))?\\s*$`, "u").exec(folded) ??
    new RegExp(`\\s*(?:by|until|before)\\s+(?:the\\s+)?(${names})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\s*$`, "u").exec(folded);
  const numeric = /\s*(?:ate|by|until|before)\s+(?:(?:o|ao)\s+)?(?:dia\s+)?(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\s*$/u.exec(folded);
  const named = dayMonth && (/^\d/.test(dayMonth[1]) ? { dd: Number(dayMonth[1]), mm: MONTHS[dayMonth[2]] } : { dd: Number(dayMonth[2]), mm: MONTHS[dayMonth[1]] });
  const dated = named ? { ...named, year: dayMonth![3], index: dayMonth!.index } : numeric ? { dd: Number(numeric[1]), mm: Number(numeric[2]), year: numeric[3], index: numeric.index } : null;
  if (dated && dated.mm >= 1 && dated.mm <= 12) {
    const yy = dated.year ? Number(dated.year) : dated.mm < m || (dated.mm === m && dated.dd < d) ? y + 1 : y;
    if (dated.dd >= 1 && dated.dd <= lastDayOfMonth(yy, dated.mm)) return { deadline: `${yy}-${pad(dated.mm)}-${pad(dated.dd)}`, rest: folded.slice(0, dated.index) };
  }
  const month = new RegExp(`\\s*(?:ate|by|until|before)\\s+(?:o\\s+)?(?:(?:fim|final)\\s+de\\s+|(?:the\\s+)?end\\s+of\\s+)?(${Object.keys(MONTHS).join("|")})(?:\\s+(?:de\\s+)?(\\d{4}))?\\s*$`, "u").exec(folded);
  if (month) {
    const mm = MONTHS[month[1]];
    const yy = month[2] ? Number(month[2]) : mm < m ? y + 1 : y;
    return { deadline: `${yy}-${pad(mm)}-${pad(lastDayOfMonth(yy, mm))}`, rest: folded.slice(0, month.index) };
  }
  const endYear = /\s*(?:ate\s+ao?\s+(?:fim|final)\s+do\s+ano|by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?year)\s*$/u.exec(folded);
  if (endYear) return { deadline: `${y}-12-31`, rest: folded.slice(0, endYear.index) };
  const day = /\s*(?:ate\s+(?:ao\s+)?dia|by\s+the)\s+(\d{1,2})(?:st|nd|rd|th)?\s*$/u.exec(folded);
  if (day) {
    const dd = Number(day[1]);
    const [yy, mm] = dd >= d ? [y, m] : m === 12 ? [y + 1, 1] : [y, m + 1];
    if (dd >= 1 && dd <= lastDayOfMonth(yy, mm)) return { deadline: `${yy}-${pad(mm)}-${pad(dd)}`, rest: folded.slice(0, day.index) };
  }
  return { deadline: null, rest: folded };
}

// ---------------------------------------------------------------------------------------------
// Slots

/** A category key named in a question ("restaurantes", "groceries"), by the categories' own words and labels. */
export function categoryIn(folded: string): string | null {
  for (const category of DEFAULT_CATEGORIES) {
    for (const label of [category.pt, category.en]) {
      const name = fold(label);
      if (new RegExp(B + name + "s?" + E, "u").test(folded)) return category.key;
    }
  }
  // "restaurantes", "groceries": the category words are singular.
  return categoryFromWords(folded) ?? categoryFromWords(folded.replace(/(\p{L}{3,})s(?![\p{L}\p{N}])/gu, "$1")) ?? null;
}

const MOOD_WORDS: [RegExp, number][] = [
  [w("otim[oa]|excelente|maravilhos[oa]|fantastic[oa]|muito\\s+feliz|muito\\s+bem|great|amazing|wonderful|fantastic|awesome"), 5],
  [w("pessim[oa]|horrivel|terrivel|muito\\s+mal|muito\\s+triste|awful|terrible|horrible|miserable"), 1],
  [w("triste|mal|em\\s+baixo|cansad[oa]|frustrad[oa]|ansios[oa]|stressad[oa]|estressad[oa]|sad|bad|down|tired|frustrated|anxious|stressed"), 2],
  [w("feliz|bem|content[ea]|calm[oa]|grat[oa]|happy|good|fine|calm|grateful|glad"), 4],
  [w("normal|mais\\s+ou\\s+menos|assim\\s+assim|ok|okay|so-so|meh"), 3],
];
const EMOTION_WORDS: Record<Emotion, RegExp> = {
  happy: w("feliz|alegre|contente|happy|glad|joyful"),
  sad: w("triste|em\\s+baixo|sad|down|unhappy"),
  anxious: w("ansios[oa]|ansiedade|nervos[oa]|preocupad[oa]|anxious|nervous|worried|stressed|stressad[oa]|estressad[oa]"),
  calm: w("calm[oa]|tranquil[oa]|relaxad[oa]|em\\s+paz|calm|relaxed|peaceful"),
  energetic: w("energetic[oa]|com\\s+energia|energetic|energised|energized"),
  tired: w("cansad[oa]|exaust[oa]|esgotad[oa]|tired|exhausted|worn\\s+out"),
  grateful: w("grat[oa]|agradecid[oa]|grateful|thankful"),
  frustrated: w("frustrad[oa]|irritad[oa]|chatead[oa]|frustrated|annoyed|irritated"),
  hopeful: w("esperancos[oa]|com\\s+esperanca|otimista|hopeful|optimistic"),
  nostalgic: w("nostalgic[oa]|saudades|nostalgic|homesick"),
};

/** The mood (1–5) a diary sentence states, or null when it states none. */
export function moodIn(folded: string): number | null {
  for (const [pattern, mood] of MOOD_WORDS) if (pattern.test(folded)) return mood;
  return null;
}

export const emotionsIn = (folded: string): Emotion[] => EMOTIONS.filter((emotion) => EMOTION_WORDS[emotion].test(folded));

/** Removes a matched lead from the original text (same length as its folded form, char by char). */
const cut = (original: string, folded: string, lead: RegExp) => {
  const match = lead.exec(folded);
  return match ? original.slice(match.index + match[0].length).trim() : original;
};

/** A folded copy with the same length as the original (accents removed char by char). */
const foldKeepingLength = (text: string) => Array.from(text, (ch) => (fold(ch).length === ch.length ? fold(ch) : ch.toLowerCase())).join("");

// ---------------------------------------------------------------------------------------------
// The engine

/** Reads one message into an intent with its slots; never writes, never throws. */
export function understand(message: string, context: EngineContext): Understanding {
  const text = message.normalize("NFC").replace(/\s+/g, " ").trim();
  const language = languageOf(text, context.language);
  const unsupported = (reason: Refusal): Understanding => ({ intent: "unsupported", language, reason });
  if (!text || text.length > MESSAGE_MAX) return unsupported("unparsed");
  const folded = foldKeepingLength(text);
  const today = localDateOf(context.now, context.timeZone);

  // Nothing is deleted from the chat, whatever the wording (and whatever a note or title says).
  if (DELETE.test(folded) && !TASK_LEAD.test(folded) && !EVENT_LEAD.test(folded)) return unsupported("delete");

  if (PLAN_DAY.test(folded)) return { intent: "ask", language, question: { kind: "planDay", date: today } };
  if (NEXT_PERIOD.test(folded)) return { intent: "ask", language, question: { kind: "nextPeriod" } };
  if (SPENDING.test(folded)) {
    const period = periodOf(folded) ?? "thisMonth";
    // "Quanto gastei" is what is spent: up to today, as the budgets and the month summary count
    // (decision 0024), not a rent entered ahead for the 25th.
    const { from, to } = periodRange(period, today);
    return { intent: "ask", language, question: { kind: "spending", category: categoryIn(folded), period, from, to: to < today ? to : today } };
  }
  if (MOOD.test(folded)) {
    const period = periodOf(folded);
    const range = period ? periodRange(period, today) : { from: shiftDate(today, -29), to: today };
    return { intent: "ask", language, question: { kind: "mood", period: period ?? "last30", ...range } };
  }
  if (AGENDA.test(folded) && !TASK_LEAD.test(folded)) return { intent: "ask", language, question: { kind: "agenda", date: dayOf(folded, today) } };

  const goal = GOAL_LEAD.exec(folded);
  if (goal) {
    const rest = text.slice(goal.index + goal[0].length);
    const { deadline, rest: kept } = deadlineOf(foldKeepingLength(rest), today);
    const title = tidy(rest.slice(0, kept.length));
    if (!title) return unsupported("unparsed");
    return { intent: "create", language, action: { type: "goal", fields: { title, description: "", deadline } } };
  }

  const diaryLead = DIARY_LEAD.test(folded);
  if (diaryLead || DIARY_FEELING.test(folded)) {
    const content = diaryLead ? cut(text, folded, DIARY_LEAD) : text;
    if (!content) return unsupported("unparsed");
    const foldedContent = foldKeepingLength(content);
    const date = /^(?:ontem|yesterday)/u.test(foldedContent) ? shiftDate(today, -1) : today;
    return {
      intent: "create",
      language,
      action: { type: "diaryEntry", fields: { title: "", content, mood: moodIn(foldedContent), emotions: emotionsIn(foldedContent), date } },
    };
  }

  const taskLead = TASK_LEAD.test(folded);
  const eventLead = EVENT_LEAD.test(folded);
  if (taskLead || eventLead) {
    const lead = taskLead ? TASK_LEAD : EVENT_LEAD;
    return draftInTime(cut(text, folded, lead), taskLead ? "task" : "event", language, context);
  }

  if (MONEY_VERB.test(folded) || CURRENCY.test(folded)) {
    const parsed = parseTransaction(text, { today, language, history: context.history });
    if (parsed.ok) return { intent: "create", language, action: { type: "transaction", fields: parsed.draft } };
    return unsupported("unparsed");
  }

  // "Reunião com a Ana amanhã às 15h" needs no verb: an appointment noun with a time is an event.
  if (EVENT_NOUN.test(folded) && /\d/u.test(folded)) return draftInTime(text, "event", language, context);

  return unsupported("unknown");
}

/** A task or event from a sentence read by the quick-add reader (dates and times in the user's zone). */
function draftInTime(sentence: string, type: "task" | "event", language: Language, context: EngineContext): Understanding {
  const parsed = parseQuickAdd(sentence, { language, now: context.now, timeZone: context.timeZone });
  if (!parsed.ok) return { intent: "unsupported", language, reason: "unparsed" };
  const { title, date, time, dated, durationMinutes } = parsed.draft;
  if (type === "task") {
    // The reader dates a sentence without a day "today"; a reminder without one has no due date.
    const scheduledStart = time ? zonedInstant(date, time, context.timeZone).toISOString() : null;
    return {
      intent: "create",
      language,
      action: { type: "task", fields: { title, dueDate: dated ? date : null, scheduledStart, durationMinutes: durationMinutes ?? 30, priority: "medium" } },
    };
  }
  if (!time) {
    return { intent: "create", language, action: { type: "event", fields: { title, allDay: true, start: date, end: shiftDate(date, 1), timeZone: context.timeZone } } };
  }
  const start = zonedInstant(date, time, context.timeZone);
  const end = new Date(start.getTime() + (durationMinutes ?? 60) * 60_000);
  return { intent: "create", language, action: { type: "event", fields: { title, allDay: false, start: start.toISOString(), end: end.toISOString(), timeZone: context.timeZone } } };
}

/** A title as the user wrote it, trimmed of glue and capitalised. */
function tidy(text: string): string {
  const trimmed = text.replace(/^[\s\-–:,.]+|[\s\-–:,.!?]+$/gu, "").replace(/\s+(?:ate|até|by)$/iu, "").trim();
  return trimmed ? trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1) : "";
}

export { isoWeekday };
