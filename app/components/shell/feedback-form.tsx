import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextArea, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { screenToast } from "./toast-store";

type Draft = { subject: string; message: string };

/** The open feedback box: subject, message, send (POST /api/v1/feedback) or cancel (also Escape). It opens with the focus in its first field. */
export function FeedbackForm({ draft, onDraft, onClose }: { draft: Draft; onDraft: (draft: Draft) => void; onClose: () => void }) {
  const { t } = useTranslation("shell");
  const { subject, message } = draft;
  const form = useApiForm({
    fields: ["subject", "message"],
    fallback: t("feedback.error"),
    onSuccess: () => {
      onDraft({ subject: "", message: "" });
      onClose();
      screenToast({ key: "shell:feedback.success" }, undefined, "success");
    },
  });
  const send = form.submit(() => (message.trim() ? apiFetch("/feedback", { body: { subject, message } }) : form.fail(t("feedback.empty"))));
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    element.current?.querySelector<HTMLElement>("input, textarea")?.focus();
  }, []);

  return (
    <form
      ref={element}
      onSubmit={send}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      aria-label={t("feedback.title")}
      className="w-80 space-y-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200"
    >
      <p className="font-semibold">{t("feedback.title")}</p>
      <TextField label={t("feedback.subject")} value={subject} maxLength={200} onChange={(e) => onDraft({ subject: e.target.value, message })} error={form.errors.subject} />
      <TextArea label={t("feedback.message")} value={message} maxLength={5000} rows={4} onChange={(e) => onDraft({ subject, message: e.target.value })} error={form.errors.message} />
      {form.message && <Notice tone="error">{form.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("feedback.cancel")}
        </Button>
        <Button type="submit" loading={form.pending}>
          {t("feedback.send")}
        </Button>
      </div>
    </form>
  );
}
