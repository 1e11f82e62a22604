import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Badge, formatInstant, Loaded, useAdminData, useLanguage } from "~/components/admin/admin-kit";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Select, TextArea, TextField } from "~/components/ui/field";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import { apiFetch } from "~/lib/api";
import type { Route } from "./+types/incidents";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:incidents.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

const STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
const IMPACTS = ["minor", "major"] as const;
type Incident = {
  id: string;
  titlePt: string;
  titleEn: string;
  bodyPt: string;
  bodyEn: string;
  status: (typeof STATUSES)[number];
  impact: (typeof IMPACTS)[number];
  startedAt: string;
  resolvedAt: string | null;
};
type Draft = Pick<Incident, "titlePt" | "titleEn" | "bodyPt" | "bodyEn" | "status" | "impact">;
const BLANK: Draft = { titlePt: "", titleEn: "", bodyPt: "", bodyEn: "", status: "investigating", impact: "minor" };

/** /app/admin/incidents: what the public /status page shows, in both languages. */
export default function Incidents() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const { state, reload } = useAdminData<{ items: Incident[] }>("/admin/incidents");
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Incident | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    setBusy(true);
    const result = editing.id
      ? await apiFetch(`/admin/incidents/${editing.id}`, { method: "PATCH", body: editing.draft })
      : await apiFetch("/admin/incidents", { body: editing.draft });
    setBusy(false);
    if (!result.ok) return setErrors(result.error.fields ?? { titlePt: result.error.message });
    screenToast({ key: "admin:incidents.saved" }, undefined, "success");
    setEditing(null);
    setErrors({});
    reload();
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await apiFetch(`/admin/incidents/${removing.id}`, { method: "DELETE" });
    setBusy(false);
    setRemoving(null);
    if (!result.ok) {
      screenToast(result.error.message || { key: "admin:common.loadError" }, undefined, "error");
      return;
    }
    screenToast({ key: "admin:incidents.deleted" }, undefined, "success");
    reload();
  };
  const field = (key: keyof Draft) => ({
    value: editing?.draft[key] ?? "",
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setEditing((current) => current && { ...current, draft: { ...current.draft, [key]: e.target.value } }),
  });

  return (
    <AdminPage
      title={t("incidents.title")}
      actions={
        !editing && (
          <Button onClick={() => setEditing({ id: null, draft: BLANK })}>{t("incidents.new")}</Button>
        )
      }
    >
      {editing && (
        <form onSubmit={save} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <TextField id="incident-title-pt" label={t("incidents.fields.titlePt")} maxLength={200} required {...field("titlePt")} />
          <TextField id="incident-title-en" label={t("incidents.fields.titleEn")} maxLength={200} required {...field("titleEn")} />
          <TextArea id="incident-body-pt" label={t("incidents.fields.bodyPt")} maxLength={5000} {...field("bodyPt")} />
          <TextArea id="incident-body-en" label={t("incidents.fields.bodyEn")} maxLength={5000} {...field("bodyEn")} />
          <Select id="incident-status" label={t("incidents.fields.status")} options={STATUSES.map((s) => ({ value: s, label: t(`incidents.statuses.${s}`) }))} {...field("status")} />
          <Select id="incident-impact" label={t("incidents.fields.impact")} options={IMPACTS.map((s) => ({ value: s, label: t(`incidents.impacts.${s}`) }))} {...field("impact")} />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={busy}>
              {t("common.save")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setErrors({});
              }}
            >
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      )}
      <Loaded load={state} retry={reload}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("incidents.empty")}</p>
          ) : (
            <ul className="space-y-3">
              {items.map((incident) => (
                <li key={incident.id} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{language === "en" ? incident.titleEn : incident.titlePt}</span>
                    <span className="flex gap-1">
                      <Badge tone={incident.impact === "major" ? "red" : "amber"}>{t(`incidents.impacts.${incident.impact}`)}</Badge>
                      <Badge tone={incident.status === "resolved" ? "green" : "slate"}>{t(`incidents.statuses.${incident.status}`)}</Badge>
                    </span>
                  </div>
                  <p className="whitespace-pre-line text-sm text-slate-700">{language === "en" ? incident.bodyEn : incident.bodyPt}</p>
                  <p className="text-xs text-slate-500">
                    {formatInstant(incident.startedAt, language)}
                    {incident.resolvedAt && ` → ${formatInstant(incident.resolvedAt, language)}`}
                  </p>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() =>
                        setEditing({ id: incident.id, draft: { titlePt: incident.titlePt, titleEn: incident.titleEn, bodyPt: incident.bodyPt, bodyEn: incident.bodyEn, status: incident.status, impact: incident.impact } })
                      }
                    >
                      {t("incidents.edit")}
                    </Button>
                    <Button variant="ghost" onClick={() => setRemoving(incident)}>
                      {t("incidents.delete")}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <ConfirmDialog
        open={removing !== null}
        title={t("incidents.deleteTitle")}
        description={t("incidents.deleteText")}
        destructive
        pending={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </AdminPage>
  );
}
