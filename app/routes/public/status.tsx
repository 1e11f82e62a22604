import { useTranslation } from "react-i18next";
import { liveChecks } from "@worker/admin/live-checks";
import { publicIncidents } from "@worker/db/admin";
import { database } from "@worker/db/client";
import { serverI18n } from "~/i18n/i18n.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { useLanguage } from "~/components/admin/admin-kit";
import { intlLocale, type Language } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import type { Route } from "./+types/status";

export const handle: I18nHandle = { i18n: ["admin"] };

/** Resolved incidents stay on the page this long. */
const RECENT_MS = 14 * 86_400_000;

/** GET /status: the overall state (live checks and open incidents) and recent incidents, in pt and en. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const now = new Date();
  const [checks, incidents] = await Promise.all([liveChecks(env), publicIncidents(database(env.DB), now, RECENT_MS)]);
  const open = incidents.filter((i) => i.resolvedAt === null);
  const overall: "operational" | "incident" | "degraded" = Object.values(checks).some((c) => c.status !== "ok") || open.some((i) => i.impact === "major") ? "degraded" : open.length ? "incident" : "operational";
  const { t } = serverI18n(context.lang);
  return {
    title: t("admin:status.title"),
    description: t("admin:status.metaDescription"),
    overall,
    checkedAt: now.toISOString(),
    components: (Object.keys(checks) as (keyof typeof checks)[]).map((key) => ({ key, ok: checks[key].status === "ok" })),
    incidents: incidents.map((i) => ({
      id: i.id,
      title: { pt: i.titlePt, en: i.titleEn },
      body: { pt: i.bodyPt, en: i.bodyEn },
      status: i.status,
      impact: i.impact,
      startedAt: i.startedAt.toISOString(),
      resolvedAt: i.resolvedAt?.toISOString() ?? null,
    })),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.title} · Rumo` }, { name: "description", content: loaderData?.description }];

// A status page must be fresh, but a burst of visitors should not each probe D1, KV and the Durable Object.
// Its language comes from the language cookie or Accept-Language (besides ?lang, in the URL): a
// shared cache must not hand one reader's language to the next. A signed-in reader's copy goes out
// `private` all the same (the Hono root, worker/lib/page-cache.ts): its header leads into the app.
export const headers = () => ({ "Cache-Control": "public, max-age=30", Vary: "Cookie, Accept-Language" });

/**
 * An instant in UTC, saying so: the page is public and cached, so it cannot know the reader's zone,
 * and the Worker's and the browser's default zones would differ ("15:00" here, "10:00" after hydration).
 */
function utcInstant(iso: string, language: Language) {
  return dateTimeFormat(intlLocale(language), { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(iso));
}

const banner = { operational: "bg-emerald-50 text-emerald-900 border-emerald-200", incident: "bg-amber-50 text-amber-900 border-amber-200", degraded: "bg-red-50 text-red-900 border-red-200" };

export default function Status({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const { overall, components, incidents, checkedAt } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-8 px-4 py-14">
      <h1 className="text-4xl font-extrabold tracking-tight">{t("status.title")}</h1>
      <p role="status" className={`rounded-2xl border p-5 text-lg font-semibold ${banner[overall]}`} data-testid="status-overall">
        {t(`status.${overall}`)}
      </p>
      <section className="space-y-3">
        <h2 className="text-2xl font-bold">{t("status.components")}</h2>
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {components.map((c) => (
            <li key={c.key} className="flex items-center justify-between px-4 py-3">
              <span>{t(`health.checks.${c.key}`)}</span>
              <span className={c.ok ? "font-medium text-emerald-700" : "font-medium text-red-700"}>{t(`health.status.${c.ok ? "ok" : "error"}`)}</span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">{t("status.checkedAt", { when: utcInstant(checkedAt, language) })}</p>
      </section>
      <section className="space-y-3">
        <h2 className="text-2xl font-bold">{t("status.incidents")}</h2>
        {incidents.length === 0 ? (
          <p className="text-slate-600">{t("status.noIncidents")}</p>
        ) : (
          <ul className="space-y-3">
            {incidents.map((incident) => (
              <li key={incident.id} className="space-y-1 rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{incident.title[language]}</h3>
                  <span className="text-sm text-slate-600">{t(`incidents.statuses.${incident.status}`)}</span>
                </div>
                {incident.body[language] && <p className="whitespace-pre-line text-slate-700">{incident.body[language]}</p>}
                <p className="text-xs text-slate-500">
                  {t("status.started", { when: utcInstant(incident.startedAt, language) })}
                  {incident.resolvedAt && ` · ${t("status.resolved", { when: utcInstant(incident.resolvedAt, language) })}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
