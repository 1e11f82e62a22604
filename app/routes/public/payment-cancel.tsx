import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { metaTags } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/payment-cancel";

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "paymentCancel") });
export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? metaTags(loaderData.seo) : []);

export default function PaymentCancel() {
  const { t } = useTranslation("payment");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-14 text-center">
      <h1 className="text-3xl font-bold">{t("cancel.title")}</h1>
      <p className="text-slate-700">{t("cancel.text")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/pricing" className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("cancel.cta")}
        </Link>
        <Link to="/" className="rounded-xl border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
