import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessagePage } from "~/components/public/message-page";
import { seoMeta } from "~/lib/seo";
import { seoFor } from "~/lib/seo.server";
import type { Route } from "./+types/payment-success";

export const handle: I18nHandle = { i18n: ["payment"] };

export const loader = ({ context, request }: Route.LoaderArgs) => ({ seo: seoFor(context, request, "paymentSuccess") });
export const meta = seoMeta;

/** Where checkout returns after paying; the webhook, not this page, activates the subscription. */
export default function PaymentSuccess() {
  const { t } = useTranslation("payment");
  return (
    <MessagePage title={t("success.title")} text={t("success.text")}>
      <Link to="/app/perfil" className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("success.cta")}
      </Link>
    </MessagePage>
  );
}
