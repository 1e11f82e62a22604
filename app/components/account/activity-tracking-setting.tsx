import { useTranslation } from "react-i18next";
import { PreferenceSwitch } from "./preference-switch";

/**
 * Perfil → Preferências: session tracking (user_activities), on unless turned off (docs/decisions/0037).
 * The shell's loader re-reads the preference and starts or ends the tracker.
 */
export function ActivityTrackingSetting({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("account");
  return (
    <PreferenceSwitch
      name="activityTracking"
      label={t("profile.preferences.activityTracking")}
      description={t("profile.preferences.activityTrackingHint")}
      initial={enabled}
      testId="activity-tracking-setting"
    />
  );
}
