import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/hub";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

const SECTIONS = [
  { to: "/app/user-management", key: "users" },
  { to: "/app/admin/audit", key: "audit" },
  { to: "/app/analytics", key: "analytics" },
  { to: "/app/system-health", key: "health" },
  { to: "/app/launch-readiness", key: "readiness" },
  { to: "/app/admin/feature-flags", key: "flags" },
  { to: "/app/admin/feedback", key: "feedback" },
  { to: "/app/admin/incidents", key: "incidents" },
] as const;

/** /app/admin: every admin and operations screen. */
export default function AdminHub() {
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="max-w-prose text-sm text-slate-600">{t("hub.intro")}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              to={section.to}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block font-semibold text-slate-900">{t(`hub.${section.key}`)}</span>
              <span className="mt-1 block text-sm text-slate-600">{t(`hub.${section.key}Text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
