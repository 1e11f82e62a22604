import { LockClosedIcon } from "@heroicons/react/20/solid";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { NavIcon } from "./icons";
import { isLocked, type NavItem } from "./navigation";

/** A navigation entry; locked items (plan lacks the entitlement) show PRO and cannot be followed. */
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
  const { t } = useTranslation(["shell"]);
  const label = t(item.labelKey);
  if (isLocked(item, entitlements)) {
    return (
      <span
        aria-disabled="true"
        title={t("header.locked", { name: label })}
        aria-label={t("header.locked", { name: label })}
        className="flex cursor-not-allowed items-center gap-3 rounded-lg px-2 py-2 text-sm text-slate-400"
        data-locked="true"
      >
        <NavIcon name={item.icon} />
        {!collapsed && <span className="flex-1 truncate">{label}</span>}
        <span className="flex items-center gap-0.5 rounded bg-amber-100 px-1 text-[10px] font-bold text-amber-800">
          <LockClosedIcon className="h-3 w-3" aria-hidden="true" />
          {t("header.pro")}
        </span>
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      replace={replace}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        `flex items-center gap-3 rounded-lg px-2 py-2 text-sm font-medium ${isActive ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`
      }
    >
      <NavIcon name={item.icon} />
      {!collapsed && <span className="flex-1 truncate">{label}</span>}
      {!collapsed && premiumLabel && <span className="rounded bg-brand-100 px-1 text-[10px] font-semibold text-brand-800">{t("header.premiumLabel")}</span>}
    </NavLink>
  );
}
