import { useTranslation } from "react-i18next";
import { database } from "@worker/db/client";
import { listFeatureFlags } from "@worker/db/notifications";
import { serverI18n } from "~/i18n/i18n.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { roadmapFrom } from "~/lib/roadmap";
import type { Route } from "./+types/roadmap";

export const handle: I18nHandle = { i18n: ["admin", "landing"] };

/** /app/roadmap: the features and their release state, from the feature flags (as the landing shows them). */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    title: serverI18n(context.lang).t("admin:roadmap.title"),
    roadmap: roadmapFrom(await listFeatureFlags(database(context.cloudflare.env.DB))),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

export default function Roadmap({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "landing"]);
  const groups = (["available", "upcoming"] as const).map((status) => ({ status, items: loaderData.roadmap.filter((item) => item.status === status) }));
  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{t("admin:roadmap.title")}</h1>
        <p className="text-slate-600">{t("admin:roadmap.intro")}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2" data-testid="app-roadmap">
        {groups.map(({ status, items }) => (
          <section key={status} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 className="mb-3 font-semibold">{t(`admin:roadmap.${status}`)}</h2>
            {items.length === 0 ? (
              <p className="text-sm text-slate-600">{t("admin:roadmap.empty")}</p>
            ) : (
              <ul className="space-y-2">
                {items.map((item) => (
                  <li key={item.feature} className={`rounded-xl px-3 py-2 text-sm ${status === "available" ? "bg-brand-50 text-brand-900" : "border border-dashed border-slate-300 text-slate-700"}`}>
                    {/* A flag name, not a literal: roadmap.test.ts checks each has its label in both catalogues. */}
                    {t(`landing:roadmap.features.${item.feature}` as "landing:roadmap.features.premium")}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
