import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Notice } from "~/components/ui/form";
import { Switch } from "~/components/ui/switch";
import { apiFetch } from "~/lib/api";

/** Perfil → Preferências: session tracking (user_activities), on unless turned off (docs/decisions/0037). */
export function ActivityTrackingSetting({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("account");
  const revalidator = useRevalidator();
  const [on, setOn] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  async function change(next: boolean) {
    setOn(next);
    setError(null);
    const result = await apiFetch("/me", { method: "PATCH", body: { preferences: { activityTracking: next } } });
    if (!result.ok) {
      setOn(!next);
      setError(result.error.message);
      return;
    }
    // The shell's loader re-reads the preference and starts or ends the tracker.
    revalidator.revalidate();
  }
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4" data-testid="activity-tracking-setting">
      <Switch label={t("profile.preferences.activityTracking")} description={t("profile.preferences.activityTrackingHint")} checked={on} onChange={(next) => void change(next)} />
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
