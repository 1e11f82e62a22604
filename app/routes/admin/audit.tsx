import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Badge, formatInstant, Loaded, useAdminPages, useLanguage } from "~/components/admin/admin-kit";
import { Button } from "~/components/ui/button";
import { Select, TextField } from "~/components/ui/field";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/audit";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:audit.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

type Entry = {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  outcome: "ok" | "refused" | "failed";
  detail: Record<string, unknown>;
  ipAddress: string;
  userAgent: string;
  createdAt: string;
};
type Filters = { action: string; outcome: string; actorId: string; targetId: string; from: string; to: string };

const EMPTY: Filters = { action: "", outcome: "", actorId: "", targetId: "", from: "", to: "" };
const ACTIONS = [
  "admin.access",
  "user.view",
  "user.end_sessions",
  "user.disable",
  "user.enable",
  "user.role",
  "user.delete",
  "user.resend_confirmation",
  "flag.update",
  "feedback.status",
  "feedback.reply",
  "incident.create",
  "incident.update",
  "incident.delete",
  "mail.test",
];

/** The day after a `YYYY-MM-DD` date (UTC calendar arithmetic, no time zone shifts). */
const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * The API's `to` is exclusive (entries before that day's start); the screen's 'Até' day is
 * inclusive, so it asks up to the start of the next day.
 */
const query = (filters: Filters) =>
  Object.entries(filters)
    .filter(([, value]) => value)
    .map(([key, value]) => `&${key}=${encodeURIComponent(key === "to" ? dayAfter(value) : value)}`)
    .join("");

const tone = { ok: "green", refused: "amber", failed: "red" } as const;

/** /app/admin/audit: the append-only audit log, newest first, with filters. */
export default function AuditLog() {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const { state, reload, rowsOf, moreButton } = useAdminPages<Entry>(`/admin/audit?limit=50${query(applied)}`);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ ...draft, actorId: draft.actorId.trim(), targetId: draft.targetId.trim() });
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <AdminPage title={t("audit.title")} intro={t("audit.intro")}>
      <form onSubmit={apply} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Select id="audit-action" label={t("audit.filters.action")} value={draft.action} onChange={set("action")} options={[{ value: "", label: t("audit.filters.any") }, ...ACTIONS.map((a) => ({ value: a, label: a }))]} />
        <Select
          id="audit-outcome"
          label={t("audit.filters.outcome")}
          value={draft.outcome}
          onChange={set("outcome")}
          options={[{ value: "", label: t("audit.filters.any") }, ...(["ok", "refused", "failed"] as const).map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) }))]}
        />
        <TextField id="audit-actor" label={t("audit.filters.actor")} value={draft.actorId} onChange={set("actorId")} maxLength={64} />
        <TextField id="audit-target" label={t("audit.filters.target")} value={draft.targetId} onChange={set("targetId")} maxLength={64} />
        <TextField id="audit-from" type="date" label={t("audit.filters.from")} value={draft.from} onChange={set("from")} />
        <TextField id="audit-to" type="date" label={t("audit.filters.to")} value={draft.to} onChange={set("to")} />
        <div className="flex gap-2 sm:col-span-3">
          <Button type="submit">{t("audit.filters.apply")}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY);
              setApplied(EMPTY);
            }}
          >
            {t("audit.filters.clear")}
          </Button>
        </div>
      </form>
      <Loaded load={state} retry={reload}>
        {(page) => {
          const { items, next } = rowsOf(page);
          if (items.length === 0) return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("audit.empty")}</p>;
          return (
            <div className="space-y-4">
              <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
                <table className="min-w-full text-left text-sm" data-testid="audit-log">
                  <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                    <tr>
                      {(["when", "actor", "action", "target", "outcome", "from"] as const).map((c) => (
                        <th key={c} scope="col" className="px-3 py-2 font-medium">
                          {t(`audit.columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {items.map((entry) => (
                      <tr key={entry.id} className="align-top">
                        <td className="whitespace-nowrap px-3 py-2">{formatInstant(entry.createdAt, language)}</td>
                        <td className="px-3 py-2">
                          <span className="block">{entry.actorEmail || t("common.none")}</span>
                          <span className="block font-mono text-xs text-slate-500">{entry.actorId}</span>
                        </td>
                        <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                        <td className="px-3 py-2 font-mono text-xs">{entry.targetId ? `${entry.targetType}:${entry.targetId}` : t("common.none")}</td>
                        <td className="px-3 py-2">
                          <Badge tone={tone[entry.outcome]}>{t(`audit.outcomes.${entry.outcome}`)}</Badge>
                          {typeof entry.detail.error === "string" && <span className="ml-1 font-mono text-xs text-slate-500">{entry.detail.error}</span>}
                        </td>
                        <td className="px-3 py-2 text-xs text-slate-500">
                          <span className="block">{entry.ipAddress}</span>
                          <span className="block max-w-56 truncate" title={entry.userAgent}>
                            {entry.userAgent}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {moreButton(next)}
            </div>
          );
        }}
      </Loaded>
    </AdminPage>
  );
}
