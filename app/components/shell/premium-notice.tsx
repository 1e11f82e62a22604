import { SparklesIcon } from "@heroicons/react/24/outline";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Shown where the plan does not include a feature (and wherever the server answers premium_required). */
export function PremiumNotice() {
  const { t } = useTranslation("shell");
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-6" data-testid="premium-notice">
      <SparklesIcon className="h-8 w-8 text-amber-600" aria-hidden="true" />
      <p className="font-semibold text-amber-900">{t("errors:premium_required")}</p>
      <Link to="/pricing" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        {t("premium.upgrade")}
      </Link>
    </div>
  );
}
