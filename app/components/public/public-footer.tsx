import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Footer of the public pages: product and legal links and the contact address from config. */
export function PublicFooter({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation("public");
  const { t: tc } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-700 sm:grid-cols-3">
        <div>
          <p className="text-base font-bold text-brand-700">Rumo</p>
          <p className="mt-1">{tc("tagline")}</p>
          <p className="mt-1">{t("footer.madeIn")}</p>
        </div>
        <nav aria-label={t("footer.product")}>
          <h2 className="font-semibold text-slate-900">{t("footer.product")}</h2>
          <ul className="mt-2 space-y-1">
            <li><Link to="/pricing" className="hover:text-brand-700">{t("footer.pricing")}</Link></li>
            <li><Link to="/premium" className="hover:text-brand-700">{t("footer.premium")}</Link></li>
            <li><Link to="/blog" className="hover:text-brand-700">{t("footer.blog")}</Link></li>
            <li><Link to="/about" className="hover:text-brand-700">{t("footer.about")}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t("footer.legal")}>
          <h2 className="font-semibold text-slate-900">{t("footer.legal")}</h2>
          <ul className="mt-2 space-y-1">
            <li><Link to="/privacy" className="hover:text-brand-700">{t("footer.privacy")}</Link></li>
            <li><Link to="/terms" className="hover:text-brand-700">{t("footer.terms")}</Link></li>
            <li><Link to="/legal-center" className="hover:text-brand-700">{t("footer.legalCenter")}</Link></li>
            <li>
              <Trans
                t={t}
                i18nKey="footer.contact"
                values={{ email: supportEmail }}
                components={{ mail: <a href={`mailto:${supportEmail}`} className="text-brand-700 underline" /> }}
              />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
