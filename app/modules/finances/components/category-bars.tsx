/**
 * The month's spending by category as bars of plain HTML (decision 0063): rendered on the server
 * with the page, so it is there at the first paint with no chart library, no placeholder and no
 * drawing after hydration; a list that screen readers read row by row, each row with its amount and
 * its share of the month's spending. With values hidden the bars keep their length (as the recharts
 * bars did); the amounts and shares are masked. Each row opens that category's transactions of the
 * month (`hrefOf`).
 */
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { intlLocale } from "~/i18n/language";
import { HiddenValues, Money } from "../money";
import { numberFormat } from "~/lib/intl";

const PALETTE = ["#4f46e5", "#0891b2", "#059669", "#d97706", "#dc2626", "#7c3aed", "#db2777", "#65a30d", "#0284c7", "#9333ea", "#ea580c", "#475569"];

export type CategoryRow = { id: string; label: string; totalCents: number };

/**
 * Whole percentages of the total that add up to exactly 100 (largest remainder: each value gets its
 * floor, then the points still missing go to the largest fractions, ties to the earlier value).
 * Rounded one by one, three equal categories would show 33 % each and 99 % in all.
 */
export function wholePercents(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value / total) * 100);
  const percents = exact.map(Math.floor);
  let missing = 100 - percents.reduce((sum, p) => sum + p, 0);
  const byFraction = exact.map((value, i) => ({ i, fraction: value - percents[i] })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of byFraction) {
    if (missing-- <= 0) break;
    percents[i] += 1;
  }
  return percents;
}

/**
 * Each row's bar length (% of the largest row) and share of the total (0–1, whole percents adding up
 * to 1); `underOnePercent` marks a row that has spending but rounds to 0 %, shown as "<1%" so that
 * no category with money in it reads as nothing. Pure, for the tests.
 */
export function categoryBars(rows: readonly CategoryRow[]) {
  const largest = Math.max(0, ...rows.map((row) => row.totalCents));
  const percents = wholePercents(rows.map((row) => row.totalCents));
  return rows.map((row, i) => ({
    ...row,
    widthPercent: largest > 0 ? Math.max(1, Math.round((row.totalCents / largest) * 1000) / 10) : 0,
    share: percents[i] / 100,
    underOnePercent: row.totalCents > 0 && percents[i] === 0,
  }));
}

export function CategoryBars({ rows, hrefOf }: { rows: readonly CategoryRow[]; hrefOf: (id: string) => string }) {
  const hidden = useContext(HiddenValues);
  const { i18n } = useTranslation("finances");
  const locale = intlLocale(i18n.language);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  return (
    <ul className="space-y-1" data-testid="category-bars">
      {categoryBars(rows).map((row, i) => (
        <li key={row.id} data-testid="category-bar">
          <Link to={hrefOf(row.id)} className="-mx-2 block rounded-lg px-2 py-1 hover:bg-slate-50">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium" title={row.label} dir="auto">
                {row.label}
              </span>
              <span className="shrink-0">
                <Money cents={row.totalCents} />
                {/* Hidden, the share is masked without a word of its own: the amount already says "hidden value". */}
                <span className="ml-2 inline-block w-10 text-right text-xs text-slate-500 tabular-nums" aria-hidden={hidden || undefined}>
                  {hidden ? "••" : row.underOnePercent ? `<${percent.format(0.01)}` : percent.format(row.share)}
                </span>
              </span>
            </div>
            {/* The length is in the text beside it; the bar only lets the eye compare. */}
            <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-2 rounded-full" style={{ width: `${row.widthPercent}%`, backgroundColor: PALETTE[i % PALETTE.length] }} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
