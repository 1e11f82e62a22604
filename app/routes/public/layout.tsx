import type { I18nHandle } from "~/i18n/route-namespaces";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useRevalidator, useSearchParams } from "react-router";
import { PublicFooter } from "~/components/public/public-footer";
import { PublicHeader } from "~/components/public/public-header";
import { testimonials } from "~/lib/testimonials";
import type { Route } from "./+types/layout";

export const handle: I18nHandle = { i18n: ["public", "landing"] };

export function loader({ context }: Route.LoaderArgs) {
  return {
    supportEmail: context.cloudflare.env.SUPPORT_EMAIL,
    showTestimonials: testimonials.some((item) => item.language === context.lang),
  };
}

/**
 * Loader data (metadata, blog posts, legal texts) is in the language the server rendered: when the
 * user switches language, fetch it again. An explicit `?lang=` would still win on the server, so it
 * is dropped from the URL (the navigation reruns the loaders).
 */
function useReloadDataOnLanguageChange() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const previous = useRef(i18n.language);
  useEffect(() => {
    if (previous.current === i18n.language) return;
    previous.current = i18n.language;
    if (params.has("lang")) {
      const next = new URLSearchParams(params);
      next.delete("lang");
      setParams(next, { replace: true, preventScrollReset: true });
    } else {
      void revalidator.revalidate();
    }
    // Only language changes matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
}

/** Header, main landmark and footer shared by the landing and every public page. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useReloadDataOnLanguageChange();
  return (
    <>
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("skipToContent")}
      </a>
      <PublicHeader showTestimonials={loaderData.showTestimonials} />
      <main id="conteudo">
        <Outlet />
      </main>
      <PublicFooter supportEmail={loaderData.supportEmail} />
    </>
  );
}
