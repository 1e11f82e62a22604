/**
 * "Subscrever noutro calendário": the private iCalendar feed address (GET /calendar/feed-url),
 * with copy, replace (a new address; the old one stops) and revoke, both confirmed. Used on the
 * calendar screen and in Perfil → Preferências. The address is asked for only when the user wants
 * it, so opening a screen never creates one; a Free plan gets the shell's upgrade offer (402).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { screenToast } from "~/components/shell/toast-store";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";

type Confirm = "replace" | "revoke" | null;

export function FeedSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("calendar");
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  async function load() {
    setPending(true);
    setError(null);
    const result = await apiFetch<{ url: string }>("/calendar/feed-url");
    setPending(false);
    if (result.ok) setUrl(result.data.url);
    else setError(result.status === 402 ? t("ics.feed.premium") : result.error.message || t("ics.feed.error"));
    return result.ok;
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      screenToast({ key: "calendar:ics.feed.copied" }, undefined, "success");
    } catch {
      screenToast({ key: "calendar:ics.feed.copyFailed" }, undefined, "error");
    }
  }

  async function revoke(then: "replace" | "revoke") {
    setPending(true);
    const result = await apiFetch("/calendar/feed-url", { method: "DELETE" });
    setPending(false);
    setConfirm(null);
    if (!result.ok) {
      setError(result.error.message || t("ics.feed.error"));
      return;
    }
    setUrl(null);
    if (then === "revoke") screenToast({ key: "calendar:ics.feed.revoked" }, undefined, "success");
    else if (await load()) screenToast({ key: "calendar:ics.feed.replaced" }, undefined, "success");
  }

  return (
    <section className="space-y-3" aria-labelledby="calendar-feed-title">
      <Heading id="calendar-feed-title" className="text-base font-semibold text-slate-900">
        {t("ics.feed.title")}
      </Heading>
      <p className="text-sm text-slate-600">{t("ics.feed.description")}</p>
      {url ? (
        <div className="space-y-3">
          <TextField label={t("ics.feed.label")} value={url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="calendar-feed-url" />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy()}>{t("ics.feed.copy")}</Button>
            <Button variant="secondary" onClick={() => setConfirm("replace")} disabled={pending}>
              {t("ics.feed.replace")}
            </Button>
            <Button variant="danger" onClick={() => setConfirm("revoke")} disabled={pending}>
              {t("ics.feed.revoke")}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => void load()} loading={pending}>
          {t("ics.feed.show")}
        </Button>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "replace" ? t("ics.feed.replaceTitle") : t("ics.feed.revokeTitle")}
        description={confirm === "replace" ? t("ics.feed.replaceBody") : t("ics.feed.revokeBody")}
        confirmLabel={confirm === "replace" ? t("ics.feed.replace") : t("ics.feed.revoke")}
        cancelLabel={t("ics.feed.cancel")}
        destructive
        pending={pending}
        onConfirm={() => revoke(confirm ?? "revoke")}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
