import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { PLANS, type Entitlement, type SubscriptionState } from "~/lib/plans";
import { PlanPrice } from "./plan-card";

/** What Pro unlocks that Light does not (the assistant and the AI insights). */
const PRO_ADDS = PLANS.pro.entitlements.filter((key) => !(PLANS.light.entitlements as readonly Entitlement[]).includes(key));

/**
 * Whether /app/premium offers the move to Pro: a live subscription to Light, whether Light is the plan
 * now or the one that starts when the Pro trial ends (the trial makes `tier` Pro, but Light is what
 * will be charged, so the choice is still open). A free referral Pro month over Light is a reward
 * that ends by itself, not a choice, and is not offered it (decision 0083, revised 2026-12-06).
 */
export function offersSwitchToPro(state: Pick<SubscriptionState, "subscribed" | "tier" | "paidTier" | "isTrialActive">): boolean {
  return state.subscribed && state.paidTier === "light" && (state.tier === "light" || state.isTrialActive);
}

/**
 * /app/premium for a live Light subscriber: Pro, what it adds, and the switch, made in Stripe's
 * customer portal at its plan change (checkout refuses a second subscription; decision 0083).
 */
export function SwitchToPro({
  language,
  busy,
  opening,
  beforeFirstCharge,
  onSwitch,
}: {
  language: "pt" | "en";
  busy?: boolean;
  /** The portal's plan change is being opened: the button shows progress (and keeps the focus). */
  opening?: boolean;
  beforeFirstCharge?: boolean;
  onSwitch: () => void;
}) {
  const { t } = useTranslation("billing");
  return (
    <section aria-labelledby="switch-to-pro-title" data-testid="switch-to-pro" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="switch-to-pro-title" className="text-lg font-semibold">
        {t("switchToPro.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("plans.pro.description")}</p>
      <PlanPrice planId="pro" language={language} />
      <p className="mt-3 text-sm font-medium">{t("switchToPro.adds")}</p>
      <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
        {PRO_ADDS.map((key) => (
          <li key={key}>{t(`features.${key}`)}</li>
        ))}
      </ul>
      {/* Light not charged yet (chosen in the trial): the switch keeps Stripe's trial, so Pro, not Light, starts then. */}
      <p className="mt-3 text-sm text-slate-500">{t(beforeFirstCharge ? "switchToPro.howItWorksInTrial" : "switchToPro.howItWorks")}</p>
      <Button disabled={busy && !opening} loading={opening} onClick={onSwitch} className="mt-4">
        {t("actions.switchToPro")}
      </Button>
    </section>
  );
}
