import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { usePageHydrates } from "~/lib/hydration";

/**
 * While a page's loaders run: 'Verificando autenticação...' into /app (the guard), else 'Carregando
 * página...'. The status region is always there on a hydrated page and only its text changes: a
 * region inserted with its text already inside is not announced by every screen reader. Static
 * pages have no navigations (and no React), so none.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const hydrates = usePageHydrates();
  if (!hydrates) return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center">
      {navigation.state === "loading" && (
        <span className="mt-2 rounded-full bg-brand-700 px-3 py-1 text-xs font-medium text-white shadow">
          {navigation.location.pathname.startsWith("/app") ? t("checkingAuth") : t("loadingPage")}
        </span>
      )}
    </div>
  );
}
