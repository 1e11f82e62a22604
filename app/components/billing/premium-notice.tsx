import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Entitlement } from "~/lib/plans";
import { PlanBadge } from "./plan-badge";

/**
 * Shown where a premium feature is locked: the specification's
 * 'Funcionalidade Premium - disponível apenas para utilizadores Premium' and an Upgrade action.
 * With `entitlement`, its badge names the cheapest plan that has the feature.
 */
export function PremiumNotice({ upgradeTo = "/app/premium", entitlement }: { upgradeTo?: string; entitlement?: Entitlement }) {
  const { t } = useTranslation("billing");
  return (
    <div role="note" data-testid="premium-notice" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <PlanBadge entitlement={entitlement} />
      <p className="flex-1 text-sm text-amber-900">{t("premium.locked")}</p>
      <Link to={upgradeTo} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
        {t("actions.upgrade")}
      </Link>
    </div>
  );
}
