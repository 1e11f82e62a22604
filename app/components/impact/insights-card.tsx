/**
 * "Observações" on the impact dashboard: what the diary and finances insights computed from the
 * user's own data (GET /diary/insights, GET /finances/insights), a few of each, with where they come
 * from. Asked only for the plans that include them (no upsell toast on the dashboard), after the
 * screen has painted; nothing is shown that the endpoints did not compute. Their amounts are masked
 * under 'Ocultar valores' like every other amount of the user's.
 */
import { LightBulbIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MaskedAmounts } from "~/components/ui/masked-amounts";
import { Skeleton } from "~/components/ui/skeleton";
import { useLoadedAfterFirstPaint } from "~/lib/after-first-paint";
import { apiFetch } from "~/lib/api";

type Observation = { source: "diary" | "finances"; kind: string; text: string };

/** At most this many of each source, so one module does not fill the card. */
const PER_SOURCE = 3;

/** Which sources the user's plan includes: both are "AI insights (diary, finances)", Pro only (DECISIONS.md). */
export const insightSources = (entitlements: readonly string[]): Observation["source"][] => (entitlements.includes("aiInsights") ? ["diary", "finances"] : []);

async function load(source: Observation["source"], month: string): Promise<Observation[]> {
  if (source === "diary") {
    const result = await apiFetch<{ items: { kind: string; text: string }[] }>("/diary/insights");
    return result.ok ? result.data.items.slice(0, PER_SOURCE).map((i) => ({ source, kind: i.kind, text: i.text })) : [];
  }
  const result = await apiFetch<{ items: { kind: string; message: string }[] }>(`/finances/insights?month=${month}`);
  return result.ok ? result.data.items.slice(0, PER_SOURCE).map((i) => ({ source, kind: i.kind, text: i.message })) : [];
}

export function InsightsCard({ entitlements, month, hideValues }: { entitlements: readonly string[]; month: string; hideValues: boolean }) {
  const { t } = useTranslation("account");
  const sources = insightSources(entitlements);
  const key = sources.join(",");
  // Asked after the first paint; another month or plan shows the skeleton at once, not the last answer.
  const items =
    useLoadedAfterFirstPaint(
      () => Promise.all(key ? key.split(",").map((s) => load(s as Observation["source"], month)) : []).then((lists) => lists.flat()),
      [key, month],
    ) ?? null;

  if (!sources.length) return null;
  return (
    <section aria-labelledby="impact-insights-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="impact-insights">
      <h2 id="impact-insights-title" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <LightBulbIcon className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {t("impact.insights.title")}
      </h2>
      {items === null ? (
        <div className="mt-3 space-y-2" aria-busy="true">
          <Skeleton />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("impact.insights.empty")}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {items.map((item) => (
            <li key={`${item.source}-${item.kind}-${item.text}`} className="flex flex-wrap items-baseline gap-x-2">
              <span>
                <MaskedAmounts text={item.text} hidden={hideValues} />
              </span>
              <Link to={item.source === "diary" ? "/app/diario" : "/app/financas"} className="text-xs font-medium text-brand-700 hover:underline">
                {t(`impact.insights.from.${item.source}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
