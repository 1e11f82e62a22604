import { SparklesIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { intlLocale } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";
import { dateTimeFormat } from "~/lib/intl";
import { renewsAtEnd, type SubscriptionState } from "~/lib/plans";
import { Card } from "./card";

/**
 * The plan, and when the trial ends or the plan renews (or ends: cancelled, or a referral month). Those are instants, so their day is said in
 * the user's zone: without one the server (UTC) and the browser wrote different days around
 * midnight (a hydration mismatch), and the server's could be a day off for the user.
 */
export function SubscriptionCard({ subscription, timeZone }: { subscription: SubscriptionState | undefined; timeZone: string }) {
  const { t } = useTranslation("account");
  const { language } = useLanguage();
  if (!subscription) return null;
  const date = (iso: string) => dateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone }).format(new Date(iso));
  // A free referral Pro month over a paid plan: the month ends, the paid plan goes on (plan-card.tsx).
  const bonusOverPaid = !subscription.isTrialActive && subscription.endIsBonusMonth && subscription.paidTier !== null && subscription.paidTier !== subscription.tier && !subscription.cancelAtPeriodEnd;
  const line = bonusOverPaid && subscription.subscriptionEnd
    ? t("impact.subscription.bonus", { date: date(subscription.subscriptionEnd) })
    : subscription.isTrialActive && subscription.trialEndsAt
    ? t("impact.subscription.trial", { date: date(subscription.trialEndsAt) })
    : subscription.subscribed && subscription.subscriptionEnd
      ? t(renewsAtEnd(subscription) ? "impact.subscription.renews" : "impact.subscription.ends", { date: date(subscription.subscriptionEnd) })
      : subscription.tier === "free"
        ? t("impact.subscription.free")
        : null;
  // A paid plan chosen during the trial starts at its first charge: said here as on the plan card.
  const thenFrom = subscription.isTrialActive ? subscription.paidStartsAt : bonusOverPaid ? subscription.subscriptionEnd : null;
  const then = subscription.paidTier && thenFrom ? t("impact.subscription.thenPlan", { plan: t(`impact.plans.${subscription.paidTier}`), date: date(thenFrom) }) : null;
  return (
    <Card title={t("impact.subscription.title")} icon={<SparklesIcon className="h-5 w-5" aria-hidden="true" />} testId="subscription-card">
      <p className="text-lg font-semibold text-slate-900">{t(`impact.plans.${subscription.tier}`)}</p>
      {line && <p className="text-sm text-slate-600">{line}</p>}
      {then && <p className="text-sm text-slate-600" data-testid="subscription-then">{then}</p>}
      <Link to="/app/perfil" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("impact.subscription.manage")}
      </Link>
    </Card>
  );
}
