import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Offers, PlanCards, usePrice } from "~/components/public/plan-cards";
import { featureGroupIds, lowestPaidPlan, planHasFeatureGroup } from "~/lib/plans";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/premium";

export const handle: I18nHandle = { i18n: ["pricing"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "premium") });
export const meta = seoMeta;

/** What the paid plans add over Free, straight from the entitlements config. */
const premiumEntitlements = featureGroupIds.filter((group) => !planHasFeatureGroup("free", group));

export default function Premium() {
  const { t } = useTranslation("pricing");
  const price = usePrice();
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="text-center text-4xl font-extrabold tracking-tight">{t("premium.title")}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t("premium.subtitle")}</p>
      <p className="mt-4 text-center font-semibold text-brand-800">{t("premium.from", { price: price(lowestPaidPlan().monthlyPriceCents) })}</p>
      <section aria-labelledby="premium-includes" className="mx-auto mt-10 max-w-2xl rounded-2xl bg-brand-50 p-6">
        <h2 id="premium-includes" className="text-xl font-bold">{t("premium.includesTitle")}</h2>
        <ul className="mt-4 space-y-2">
          {premiumEntitlements.map((entitlement) => (
            <li key={entitlement} className="flex gap-2 text-slate-800">
              <span aria-hidden="true" className="text-brand-700">✓</span>
              {t(`entitlements.${entitlement}`)}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-12">
        <PlanCards only={["light", "pro"]} />
      </div>
      <p className="mt-6 text-center">
        <Link to="/pricing" className="font-medium text-brand-700 underline">
          {t("premium.compare")}
        </Link>
      </p>
      <Offers />
    </div>
  );
}
