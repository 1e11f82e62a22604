import { ChatBubbleBottomCenterTextIcon } from "@heroicons/react/24/outline";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button, Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";
import { screenToast } from "./toast-store";

/** The floating beta-feedback box (POST /api/v1/feedback); closes after a successful send. */
export function FeedbackBox() {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setError(t("feedback.empty"));
    setBusy(true);
    const result = await apiFetch("/feedback", { body: { subject, message } });
    setBusy(false);
    if (!result.ok) return setError(t("feedback.error"));
    setSubject("");
    setMessage("");
    setError(null);
    setOpen(false);
    screenToast(t("feedback.success"), undefined, "success");
  }

  return (
    <div className="fixed right-4 bottom-20 z-40 md:bottom-4" data-tour="feedback">
      {open ? (
        <form onSubmit={send} aria-label={t("feedback.title")} className="w-80 space-y-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200">
          <p className="font-semibold">{t("feedback.title")}</p>
          <label className="block text-sm">
            <span className="text-slate-700">{t("feedback.subject")}</span>
            <input value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-1.5" />
          </label>
          <label className="block text-sm">
            <span className="text-slate-700">{t("feedback.message")}</span>
            <textarea value={message} maxLength={5000} rows={4} onChange={(e) => setMessage(e.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-1.5" />
          </label>
          {error && <Notice tone="error">{error}</Notice>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t("feedback.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {t("feedback.send")}
            </Button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
        >
          <ChatBubbleBottomCenterTextIcon className="h-5 w-5" aria-hidden="true" />
          {t("feedback.button")}
        </button>
      )}
    </div>
  );
}
