import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Badge, Loaded, useAdminData } from "~/components/admin/admin-kit";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import { apiFetch } from "~/lib/api";
import type { Route } from "./+types/readiness";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:readiness.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

type Readiness = { ready: boolean; checks: { id: string; ok: boolean; label: string; fix: string | null }[] };

/** /app/launch-readiness: the checklist computed by the server (texts in the admin's language). */
export default function LaunchReadiness() {
  const { t } = useTranslation("admin");
  const { state, reload } = useAdminData<Readiness>("/admin/readiness");
  const [sending, setSending] = useState(false);
  const sendTest = async () => {
    setSending(true);
    const result = await apiFetch("/admin/readiness/test-email", { method: "POST" });
    setSending(false);
    if (!result.ok) return screenToast(result.error.message || { key: "admin:common.loadError" }, undefined, "error");
    screenToast({ key: "admin:readiness.testEmailDone" }, undefined, "success");
    reload();
  };
  return (
    <AdminPage
      title={t("readiness.title")}
      actions={
        <Button variant="secondary" loading={sending} onClick={() => void sendTest()}>
          {t("readiness.testEmail")}
        </Button>
      }
    >
      <Loaded load={state} retry={reload}>
        {(readiness) => {
          const failing = readiness.checks.filter((c) => !c.ok).length;
          return (
            <div className="space-y-4">
              <p role="status" className={`rounded-2xl p-4 font-semibold ${readiness.ready ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}>
                {readiness.ready ? t("readiness.ready") : t("readiness.notReady", { count: failing })}
              </p>
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="readiness-checks">
                {readiness.checks.map((check) => (
                  <li key={check.id} className="space-y-1 px-4 py-3">
                    <div className="flex items-start justify-between gap-3">
                      <span className="font-medium text-slate-900">{check.label}</span>
                      <Badge tone={check.ok ? "green" : "red"}>{check.ok ? t("readiness.pass") : t("readiness.fail")}</Badge>
                    </div>
                    {check.fix && (
                      <p className="text-sm text-slate-600">
                        <span className="font-medium">{t("readiness.fix")}: </span>
                        <code className="break-all text-xs">{check.fix}</code>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          );
        }}
      </Loaded>
    </AdminPage>
  );
}
