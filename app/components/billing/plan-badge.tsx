import { useTranslation } from "react-i18next";
import { cheapestPlanWith, type Entitlement } from "~/lib/entitlements";

/**
 * The lock badge of something the user's plan lacks (navigation, feature lists, locked actions):
 * the cheapest plan that has `entitlement` ('Light' or 'Pro'), or 'Premium' when no one feature is
 * meant (the premium notice).
 */
export function PlanBadge({ entitlement, className = "" }: { entitlement?: Entitlement; className?: string }) {
  const { t } = useTranslation("billing");
  const plan = entitlement ? cheapestPlanWith(entitlement) : "premium";
  if (plan === "free") return null;
  return (
    <span
      // "pro-lock": the test id the end-to-end tests count, whatever the plan.
      data-testid="pro-lock"
      data-plan={plan}
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold text-amber-800 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" width="11" height="11" fill="currentColor">
        <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
      </svg>
      {t(`premium.badge.${plan}`)}
    </span>
  );
}
