import { useTranslation } from "react-i18next";
import { AdminPage, Badge, formatInstant, Loaded, useAdminData, useLanguage } from "~/components/admin/admin-kit";
import { Button } from "~/components/ui/button";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/health";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:health.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

type Check = { status: "ok" | "error"; latencyMs: number };
type Health = {
  status: "ok" | "degraded";
  checks: { d1: Check; kv: Check; durableObjects: Check };
  cron: { job: string; schedule: string; lastRun: { startedAt: string; durationMs: number; result: "ok" | "error"; detail: Record<string, unknown> } | null }[];
  mail: { ok: boolean; detail: string; at: string } | null;
  errors: { route: string; clientErrors: number; serverErrors: number }[];
};

/** /app/system-health: live checks, scheduled jobs, e-mail and errors by route. */
export default function SystemHealth() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const { state, reload } = useAdminData<Health>("/admin/health");
  return (
    <AdminPage
      title={t("health.title")}
      actions={
        <Button variant="secondary" onClick={reload}>
          {t("health.refresh")}
        </Button>
      }
    >
      <Loaded load={state} retry={reload}>
        {(health) => (
          <div className="space-y-6">
            <p
              role="status"
              className={`rounded-2xl p-4 font-semibold ${health.status === "ok" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
              data-testid="health-overall"
            >
              {t(`health.overall.${health.status}`)}
            </p>
            <ul className="grid gap-3 sm:grid-cols-3">
              {(["d1", "kv", "durableObjects"] as const).map((key) => (
                <li key={key} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <span className="block text-sm text-slate-600">{t(`health.checks.${key}`)}</span>
                  <span className="mt-1 flex items-center gap-2">
                    <Badge tone={health.checks[key].status === "ok" ? "green" : "red"}>{t(`health.status.${health.checks[key].status}`)}</Badge>
                    <span className="text-sm text-slate-500">{t("health.latency", { ms: health.checks[key].latencyMs })}</span>
                  </span>
                </li>
              ))}
            </ul>
            <section className="space-y-2">
              <h2 className="font-semibold">{t("health.cron")}</h2>
              <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
                <table className="min-w-full text-left text-sm">
                  <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                    <tr>
                      {(["job", "schedule", "lastRun", "duration", "result"] as const).map((c) => (
                        <th key={c} scope="col" className="px-3 py-2 font-medium">
                          {t(`health.cronColumns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {health.cron.map((job) => (
                      <tr key={job.job}>
                        <td className="px-3 py-2 font-mono text-xs">{job.job}</td>
                        <td className="px-3 py-2 font-mono text-xs">{job.schedule}</td>
                        <td className="px-3 py-2">{job.lastRun ? formatInstant(job.lastRun.startedAt, language) : t("health.cronNever")}</td>
                        <td className="px-3 py-2">{job.lastRun ? t("health.latency", { ms: job.lastRun.durationMs }) : t("common.none")}</td>
                        <td className="px-3 py-2">
                          {job.lastRun ? (
                            <Badge tone={job.lastRun.result === "ok" ? "green" : "red"}>{t(`health.cronResult.${job.lastRun.result}`)}</Badge>
                          ) : (
                            t("common.none")
                          )}
                          {typeof job.lastRun?.detail.error === "string" && <span className="ml-2 text-xs text-red-700">{job.lastRun.detail.error}</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <section className="space-y-2">
              <h2 className="font-semibold">{t("health.mail")}</h2>
              <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                {!health.mail
                  ? t("health.mailNever")
                  : health.mail.ok
                    ? t("health.mailOk", { when: formatInstant(health.mail.at, language) })
                    : t("health.mailFailed", { when: formatInstant(health.mail.at, language), detail: health.mail.detail })}
              </p>
            </section>
            <section className="space-y-2">
              <h2 className="font-semibold">{t("health.errors")}</h2>
              {health.errors.length === 0 ? (
                <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600">{t("health.errorsEmpty")}</p>
              ) : (
                <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
                  <table className="min-w-full text-left text-sm">
                    <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">{t("health.errorColumns.route")}</th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">{t("health.errorColumns.client")}</th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">{t("health.errorColumns.server")}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {health.errors.map((e) => (
                        <tr key={e.route}>
                          <td className="px-3 py-2 font-mono text-xs">{e.route}</td>
                          <td className="px-3 py-2 text-right">{e.clientErrors}</td>
                          <td className={`px-3 py-2 text-right ${e.serverErrors ? "font-semibold text-red-700" : ""}`}>{e.serverErrors}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </div>
        )}
      </Loaded>
    </AdminPage>
  );
}
