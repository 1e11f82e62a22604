import { ChatBubbleBottomCenterTextIcon } from "@heroicons/react/24/outline";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextArea, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { screenToast } from "./toast-store";

/** The floating beta-feedback box (POST /api/v1/feedback); closes after a successful send. */
export function FeedbackBox() {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const form = useApiForm({
    fields: ["subject", "message"],
    fallback: t("feedback.error"),
    onSuccess: () => {
      setSubject("");
      setMessage("");
      setOpen(false);
      screenToast(t("feedback.success"), undefined, "success");
    },
  });
  const send = form.submit(() => (message.trim() ? apiFetch("/feedback", { body: { subject, message } }) : form.fail(t("feedback.empty"))));

  return (
    <div className="fixed right-4 bottom-20 z-40 md:bottom-4" data-tour="feedback">
      {open ? (
        <form onSubmit={send} aria-label={t("feedback.title")} className="w-80 space-y-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200">
          <p className="font-semibold">{t("feedback.title")}</p>
          <TextField label={t("feedback.subject")} value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} error={form.errors.subject} />
          <TextArea label={t("feedback.message")} value={message} maxLength={5000} rows={4} onChange={(e) => setMessage(e.target.value)} error={form.errors.message} />
          {form.message && <Notice tone="error">{form.message}</Notice>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t("feedback.cancel")}
            </Button>
            <Button type="submit" loading={form.pending}>
              {t("feedback.send")}
            </Button>
          </div>
        </form>
      ) : (
        <Button onClick={() => setOpen(true)} className="rounded-full! shadow-lg!">
          <ChatBubbleBottomCenterTextIcon className="h-5 w-5" aria-hidden="true" />
          {t("feedback.button")}
        </Button>
      )}
    </div>
  );
}
