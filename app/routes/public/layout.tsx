import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { PublicFooter } from "~/components/public/public-footer";
import { PublicHeader } from "~/components/public/public-header";
import { testimonials } from "~/lib/testimonials";
import type { Route } from "./+types/layout";

export function loader({ context }: Route.LoaderArgs) {
  return {
    supportEmail: context.cloudflare.env.SUPPORT_EMAIL,
    showTestimonials: testimonials.some((item) => item.language === context.lang),
  };
}

/** Header, main landmark and footer shared by the landing and every public page. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
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
