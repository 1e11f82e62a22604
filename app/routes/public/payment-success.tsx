import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { metaTags } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/payment-success";

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "paymentSuccess") });
export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? metaTags(loaderData.seo) : []);

/** Where checkout returns after paying; the webhook, not this page, activates the subscription. */
export default function PaymentSuccess() {
  const { t } = useTranslation("payment");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-14 text-center">
      <h1 className="text-3xl font-bold">{t("success.title")}</h1>
      <p className="text-slate-700">{t("success.text")}</p>
      <Link to="/app/perfil" className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("success.cta")}
      </Link>
    </div>
  );
}
