import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Offers, PlanCards } from "~/components/public/plan-cards";
import { TRIAL_DAYS } from "~/lib/plans";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/pricing";

export const handle: I18nHandle = { i18n: ["pricing"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "pricing") });
export const meta = seoMeta;

export default function Pricing() {
  const { t } = useTranslation("pricing");
  return (
    <div className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="text-center text-4xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{t("subtitle", { days: TRIAL_DAYS })}</p>
      <div className="mt-12">
        <PlanCards />
      </div>
      <Offers />
    </div>
  );
}
