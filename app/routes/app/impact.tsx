import type { I18nHandle } from "~/i18n/route-namespaces";
import { useTranslation } from "react-i18next";

export const handle: I18nHandle = { i18n: ["account"] };

/** /app/dashboard and /app/meu-impacto. The impact dashboard issue fills it; no sample figures. */
export default function Impact() {
  const { t } = useTranslation("account");
  return (
    <section className="space-y-3">
      <h1 className="text-2xl font-bold">{t("impact.title")}</h1>
      <p className="max-w-prose rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t("impact.empty")}</p>
    </section>
  );
}
