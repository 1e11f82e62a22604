/**
 * "Observações": what GET /finances/insights computed from the user's own movements for the month
 * (top categories, unusual expenses against their own median, month-over-month changes, monthly
 * payments), already phrased in the user's language. Loaded after the screen, so the first paint
 * never waits for it. Its amounts are masked under 'Ocultar valores' like the rest of the screen's.
 */
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { MaskedAmounts } from "~/components/ui/masked-amounts";
import { Skeleton } from "~/components/ui/skeleton";
import { useLoadedAfterFirstPaint } from "~/lib/after-first-paint";
import { apiFetch } from "~/lib/api";
import { HiddenValues } from "./money";

type Insight = { kind: string; message: string };

export function InsightsPanel({ month, refreshKey }: { month: string; refreshKey?: unknown }) {
  const { t } = useTranslation("financesIo");
  const hidden = useContext(HiddenValues);
  // Another month (or a change) shows its skeleton at once, not the last answer.
  const state =
    useLoadedAfterFirstPaint(
      () => apiFetch<{ items: Insight[] }>(`/finances/insights?month=${month}`).then((result) => (result.ok ? { items: result.data.items } : ("failed" as const))),
      [month, refreshKey],
    ) ?? "loading";
  return (
    <section aria-labelledby="finance-insights-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="finance-insights">
      <h2 id="finance-insights-title" className="text-sm font-semibold text-slate-700">
        {t("insights.title")}
      </h2>
      {state === "loading" ? (
        <div className="mt-3 space-y-2" aria-busy="true">
          <Skeleton />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : state === "failed" || state.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("insights.empty")}</p>
      ) : (
        // A category's name is often one long word: it wraps anywhere instead of widening the panel.
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 wrap-anywhere">
          {state.items.map((item, i) => (
            <li key={`${item.kind}-${i}`}>
              <MaskedAmounts text={item.message} hidden={hidden} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
