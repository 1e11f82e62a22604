import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminPage, Badge, formatInstant, Loaded, useAdminPages, useLanguage } from "~/components/admin/admin-kit";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { Select, TextArea } from "~/components/ui/field";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { requireAdmin } from "~/lib/admin.server";
import { apiFetch } from "~/lib/api";
import type { Route } from "./+types/feedback";

export const handle: I18nHandle = { i18n: ["admin"] };

export const loader = ({ context }: Route.LoaderArgs) => requireAdmin(context, "admin:feedback.title");

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];

type Status = "new" | "read" | "done";
type Item = { id: string; email: string; subject: string; message: string; rating: number; status: Status; reply: string | null; repliedAt: string | null; createdAt: string };
const tone = { new: "brand", read: "slate", done: "green" } as const;
const PAGE_SIZE = 50;

/** /app/admin/feedback: the beta feedback box's inbox (status, reply by e-mail). */
export default function FeedbackInbox() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = useState("");
  const filter = status ? `&status=${status}` : "";
  const { state, reload, refresh, rowsOf, moreButton } = useAdminPages<Item>(`/admin/feedback?limit=${PAGE_SIZE}${filter}`);
  return (
    <AdminPage
      title={t("feedback.title")}
      actions={
        <Select
          id="feedback-status"
          label={t("feedback.filter")}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: "", label: t("feedback.all") }, ...(["new", "read", "done"] as const).map((s) => ({ value: s, label: t(`feedback.statuses.${s}`) }))]}
        />
      }
    >
      <Loaded load={state} retry={reload}>
        {(page) => {
          const { items, next } = rowsOf(page);
          if (items.length === 0) return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{t("feedback.empty")}</p>;
          return (
            <div className="space-y-4">
              <ul className="space-y-3">
                {items.map((item) => (
                  <FeedbackCard key={item.id} item={item} onChanged={refresh} />
                ))}
              </ul>
              {moreButton(next)}
            </div>
          );
        }}
      </Loaded>
    </AdminPage>
  );
}

function FeedbackCard({ item, onChanged }: { item: Item; onChanged: () => void }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const setStatus = async (status: Status) => {
    setBusy(true);
    const result = await apiFetch(`/admin/feedback/${item.id}`, { method: "PATCH", body: { status } });
    setBusy(false);
    if (!result.ok) return screenToast(result.error.message || { key: "admin:common.loadError" }, undefined, "error");
    onChanged();
  };
  const send = async () => {
    setBusy(true);
    const result = await apiFetch(`/admin/feedback/${item.id}/reply`, { body: { message: reply } });
    setBusy(false);
    if (!result.ok) return setError(result.error.fields?.message ?? result.error.message);
    screenToast({ key: "admin:feedback.sent" }, undefined, "success");
    setReplying(false);
    setReply("");
    onChanged();
  };
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <span className="block font-semibold">{item.subject || t("common.none")}</span>
          <span className="block text-xs text-slate-500">
            {t("feedback.from", { email: item.email })} · {formatInstant(item.createdAt, language)} · {t("feedback.rating", { rating: item.rating })}
          </span>
        </div>
        <Badge tone={tone[item.status]}>{t(`feedback.statuses.${item.status}`)}</Badge>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-800">{item.message}</p>
      {item.reply && (
        <blockquote className="border-l-4 border-brand-200 pl-3 text-sm text-slate-600">
          <span className="block text-xs">{t("feedback.replied", { when: formatInstant(item.repliedAt, language) })}</span>
          <span className="whitespace-pre-line">{item.reply}</span>
        </blockquote>
      )}
      {replying && (
        <div className="space-y-2">
          <TextArea id={`reply-${item.id}`} label={t("feedback.replyLabel")} value={reply} onChange={(e) => setReply(e.target.value)} maxLength={5000} error={error} />
          <div className="flex gap-2">
            <Button loading={busy} disabled={!reply.trim()} onClick={() => void send()}>
              {t("feedback.send")}
            </Button>
            <Button variant="secondary" onClick={() => setReplying(false)}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      )}
      {!replying && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setReplying(true)}>
            {t("feedback.reply")}
          </Button>
          {item.status === "new" && (
            <Button variant="ghost" disabled={busy} onClick={() => void setStatus("read")}>
              {t("feedback.markRead")}
            </Button>
          )}
          {item.status !== "done" ? (
            <Button variant="ghost" disabled={busy} onClick={() => void setStatus("done")}>
              {t("feedback.markDone")}
            </Button>
          ) : (
            <Button variant="ghost" disabled={busy} onClick={() => void setStatus("read")}>
              {t("feedback.reopen")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
