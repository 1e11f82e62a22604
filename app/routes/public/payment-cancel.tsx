import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessagePage } from "~/components/public/message-page";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/payment-cancel";

export const handle: I18nHandle = { i18n: ["payment"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "paymentCancel") });
export const meta = seoMeta;

/** Where checkout returns when the user gives up: nothing was charged. */
export default function PaymentCancel() {
  const { t } = useTranslation("payment");
  return (
    <MessagePage title={t("cancel.title")} text={t("cancel.text")}>
      <Link to="/pricing" className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("cancel.cta")}
      </Link>
      <Link to="/" className="rounded-xl border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
        {t("home")}
      </Link>
    </MessagePage>
  );
}
