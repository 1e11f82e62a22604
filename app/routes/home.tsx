import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { createI18n } from "~/i18n/i18n";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = createI18n(context.lang);
  return {
    title: t("landing:meta.title"),
    description: t("landing:meta.description"),
    supportEmail: context.cloudflare.env.SUPPORT_EMAIL,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title },
    { name: "description", content: loaderData?.description },
    { name: "robots", content: "index, follow" },
  ];
}

const featureKeys = ["calendar", "tasks", "goals", "diary", "finances", "cycle", "impact"] as const;
const benefitKeys = ["privacy", "language", "everywhere"] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("landing");
  return (
    <>
      <header className="sticky top-0 z-10 border-b border-brand-100 bg-white/90 backdrop-blur">
        <nav className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3" aria-label="Rumo">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Rumo
          </Link>
          <div className="ml-auto hidden gap-5 text-sm font-medium text-slate-700 sm:flex">
            <a href="#funcionalidades" className="hover:text-brand-700">
              {t("nav.features")}
            </a>
            <a href="#beneficios" className="hover:text-brand-700">
              {t("nav.benefits")}
            </a>
          </div>
          <LanguageSwitch className="ml-auto sm:ml-0" />
          <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
            {t("nav.signIn")}
          </Link>
          <Link to="/auth" className="hidden rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block">
            {t("nav.start")}
          </Link>
        </nav>
      </header>
      <main id="conteudo">
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t("hero.title")}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">{t("hero.subtitle")}</p>
            <div className="mt-8 flex flex-col items-center gap-3">
              <Link to="/auth" className="rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700">
                {t("hero.cta")}
              </Link>
              <p className="text-sm text-slate-500">{t("hero.trial")}</p>
            </div>
          </div>
        </section>
        <section id="funcionalidades" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
          <h2 className="text-center text-3xl font-bold">{t("features.title")}</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featureKeys.map((key) => (
              <li key={key} className="rounded-2xl border border-brand-100 p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-brand-800">{t(`features.${key}.title`)}</h3>
                <p className="mt-2 text-slate-600">{t(`features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section id="beneficios" className="scroll-mt-20 bg-brand-50/60">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 className="text-center text-3xl font-bold">{t("benefits.title")}</h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-3">
              {benefitKeys.map((key) => (
                <li key={key} className="rounded-2xl bg-white p-6 shadow-sm">
                  <h3 className="font-semibold text-brand-800">{t(`benefits.${key}.title`)}</h3>
                  <p className="mt-2 text-slate-600">{t(`benefits.${key}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 className="text-3xl font-bold">{t("finalCta.title")}</h2>
          <Link to="/auth" className="mt-6 inline-block rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
            {t("finalCta.button")}
          </Link>
        </section>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-8 text-sm text-slate-600">
          <span>© Rumo</span>
          <Link to="/privacy" className="hover:text-brand-700">
            {t("footer.privacy")}
          </Link>
          <Link to="/terms" className="hover:text-brand-700">
            {t("footer.terms")}
          </Link>
          <span className="ml-auto">{t("footer.contact", { email: loaderData.supportEmail })}</span>
        </div>
      </footer>
    </>
  );
}
