import { ChevronLeftIcon, ChevronRightIcon, HomeIcon } from "@heroicons/react/20/solid";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { backTarget, breadcrumbs, showBackButton } from "./rules";

/** Home link, then one crumb per segment; the last is not a link; hidden for one segment or fewer. */
export function Breadcrumb() {
  // An array of namespaces: typed prefixed keys ("shell:…" held in data) need it.
  const { t } = useTranslation(["shell"]);
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t("header.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-500">
        <li>
          <Link to="/" className="flex items-center rounded p-0.5 hover:text-brand-700" aria-label={t("header.home")}>
            <HomeIcon className="h-4 w-4" aria-hidden="true" />
          </Link>
        </li>
        {crumbs.map((crumb) => {
          const label = crumb.labelKey ? t(crumb.labelKey) : crumb.fallback;
          return (
            <li key={crumb.href} className="flex items-center gap-1">
              <ChevronRightIcon className="h-4 w-4 text-slate-300" aria-hidden="true" />
              {crumb.current ? (
                <span aria-current="page" className="font-medium text-slate-800">
                  {label}
                </span>
              ) : (
                <Link to={crumb.href} className="hover:text-brand-700">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Hidden on /app and /app/meu-impacto; back in history, or to /app/meu-impacto without history. */
export function BackButton() {
  // An array of namespaces: typed prefixed keys ("shell:…" held in data) need it.
  const { t } = useTranslation(["shell"]);
  const location = useLocation();
  const navigate = useNavigate();
  if (!showBackButton(location.pathname)) return null;
  // React Router marks the first entry of a tab's history with the key "default".
  const target = backTarget(location.key !== "default");
  return (
    <Button variant="ghost" onClick={() => (target === "history" ? navigate(-1) : navigate(target))} className="gap-1! px-2! py-1! font-normal!" data-testid="back-button">
      <ChevronLeftIcon className="h-5 w-5" aria-hidden="true" />
      {t("header.back")}
    </Button>
  );
}
