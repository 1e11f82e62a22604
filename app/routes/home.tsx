import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { usePrice } from "~/components/public/plan-cards";
import { Notice } from "~/components/ui/form";
import { checkoutHref, lowestPaidPlan, TRIAL_DAYS } from "~/lib/plans";
import { ACCOUNT_DELETED_NOTICE } from "~/lib/api";
import { signedIn } from "~/lib/auth.server";
import { appModeRedirect } from "~/lib/pwa.server";
import { roadmapFrom } from "~/lib/roadmap";
import { database } from "@worker/db/client";
import { listFeatureFlags } from "@worker/db/notifications";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import { testimonials } from "~/lib/testimonials";
import type { Route } from "./+types/home";

export const handle: I18nHandle = { i18n: ["landing"] };


export async function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // Installed app (or ?pwa=true): straight into the app, or to sign-in.
  const inAppMode = query.get("pwa") === "true";
  const target = appModeRedirect(request, inAppMode && signedIn(context) !== null);
  if (target) throw redirect(target);
  return {
    seo: seoFor(context, request, "home"),
    /** Arrived from the profile's account deletion: the page says it was done. */
    accountDeleted: query.get("notice") === ACCOUNT_DELETED_NOTICE,
    testimonials: testimonials.filter((item) => item.language === context.lang),
    // Available or upcoming as the feature flags say (launched = available).
    roadmap: roadmapFrom(await listFeatureFlags(database(context.cloudflare.env.DB))),
  };
}

export const meta = seoMeta;

const featureKeys = ["calendar", "tasks", "impact", "goals", "diary", "selfCare", "finances", "cycle", "reports", "assistant"] as const;
const benefitKeys = ["privacy", "language", "everywhere"] as const;
const integrationKeys = ["calendar", "payments"] as const;
const steps = ["step1", "step2", "step3"] as const;

type CardSection = "features" | "benefits" | "integrations";

/** A grid of title + text cards from one landing catalogue section. */
function Cards({ section, keys, className, cardClassName }: { section: CardSection; keys: readonly string[]; className: string; cardClassName: string }) {
  const { t } = useTranslation("landing");
  return (
    <ul className={`mt-10 grid gap-6 ${className}`}>
      {keys.map((key) => (
        <li key={key} className={`rounded-2xl p-6 ${cardClassName}`}>
          <h3 className="text-lg font-semibold text-brand-800">{t(`${section}.${key}.title` as "features.calendar.title")}</h3>
          <p className="mt-2 text-slate-700">{t(`${section}.${key}.text` as "features.calendar.text")}</p>
        </li>
      ))}
    </ul>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("landing");
  const price = usePrice();
  // An installed app (standalone display) cannot be seen by the server: the page script asks with ?pwa=true.
  const premium = lowestPaidPlan();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          {loaderData.accountDeleted && (
            <div className="mx-auto mb-8 max-w-xl text-left" data-testid="account-deleted">
              <Notice tone="success">{t("accountDeleted")}</Notice>
            </div>
          )}
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t("hero.title")}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/auth" className="rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700" data-testid="hero-cta">
              {t("hero.cta")}
            </Link>
            <Link
              to={checkoutHref(premium.id)}
              className="rounded-xl border border-brand-600 bg-white px-6 py-3 text-base font-semibold text-brand-700 hover:bg-brand-50"
              data-testid="hero-premium"
            >
              {t("hero.premium", { price: price(premium.monthlyPriceCents) })}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("hero.trial", { days: TRIAL_DAYS })}</p>
        </div>
      </section>

      <section id="funcionalidades" aria-labelledby="funcionalidades-title" className="mx-auto max-w-6xl scroll-mt-28 px-4 py-16">
        <h2 id="funcionalidades-title" className="text-center text-3xl font-bold">{t("features.title")}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{t("features.subtitle")}</p>
        <Cards section="features" keys={featureKeys} className="sm:grid-cols-2 lg:grid-cols-3" cardClassName="border border-brand-100 shadow-sm" />
      </section>

      <section id="beneficios" aria-labelledby="beneficios-title" className="scroll-mt-28 bg-brand-50/60">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="beneficios-title" className="text-center text-3xl font-bold">{t("benefits.title")}</h2>
          <Cards section="benefits" keys={benefitKeys} className="sm:grid-cols-3" cardClassName="bg-white shadow-sm" />
        </div>
      </section>

      <section aria-labelledby="integracoes-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="integracoes-title" className="text-center text-3xl font-bold">{t("integrations.title")}</h2>
        <Cards section="integrations" keys={integrationKeys} className="sm:grid-cols-2" cardClassName="border border-slate-200" />
      </section>

      <section aria-labelledby="passos-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="passos-title" className="text-center text-3xl font-bold">{t("onboarding.title")}</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step} className="rounded-2xl bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{t(`onboarding.${step}.title`)}</h3>
                <p className="mt-2 text-slate-700">{t(`onboarding.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="roadmap" aria-labelledby="roadmap-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="roadmap-title" className="text-center text-3xl font-bold">{t("roadmap.title")}</h2>
        <p className="mt-3 text-center text-slate-700">{t("roadmap.subtitle")}</p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3" data-testid="roadmap">
          {loaderData.roadmap.map(({ feature, status }) => (
            <li
              key={feature}
              className={`rounded-full border px-4 py-1.5 text-sm ${
                status === "available" ? "border-brand-200 bg-brand-50 text-brand-900" : "border-dashed border-slate-400 text-slate-700"
              }`}
            >
              {/* A flag name, not a literal: roadmap.test.ts checks each has its label in both catalogues. */}
              {t(`roadmap.features.${feature}` as "roadmap.features.premium")} · <span className="font-semibold">{t(`roadmap.${status}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.testimonials.length > 0 && (
        <section id="depoimentos" aria-labelledby="depoimentos-title" className="scroll-mt-28 bg-brand-50/60">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="depoimentos-title" className="text-center text-3xl font-bold">{t("testimonials.title")}</h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2">
              {loaderData.testimonials.map((item) => (
                <li key={item.author}>
                  <figure className="rounded-2xl bg-white p-6 shadow-sm">
                    <blockquote className="text-slate-800">“{item.quote}”</blockquote>
                    <figcaption className="mt-3 text-sm font-semibold text-slate-700">{item.author}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section aria-labelledby="cta-title" className="mx-auto max-w-4xl px-4 py-20 text-center">
        <h2 id="cta-title" className="text-3xl font-bold">{t("finalCta.title")}</h2>
        <p className="mt-3 text-slate-700">{t("finalCta.text")}</p>
        <Link to="/auth" className="mt-6 inline-block rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700" data-testid="final-cta">
          {t("finalCta.button")}
        </Link>
      </section>
    </>
  );
}
