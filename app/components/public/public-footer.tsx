import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TaggedText } from "~/i18n/tagged-text";

type FooterLink = { to: string; key: "pricing" | "premium" | "blog" | "about" | "privacy" | "terms" | "legalCenter" };

const productLinks: FooterLink[] = [
  { to: "/pricing", key: "pricing" },
  { to: "/premium", key: "premium" },
  { to: "/blog", key: "blog" },
  { to: "/about", key: "about" },
];
const legalLinks: FooterLink[] = [
  { to: "/privacy", key: "privacy" },
  { to: "/terms", key: "terms" },
  { to: "/legal-center", key: "legalCenter" },
];

function FooterLinks({ links, children }: { links: FooterLink[]; children?: React.ReactNode }) {
  const { t } = useTranslation("public");
  return (
    <ul className="mt-2 space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="hover:text-brand-700">
            {t(`footer.${link.key}`)}
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}

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
          <FooterLinks links={productLinks} />
        </nav>
        <nav aria-label={t("footer.legal")}>
          <h2 className="font-semibold text-slate-900">{t("footer.legal")}</h2>
          <FooterLinks links={legalLinks}>
            <li>
              <TaggedText text={t("footer.contact", { email: supportEmail })} components={{ mail: <a href={`mailto:${supportEmail}`} className="text-brand-700 underline" /> }} />
            </li>
          </FooterLinks>
        </nav>
      </div>
    </footer>
  );
}
