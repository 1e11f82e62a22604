import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { BrandMark } from "~/components/brand-mark";
import { StaticLanguageSwitch } from "~/components/language-switch";

/**
 * Header of the public pages: the landing's section anchors (#funcionalidades, #beneficios and,
 * when there are testimonials, #depoimentos), the language switch, sign-in and the call to action.
 * A signed-in reader (the public layout's loader asks the session, as `signedIn` in
 * app/lib/auth.server.ts) is offered the way back into the app instead of sign-in and sign-up.
 */
export function PublicHeader({ showTestimonials, signedIn = false }: { showTestimonials: boolean; signedIn?: boolean }) {
  const { t } = useTranslation("landing");
  const { pathname } = useLocation();
  // On the landing the anchors stay in the page; elsewhere they lead to the landing's sections.
  const anchor = (id: string) => (pathname === "/" ? `#${id}` : `/#${id}`);
  const anchors = [
    { id: "funcionalidades", label: t("nav.features") },
    { id: "beneficios", label: t("nav.benefits") },
    ...(showTestimonials ? [{ id: "depoimentos", label: t("nav.testimonials") }] : []),
  ];
  return (
    <header className="sticky top-0 z-20 border-b border-brand-100 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label={t("nav.label")}>
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <BrandMark size={28} />
          Rumo
        </Link>
        <ul className="order-last flex w-full gap-4 overflow-x-auto text-sm font-medium text-slate-700 md:order-none md:ml-6 md:w-auto md:gap-5">
          {anchors.map((item) => (
            <li key={item.id}>
              <a href={anchor(item.id)} className="inline-block py-1 hover:text-brand-700">
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/pricing" className="inline-block py-1 hover:text-brand-700">
              {t("nav.pricing")}
            </Link>
          </li>
          <li>
            <Link to="/blog" className="inline-block py-1 hover:text-brand-700">
              {t("nav.blog")}
            </Link>
          </li>
        </ul>
        <div className="ml-auto flex items-center gap-3">
          <StaticLanguageSwitch />
          {signedIn ? (
            <Link to="/app" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700" data-testid="header-open-app">
              {t("nav.openApp")}
            </Link>
          ) : (
            <>
              <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
                {t("nav.signIn")}
              </Link>
              <Link
                to="/auth"
                className="hidden rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block"
                data-testid="header-cta"
              >
                {t("nav.start")}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
