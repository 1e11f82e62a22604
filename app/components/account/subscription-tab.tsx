import { useTranslation } from "react-i18next";
import { PlanCard } from "~/components/billing/plan-card";
import { useBillingActions } from "~/components/billing/use-billing-actions";
import { Notice } from "~/components/ui/form";
import { sanitizeLanguage, type Language } from "~/i18n/language";
import type { ProfileData } from "./profile-data";

/** The Subscrição tab: the same plan card as /app/premium, with its checkout and portal actions. */
export function SubscriptionTab({ data }: { data: ProfileData }) {
  const { i18n } = useTranslation();
  const { status, busy, opening, checkout, portal } = useBillingActions();
  return (
    <div className="max-w-md space-y-3">
      <PlanCard state={data.subscription} language={(sanitizeLanguage(i18n.language) ?? "pt") as Language} timeZone={data.user.timeZone} busy={busy} opening={opening === "manage"} onManage={() => portal()} onCheckout={(plan) => checkout(plan)} />
      {status.kind === "error" && <Notice tone="error">{status.message}</Notice>}
      {status.kind === "info" && <Notice tone="info">{status.message}</Notice>}
    </div>
  );
}
