import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, formatInstant, Loaded, useAdminData, useLanguage } from "~/components/admin/admin-kit";
import { screenToast } from "~/components/shell/toast-store";
import { Select } from "~/components/ui/field";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import { apiFetch } from "~/lib/api";
import type { Route } from "./+types/flags";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:flags.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

const STATUSES = ["development", "beta", "launched", "deprecated"] as const;
type Flag = { id: string; featureName: string; description: string; releaseStatus: (typeof STATUSES)[number]; updatedAt: string };

/** /app/admin/feature-flags: release status of each feature (feeds the roadmap and the announcements). */
export default function FeatureFlags() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const { state, reload } = useAdminData<{ items: Flag[] }>("/admin/feature-flags");
  const [saving, setSaving] = useState<string | null>(null);
  const change = async (flag: Flag, releaseStatus: string) => {
    setSaving(flag.id);
    const result = await apiFetch(`/admin/feature-flags/${flag.id}`, { method: "PATCH", body: { releaseStatus } });
    setSaving(null);
    if (!result.ok) return screenToast(result.error.message || { key: "admin:common.loadError" }, undefined, "error");
    screenToast({ key: "admin:flags.saved" }, undefined, "success");
    reload();
  };
  return (
    <AdminPage title={t("flags.title")} intro={t("flags.intro")}>
      <Loaded load={state} retry={reload}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("flags.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {items.map((flag) => (
                <li key={flag.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_14rem] sm:items-center">
                  <div className="min-w-0">
                    <span className="block font-mono text-sm font-semibold">{flag.featureName}</span>
                    <span className="block text-sm text-slate-600">{flag.description || t("common.none")}</span>
                    <span className="block text-xs text-slate-500">
                      {t("flags.columns.updated")}: {formatInstant(flag.updatedAt, language)}
                    </span>
                  </div>
                  <Select
                    id={`flag-${flag.id}`}
                    label={t("flags.columns.status")}
                    value={flag.releaseStatus}
                    disabled={saving === flag.id}
                    onChange={(e) => void change(flag, e.target.value)}
                    options={STATUSES.map((s) => ({ value: s, label: t(`flags.statuses.${s}`) }))}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </AdminPage>
  );
}
