import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { LegalText } from "~/lib/legal.server";
import { FormattedDate } from "./formatted-date";

const links = [
  { to: "/privacy", key: "privacy" },
  { to: "/terms", key: "terms" },
  { to: "/legal-center", key: "legalCenter" },
] as const;

/** A legal text (server-rendered Markdown) with links between the legal documents. */
export function LegalPage({ document }: { document: LegalText }) {
  const { t } = useTranslation("legal");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <nav aria-label={t("nav")}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `inline-block rounded-full border px-3 py-1 ${isActive ? "border-brand-600 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-700 hover:border-brand-400"}`
                }
              >
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="mt-8">
        <h1 className="text-4xl font-extrabold tracking-tight">{document.title}</h1>
        {document.updated && (
          <p className="mt-2 text-sm text-slate-600">
            {t("updated")} <FormattedDate date={document.updated} />
          </p>
        )}
        <div className="prose-rumo mt-8" dangerouslySetInnerHTML={{ __html: document.html }} />
      </article>
    </div>
  );
}
