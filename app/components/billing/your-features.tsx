import { useTranslation } from "react-i18next";
import { ENTITLEMENTS } from "~/lib/plans";
import { PlanBadge } from "./plan-badge";

/** 'As suas funcionalidades' (/app/premium): every feature, those the plan lacks badged with the cheapest plan that has them. */
export function YourFeatures({ entitlements }: { entitlements: readonly string[] }) {
  const { t } = useTranslation("billing");
  return (
    <section aria-labelledby="features-title">
      <h2 id="features-title" className="text-lg font-semibold">
        {t("premium.yourFeatures")}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {ENTITLEMENTS.map((key) => {
          const locked = !entitlements.includes(key);
          return (
            <li key={key} className={`flex items-center justify-between rounded-lg border px-3 py-2 text-sm ${locked ? "border-slate-200 text-slate-500" : "border-brand-100"}`}>
              <span>{t(`features.${key}`)}</span>
              {locked && <PlanBadge entitlement={key} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
