import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { AppInstallSettings } from "~/components/offline/app-settings";
import { Combobox } from "~/components/ui/combobox";
import { Select } from "~/components/ui/field";
import { timeZoneOptions } from "~/lib/time-zones";
import { Button, Notice } from "~/components/ui/form";
import { formatTypedTime } from "~/components/ui/date-grid";
import { localeOf, sanitizeLanguage, type Language } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";
import { dateTimeFormat } from "~/lib/intl";
import { apiFetch } from "~/lib/api";
import { FeedSection } from "~/modules/calendar/feed-section";
import { GoogleCalendarSettings } from "~/modules/calendar/google-settings";
import { WorkingHoursDialog } from "~/modules/tasks/working-hours";
import { ActivityTrackingSetting } from "./activity-tracking-setting";
import { useSaveAccountLanguage } from "./account-language";
import { FirstModulesChoice } from "./first-modules-choice";
import { PreferenceSwitch } from "./preference-switch";
import type { ProfileData } from "./profile-data";

export function PreferencesTab({ data }: { data: ProfileData }) {
  const { t } = useTranslation("account");
  const { language, setLanguage } = useLanguage();
  const [timeZone, setTimeZone] = useState(data.user.timeZone);
  const zones = useMemo(() => timeZoneOptions(data.user.timeZone), [data.user.timeZone]);
  // "Saved" is said at render time: after a change of language it is said in the new one.
  const [status, setStatus] = useState<{ ok: true } | { ok: false; text: string } | null>(null);
  // The language is saved as soon as it is chosen (useSaveAccountLanguage): a choice left unsaved
  // would put this screen in one language and the app's messages in the other.
  const saveLanguage = useSaveAccountLanguage();
  async function chooseLanguage(next: Language) {
    const result = await saveLanguage(next);
    if (!result) return;
    if (result.ok) {
      setStatus({ ok: true });
    } else {
      setLanguage(sanitizeLanguage(data.user.language) ?? "pt");
      setStatus({ ok: false, text: result.error.message });
    }
  }
  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await apiFetch("/me", { method: "PATCH", body: { language, timeZone } });
    setStatus(result.ok ? { ok: true } : { ok: false, text: result.error.message });
  }
  return (
    <div className="max-w-md space-y-4">
      <form onSubmit={save} className="space-y-4">
        <Select
          label={t("profile.preferences.language")}
          value={language}
          onChange={(e) => void chooseLanguage(e.target.value as Language)}
          options={[
            { value: "pt", label: "Português" },
            { value: "en", label: "English" },
          ]}
        />
        {/* A list to search ("lisb", "new york"), not a free text the server can only refuse. */}
        <Combobox label={t("profile.preferences.timeZone")} options={zones} value={timeZone} onChange={(zone) => zone && setTimeZone(zone)} />
        {status && <Notice tone={status.ok ? "success" : "error"}>{status.ok ? t("profile.personal.saved") : status.text}</Notice>}
        <Button type="submit">{t("profile.preferences.save")}</Button>
      </form>
      {/* Outside the form: the hours dialog has a form of its own, and React events cross portals. */}
      <FirstModulesSetting data={data} />
      <WorkingHoursSetting data={data} />
      <PersonalDataAi data={data} />
      <PreferenceSwitch
        name="discreetCycleReminder"
        label={t("profile.preferences.discreetCycleReminder")}
        description={t("profile.preferences.discreetCycleReminderHint")}
        initial={data.discreetCycleReminder}
        testId="discreet-cycle-reminder"
      />
      <ActivityTrackingSetting enabled={data.activityTracking} />
      <FeedSection headingLevel={3} />
      <GoogleCalendarSettings />
      <AppInstallSettings />
    </div>
  );
}

/**
 * Onboarding's 'Por onde quer começar?', changeable as its hint promises: the dashboard's start card
 * reads the choice from the layout's data, so a save revalidates it.
 */
export function FirstModulesSetting({ data }: { data: ProfileData }) {
  const { t } = useTranslation("account");
  const revalidator = useRevalidator();
  const [modules, setModules] = useState<string[]>(() => [...(data.profile?.firstModules ?? [])]);
  const [status, setStatus] = useState<{ ok: true } | { ok: false; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await apiFetch("/me", { method: "PATCH", body: { firstModules: modules } });
    setPending(false);
    setStatus(result.ok ? { ok: true } : { ok: false, text: result.error.message });
    if (result.ok) void revalidator.revalidate();
  }
  return (
    <form onSubmit={save} className="space-y-3 border-t border-slate-200 pt-4" data-testid="first-modules-setting">
      <FirstModulesChoice
        legend={t("profile.preferences.firstModules")}
        hint={t("profile.preferences.firstModulesHint")}
        value={modules}
        onChange={(next) => {
          setModules(next);
          setStatus(null);
        }}
      />
      {status && <Notice tone={status.ok ? "success" : "error"}>{status.ok ? t("profile.personal.saved") : status.text}</Notice>}
      <Button type="submit" variant="secondary" loading={pending}>
        {t("profile.preferences.firstModulesSave")}
      </Button>
    </form>
  );
}

/** The hours 'Agendar' and 'Planear o dia' use (also editable beside the tasks). */
function WorkingHoursSetting({ data }: { data: ProfileData }) {
  const { t } = useTranslation("account");
  const { language } = useLanguage();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const hours = data.workingHours;
  const weekday = dateTimeFormat(localeOf[language], { weekday: "short", timeZone: "UTC" });
  // 2026-11-23 is a Monday (ISO weekday 1).
  const days = (hours.days ?? [1, 2, 3, 4, 5]).map((d) => weekday.format(new Date(Date.UTC(2026, 10, 22 + d)))).join(", ");
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4" data-testid="working-hours-setting">
      <p className="text-sm font-medium text-slate-800">{t("profile.preferences.workingHours")}</p>
      <p className="text-sm text-slate-600">{t("profile.preferences.workingHoursValue", { start: formatTypedTime(hours.start, language), end: formatTypedTime(hours.end, language), days })}</p>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        {t("profile.preferences.workingHoursEdit")}
      </Button>
      {editing && (
        <WorkingHoursDialog
          value={hours}
          language={language}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}

/** GDPR Art. 9: diary and cycle content reach an AI provider only when the user turns this on. */
function PersonalDataAi({ data }: { data: ProfileData }) {
  const { t } = useTranslation("account");
  return <PreferenceSwitch name="aiOnPersonalData" label={t("profile.preferences.aiPersonalData")} description={t("profile.preferences.aiPersonalDataHint")} initial={data.aiOnPersonalData} />;
}
