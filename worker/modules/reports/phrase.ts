/**
 * Wires the weekly report to the assistant's provider (worker/ai/provider.ts `phrase`): the week's
 * headline figures as plain sentences, which the provider may reword but never renumber (its answer
 * is refused when a number goes missing). Only called for users who allow AI on personal data.
 */
import type { WeeklyReport } from "./builder";
import type { Phrase } from "./job";
import { formatMoney } from "~/components/ui/money";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat, numberFormat } from "~/lib/intl";
import { translator } from "../../lib/translate";

// The screens' own format (grouped thousands, exact cents): the provider keeps numbers as written,
// so "1 234,56 €" here is what the user reads in the summary, never "1234.56 EUR".
const euros = (cents: number, language: "pt" | "en") => formatMoney(cents, language);
// Dates and the mood average as the screens write them too: "16 de novembro", "3,4" in Portuguese.
const day = (date: string, language: "pt" | "en") => dateTimeFormat(intlLocale(language), { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
const decimal = (n: number, language: "pt" | "en") => numberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(n);

/** The report's figures as short factual sentences in the user's language (no names, no notes). */
export function reportFacts(report: WeeklyReport, language: "pt" | "en"): string {
  const pt = language === "pt";
  const [from, to] = [day(report.weekStart, language), day(report.weekEnd, language)];
  const lines = [
    pt
      ? `Semana de ${from} a ${to}: ${report.tasks.completed} tarefas concluídas de ${report.tasks.created} criadas, ${report.events.count} eventos.`
      : `Week of ${from} to ${to}: ${report.tasks.completed} tasks done of ${report.tasks.created} created, ${report.events.count} events.`,
  ];
  // An account opened during the week: said, so the wording does not read the days before as idle.
  if (report.since) lines.push(pt ? `Conta criada a ${day(report.since, language)}: a semana conta desde esse dia.` : `Account created on ${day(report.since, language)}: the week counts from that day.`);
  if (report.goals.completed.length) lines.push(pt ? `${report.goals.completed.length} objetivos concluídos.` : `${report.goals.completed.length} goals completed.`);
  if (report.mood.average !== null) {
    const mood = decimal(report.mood.average, language);
    lines.push(pt ? `Humor médio ${mood} em ${report.mood.entries} registos.` : `Average mood ${mood} over ${report.mood.entries} entries.`);
  }
  // No "against 0,00 € the week before" when the account did not exist then.
  const previous = report.since && !report.spending.previousTotalCents ? null : euros(report.spending.previousTotalCents, language);
  if (report.spending.totalCents || report.spending.previousTotalCents)
    lines.push(
      pt
        ? `Despesas ${euros(report.spending.totalCents, language)}${previous ? `, contra ${previous} na semana anterior` : ""}.`
        : `Spending ${euros(report.spending.totalCents, language)}${previous ? `, against ${previous} the week before` : ""}.`,
    );
  // Each routine's days done of due and its streak, untitled: "4 de 7 dias, sequência de 4 dias". A
  // weekday routine's streak is in times (due days done in a row), as its card says; routines not
  // yet due in the week have nothing to say.
  const routines = (report.routines ?? []).filter((r) => r.scheduled > 0);
  if (routines.length) {
    const t = translator(language);
    // A counted routine's times too (0117): "5 de 7 dias, 41 de 56 vezes, sequência de 2 dias".
    const list = routines.map((r) => `${t("reports:routines.days", { checkIns: r.checkIns, count: r.scheduled })}${r.times ? `, ${t("reports:routines.times", { done: r.times.done, count: r.times.planned })}` : ""}, ${t(r.frequency === "weekdays" ? "reports:routines.streakTimes" : "reports:routines.streak", { count: r.streakDays })}`);
    lines.push(t("reports:routines.facts", { list: list.join("; ") }));
  }
  return lines.join(" ");
}

/** A `Phrase` for generateWeeklyReport from the provider's `phrase(facts, language)`. */
export const phraseWith =
  (phrase: (facts: string, language: "pt" | "en") => Promise<string | null>): Phrase =>
  ({ report, language }) =>
    phrase(reportFacts(report, language), language);
