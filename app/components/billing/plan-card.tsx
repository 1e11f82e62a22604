import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { formatPrice, PLANS, renewsAtEnd, type PaidPlanId, type SubscriptionState } from "~/lib/plans";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export type PlanCardAction = "manage" | "continuePro" | "startTrial" | "upgrade";

/**
 * The plan card's one action (specification point 4): Light or Pro → manage subscription; during
 * the trial → continue with Pro; otherwise start the Pro trial. A signed-in user whose trial has
 * already ended cannot start another one, so they are offered the upgrade instead.
 */
export function planCardAction(state: SubscriptionState | null): PlanCardAction {
  if (state?.subscribed) return "manage";
  if (state?.isTrialActive) return "continuePro";
  if (state?.trialEndsAt) return "upgrade";
  return "startTrial";
}

type Props = {
  state: SubscriptionState;
  language: "pt" | "en";
  /** The user's time zone: the day a trial or a paid period ends is the day on their calendar. */
  timeZone: string;
  /** A billing action is pending: the button takes no clicks. */
  busy?: boolean;
  /** The portal this card's button opens is being opened: it shows progress (and keeps the focus). */
  opening?: boolean;
  onManage: () => void;
  onCheckout: (plan: PaidPlanId) => void;
};

/**
 * What follows the trial for someone who chose a paid plan during it: the plan starts (first charge)
 * when the trial ends; it was already charged (checkout in the trial's last 48 hours, when Stripe
 * takes no trial) and simply continues; or it was cancelled before it started and is never charged.
 */
function paidAfterTrial(state: SubscriptionState, plan: PaidPlanId): { kind: "starts" | "continues" | "cancelled"; plan: PaidPlanId; startsAt: string | null } {
  if (!state.paidStartsAt) return { kind: "continues", plan, startsAt: null };
  return { kind: state.cancelAtPeriodEnd ? "cancelled" : "starts", plan, startsAt: state.paidStartsAt };
}

const dateOf = (iso: string, language: "pt" | "en", timeZone: string) => dateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone }).format(new Date(iso));

/** The user's current plan (the profile's Subscrição tab and /app/premium). */
export function PlanCard({ state, language, timeZone, busy, opening, onManage, onCheckout }: Props) {
  const { t } = useTranslation("billing");
  const plan = PLANS[state.tier];
  const action = planCardAction(state);
  const monthly = (cents: number) => `${formatPrice(cents, language)}${t("perMonth")}`;
  // A plan paid for during the trial: the trial's Pro until it ends, then the plan chosen (paidNext).
  const paidNext = state.isTrialActive && state.paidTier ? paidAfterTrial(state, state.paidTier) : null;
  // A free referral Pro month over a paid Light plan: Pro now, but Light is what is paid and what
  // renews. Pro's price and "Termina a <the month's end>" read as if the subscription were ending.
  const bonusOverPaid = !state.isTrialActive && state.paidTier !== null && state.paidTier !== state.tier ? state.paidTier : null;
  return (
    <section aria-labelledby="plan-card-title" data-testid="plan-card" className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
      <p className="text-sm text-slate-500">{t("currentPlan")}</p>
      <h2 id="plan-card-title" className="mt-1 text-2xl font-bold text-brand-800">
        {t(`plans.${state.tier}.name`)}
      </h2>
      {/* The trial costs nothing: what the chosen plan costs is said with it, below. */}
      {!paidNext && !bonusOverPaid && <p className="mt-1 text-slate-600">{monthly(plan.monthlyPriceCents)}</p>}
      {state.isTrialActive && state.trialEndsAt && <p className="mt-2 text-sm text-brand-700">{t("trialActive", { date: dateOf(state.trialEndsAt, language, timeZone) })}</p>}
      {!state.isTrialActive && !state.subscribed && state.trialEndsAt && <p className="mt-2 text-sm text-slate-600">{t("trialEnded")}</p>}
      {paidNext && (
        <p className="mt-2 text-sm text-slate-600" data-testid="plan-card-next">
          {t(`afterTrial.${paidNext.kind}`, {
            plan: t(`plans.${paidNext.plan}.name`),
            price: monthly(PLANS[paidNext.plan].monthlyPriceCents),
            date: paidNext.startsAt ? dateOf(paidNext.startsAt, language, timeZone) : "",
          })}
        </p>
      )}
      {bonusOverPaid && (
        <p className="mt-2 text-sm text-slate-600" data-testid="plan-card-bonus">
          {t(state.cancelAtPeriodEnd ? "bonusMonth.cancelled" : state.endIsBonusMonth ? "bonusMonth.until" : "bonusMonth.renews", {
            plan: t(`plans.${bonusOverPaid}.name`),
            price: monthly(PLANS[bonusOverPaid].monthlyPriceCents),
            date: state.subscriptionEnd ? dateOf(state.subscriptionEnd, language, timeZone) : "",
          })}
        </p>
      )}
      {state.subscriptionEnd && !bonusOverPaid && paidNext?.kind !== "starts" && paidNext?.kind !== "cancelled" && (
        <p className="mt-2 text-sm text-slate-600">{t(renewsAtEnd(state) ? "renewsOn" : "endsOn", { date: dateOf(state.subscriptionEnd, language, timeZone) })}</p>
      )}
      <Button disabled={busy && !opening} loading={opening} onClick={() => (action === "manage" ? onManage() : onCheckout("pro"))} className="mt-4">
        {t(`actions.${action}`)}
      </Button>
    </section>
  );
}

/** A paid plan's monthly price, Pro's against its crossed-out one. */
export function PlanPrice({ planId, language }: { planId: PaidPlanId; language: "pt" | "en" }) {
  const { t } = useTranslation("billing");
  const plan = PLANS[planId];
  return (
    <p className="mt-3">
      {plan.compareAtPriceCents !== null && (
        <s className="mr-2 text-slate-500" aria-label={t("wasPrice", { price: formatPrice(plan.compareAtPriceCents, language) })}>
          {formatPrice(plan.compareAtPriceCents, language)}
        </s>
      )}
      <span className="text-2xl font-bold">{formatPrice(plan.monthlyPriceCents, language)}</span>
      <span className="text-slate-500">{t("perMonth")}</span>
    </p>
  );
}

/** One paid plan to choose, with its price (Pro against its crossed-out price). */
export function PlanOption({ planId, language, current, busy, onChoose }: { planId: PaidPlanId; language: "pt" | "en"; current: boolean; busy?: boolean; onChoose: () => void }) {
  const { t } = useTranslation("billing");
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 p-5">
      <h3 className="text-lg font-semibold">{t(`plans.${planId}.name`)}</h3>
      <p className="mt-1 text-sm text-slate-600">{t(`plans.${planId}.description`)}</p>
      <PlanPrice planId={planId} language={language} />
      <Button variant="secondary" disabled={busy || current} onClick={onChoose} className="mt-4">
        {current ? t("currentPlan") : t("actions.choose", { plan: t(`plans.${planId}.name`) })}
      </Button>
    </li>
  );
}
