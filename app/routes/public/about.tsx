import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/about";
import { TaggedText } from "~/i18n/tagged-text";

export const handle: I18nHandle = { i18n: ["about"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({
  seo: seoFor(context, request, "about"),
  supportEmail: context.cloudflare.env.SUPPORT_EMAIL,
});
export const meta = seoMeta;

const principles = ["honesty", "data", "noAds", "security"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mt-5 text-lg text-slate-700">{t("intro")}</p>
      {(["what", "who"] as const).map((section) => (
        <section key={section} className="mt-10">
          <h2 className="text-2xl font-bold">{t(`${section}.title`)}</h2>
          <p className="mt-3 text-slate-700">{t(`${section}.text`)}</p>
        </section>
      ))}
      <section className="mt-10">
        <h2 className="text-2xl font-bold">{t("principles.title")}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
          {principles.map((key) => (
            <li key={key}>{t(`principles.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section className="mt-10">
        <h2 className="text-2xl font-bold">{t("contact.title")}</h2>
        <p className="mt-3 text-slate-700">
          <TaggedText text={t("contact.text", { email: loaderData.supportEmail })} components={{ mail: <a href={`mailto:${loaderData.supportEmail}`} className="text-brand-700 underline" /> }} />
        </p>
      </section>
    </article>
  );
}
