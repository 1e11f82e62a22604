import { LockClosedIcon } from "@heroicons/react/20/solid";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { NavIcon } from "./icons";
import { missingPlan, type NavItem } from "./navigation";

/**
 * A navigation entry. An item whose plan the user lacks is still a link (its screen opens
 * read-only, with the premium notice) and carries the badge of the cheapest plan that has it.
 */
export function ShellNavLink({
  item,
  entitlements,
  collapsed = false,
  premiumLabel = false,
  replace = false,
  onNavigate,
}: {
  item: NavItem;
  entitlements: readonly string[];
  collapsed?: boolean;
  premiumLabel?: boolean;
  /** Replace the current history entry (the drawer's own entry) instead of pushing. */
  replace?: boolean;
  onNavigate?: () => void;
}) {
  // An array of namespaces: typed prefixed keys ("shell:…" held in data) need it.
  const { t } = useTranslation(["shell", "billing"]);
  const label = t(item.labelKey);
  const plan = missingPlan(item, entitlements);
  const planName = plan ? t(`billing:premium.badge.${plan}`) : null;
  const hint = planName ? t("header.onPlan", { name: label, plan: planName }) : label;
  return (
    <NavLink
      to={item.to}
      replace={replace}
      onClick={onNavigate}
      title={collapsed || planName ? hint : undefined}
      aria-label={collapsed ? hint : undefined}
      data-plan={plan ?? undefined}
      className={({ isActive }) =>
        `flex items-center gap-3 rounded-lg px-2 py-2 text-sm font-medium ${isActive ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`
      }
    >
      <NavIcon name={item.icon} />
      {!collapsed && <span className="flex-1 truncate">{label}</span>}
      {!collapsed && premiumLabel && <span className="rounded bg-brand-100 px-1 text-[10px] font-semibold text-brand-800">{t("header.premiumLabel")}</span>}
      {/* Its own badge, not billing's PlanBadge, whose test id counts the locked features of a page. */}
      {!collapsed && planName && (
        <span className="flex items-center gap-0.5 rounded bg-amber-100 px-1 text-[10px] font-bold text-amber-800">
          <LockClosedIcon className="h-3 w-3" aria-hidden="true" />
          {planName}
        </span>
      )}
    </NavLink>
  );
}
