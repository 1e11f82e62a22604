import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sanitizeLanguage } from "~/i18n/language";
import { checkoutHref, featureGroupIds, formatPrice, GUARANTEE_DAYS, planHasFeatureGroup, PLANS, REFERRAL, TRIAL_DAYS, WELCOME_COUPON, type Plan } from "~/lib/plans";

/** Formats cents in the current language. */
export function usePrice() {
  const { i18n } = useTranslation();
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  return (cents: number) => formatPrice(cents, language);
}

function PlanCard({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const { t } = useTranslation("pricing");
  const price = usePrice();
  const name = t(`plans.${plan.id}.name`);
  return (
    <li
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
      data-testid={`plan-${plan.id}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-slate-900">{name}</h2>
        {highlighted && <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{t("recommended")}</span>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t(`plans.${plan.id}.tagline`)}</p>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-3xl font-extrabold text-slate-900">{price(plan.monthlyPriceCents)}</span>
        <span className="text-slate-600">{t("perMonth")}</span>
        {plan.compareAtPriceCents && (
          <s className="text-slate-500">
            <span className="sr-only">{t("previousPrice", { price: price(plan.compareAtPriceCents) })}</span>
            <span aria-hidden="true">{price(plan.compareAtPriceCents)}</span>
          </s>
        )}
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {featureGroupIds.map((entitlement) => {
          const included = planHasFeatureGroup(plan.id, entitlement);
          return (
            <li key={entitlement} className={`flex gap-2 ${included ? "text-slate-800" : "text-slate-500"}`}>
              <span aria-hidden="true" className={included ? "text-brand-700" : ""}>{included ? "✓" : "–"}</span>
              <span>
                <span className="sr-only">{included ? t("included") : t("notIncluded")}: </span>
                {t(`entitlements.${entitlement}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <Link
        to={plan.id === "free" ? "/auth" : checkoutHref(plan.id)}
        className={`mt-6 rounded-xl px-4 py-2.5 text-center font-semibold ${
          highlighted ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-brand-600 text-brand-700 hover:bg-brand-50"
        }`}
      >
        {plan.id === "free" ? t("choose.free") : t("choose.paid", { plan: name })}
      </Link>
    </li>
  );
}

/** The three plans from the config, side by side; Pro is highlighted. */
export function PlanCards({ only }: { only?: Plan["id"][] }) {
  const shown = Object.values(PLANS as Record<string, Plan>).filter((plan) => !only || only.includes(plan.id));
  return (
    <ul className={`grid gap-6 ${shown.length === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {shown.map((plan) => (
        <PlanCard key={plan.id} plan={plan} highlighted={plan.id === "pro"} />
      ))}
    </ul>
  );
}

/** Trial, guarantee, welcome coupon and referral reward, from the config. */
export function Offers() {
  const { t } = useTranslation("pricing");
  const offers = [
    { key: "trial", values: { days: TRIAL_DAYS } },
    { key: "guarantee", values: { days: GUARANTEE_DAYS } },
    { key: "coupon", values: { code: WELCOME_COUPON.code, percent: WELCOME_COUPON.percentOff } },
    { key: "referral", values: { friends: REFERRAL.paidReferralsPerReward, months: Math.round(REFERRAL.rewardDays / 30) } },
  ] as const;
  return (
    <section aria-labelledby="offers-title" className="mt-16">
      <h2 id="offers-title" className="text-center text-2xl font-bold">{t("offers.title")}</h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {offers.map(({ key, values }) => (
          <li key={key} className="rounded-2xl bg-brand-50 p-5">
            <h3 className="font-semibold text-brand-800">{t(`offers.${key}.title`, values)}</h3>
            <p className="mt-2 text-sm text-slate-700">{t(`offers.${key}.text`, values)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">{t("vatNote")}</p>
    </section>
  );
}
