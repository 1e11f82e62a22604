import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import { PremiumNotice } from "~/components/billing/premium-notice";
import { breadcrumbs } from "~/components/shell/rules";
import { MODULES } from "~/modules";
import type { loader as layoutLoader } from "./layout";

export const handle: I18nHandle = { i18n: ["shell", "billing"] };

/** What each placeholder screen needs: a module's screens its entitlement (absent: every plan, from the manifests). */
const NEEDS: Record<string, { entitlement?: string }> = Object.fromEntries(
  MODULES.flatMap((m) => m.screens.map((screen) => [screen.path, "entitlement" in m ? { entitlement: m.entitlement } : {}])),
);

const screenOf = (pathname: string) => pathname.replace(/^\/app\//, "").replace(/\/$/, "");

/**
 * A module screen whose issue has not landed yet: an honest empty state (no sample data), or the
 * premium notice when the user's plan does not include the module.
 */
export default function ModuleScreen() {
  // An array of namespaces: typed prefixed keys ("shell:…" held in data) need it.
  const { t } = useTranslation(["shell"]);
  const { pathname } = useLocation();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const needs = NEEDS[screenOf(pathname)];
  const crumb = breadcrumbs(pathname).at(-1);
  const title = crumb?.labelKey ? t(crumb.labelKey) : (crumb?.fallback ?? "");
  const locked = needs?.entitlement !== undefined && !layout?.entitlements.includes(needs.entitlement);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {locked ? <PremiumNotice /> : <p className="max-w-prose rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t("module.comingSoon")}</p>}
    </section>
  );
}
