import type { I18nHandle } from "~/i18n/route-namespaces";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlanCard, PlanOption } from "~/components/billing/plan-card";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { ReferralCard } from "~/components/billing/referral-card";
import { offersSwitchToPro, SwitchToPro } from "~/components/billing/switch-to-pro";
import { useBillingActions } from "~/components/billing/use-billing-actions";
import { YourFeatures } from "~/components/billing/your-features";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { serverI18n } from "~/i18n/i18n.server";
import { sanitizeLanguage } from "~/i18n/language";
import { ENTITLEMENTS, PAID_PLAN_IDS } from "~/lib/plans";
import type { Route } from "./+types/subscription";
import { loadSubscriptionPage } from "./subscription.server";

export const handle: I18nHandle = { i18n: ["billing"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const data = await loadSubscriptionPage({ context, request });
  return { ...data, title: serverI18n(context.lang).t("billing:premium.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Premium"} · Rumo` }, { name: "robots", content: "noindex, nofollow" }];
}

/** /app/premium: the user's plan card (the profile's Subscrição tab reuses it), the plans and what is locked. */
export default function Subscription({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const language = sanitizeLanguage(i18n.language) ?? "pt";
  const { subscription, entitlements, timeZone } = loaderData;
  const { status, busy, opening, checkout, portal, checkCoupon, clearStatus } = useBillingActions();
  const [coupon, setCoupon] = useState("");
  const [couponApplied, setCouponApplied] = useState<string | undefined>();
  const anyLocked = ENTITLEMENTS.some((key) => !entitlements.includes(key));

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">{t("premium.title")}</h1>
        <p className="mt-2 text-slate-600">{t("premium.subtitle")}</p>
      </header>

      <PlanCard state={subscription} language={language} timeZone={timeZone} busy={busy} opening={opening === "manage"} onManage={() => portal()} onCheckout={(plan) => checkout(plan, couponApplied)} />

      {status.kind === "error" && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {status.message}
        </p>
      )}
      {status.kind === "info" && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {status.message}
        </p>
      )}

      {/* A live Light plan moves to Pro in Stripe's portal: checkout would be a second subscription. */}
      {offersSwitchToPro(subscription) && (
        <SwitchToPro language={language} busy={busy} opening={opening === "plan_change"} beforeFirstCharge={subscription.paidStartsAt !== null} onSwitch={() => portal("plan_change")} />
      )}

      {!subscription.subscribed && (
        <section aria-labelledby="plans-title" className="space-y-4">
          <h2 id="plans-title" className="sr-only">
            {t("premium.title")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {PAID_PLAN_IDS.map((planId) => (
              <PlanOption key={planId} planId={planId} language={language} busy={busy} current={false} onChoose={() => checkout(planId, couponApplied)} />
            ))}
          </ul>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={async (event) => {
              event.preventDefault();
              const percent = await checkCoupon(coupon);
              setCouponApplied(percent ? coupon.trim().toUpperCase() : undefined);
            }}
          >
            <TextField
              label={t("coupon.label")}
              value={coupon}
              onChange={(e) => {
                setCoupon(e.target.value);
                // The applied code is the one checked: once the field says another (or nothing),
                // checkout must not carry the old one, nor the screen still say it is applied.
                if (couponApplied && e.target.value.trim().toUpperCase() !== couponApplied) {
                  setCouponApplied(undefined);
                  clearStatus();
                }
              }}
              maxLength={32}
              className="[&_input]:uppercase"
            />
            <Button type="submit" variant="secondary">
              {t("coupon.apply")}
            </Button>
          </form>
          <p className="text-sm text-slate-500">{t("premium.guarantee")}</p>
        </section>
      )}

      {anyLocked && <PremiumNotice />}

      <ReferralCard />

      <YourFeatures entitlements={entitlements} />
    </div>
  );
}
