import type { I18nHandle } from "~/i18n/route-namespaces";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { Button, Field, Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";
import { useLanguage } from "~/i18n/use-language";
import type { Language } from "~/i18n/language";
import { MODULE_KEYS } from "~/lib/modules";
import type { loader as layoutLoader } from "./layout";

export const handle: I18nHandle = { i18n: ["account", "auth"] };

const TIME_ZONES = ["Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira", "Europe/London", "Europe/Madrid", "Europe/Paris", "America/Sao_Paulo", "Africa/Luanda", "Africa/Maputo", "UTC"];

export default function Onboarding() {
  const { t } = useTranslation(["account", "auth"]);
  const navigate = useNavigate();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const { language, setLanguage } = useLanguage();
  const browserZone = typeof Intl !== "undefined" ? Intl.DateTimeFormat().resolvedOptions().timeZone : "Europe/Lisbon";
  const [fullName, setFullName] = useState(layout?.user.fullName ?? "");
  const [timeZone, setTimeZone] = useState(layout?.user.timeZone ?? "Europe/Lisbon");
  const [modules, setModules] = useState<string[]>(["tasks", "calendar"]);
  const [error, setError] = useState<string | null>(null);
  const zones = Array.from(new Set([timeZone, browserZone, ...TIME_ZONES]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fullName.trim()) return setError(t("auth:validation.fillAllRequiredFields"));
    const result = await apiFetch("/me/onboarding", { body: { fullName: fullName.trim(), language, timeZone, firstModules: modules } });
    if (!result.ok) return setError(result.error.message);
    navigate("/app/meu-impacto", { replace: true });
  }

  return (
    <form onSubmit={submit} className="mx-auto max-w-xl space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div>
        <h1 className="text-2xl font-bold">{t("onboarding.title")}</h1>
        <p className="text-slate-600">{t("onboarding.subtitle")}</p>
      </div>
      <Field id="onboarding-name" label={t("onboarding.name")} value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="space-y-1 text-sm font-medium text-slate-700">
          {t("onboarding.language")}
          <select
            className="block w-full rounded-lg border border-slate-300 px-3 py-2"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
          >
            <option value="pt">Português</option>
            <option value="en">English</option>
          </select>
        </label>
        <label className="space-y-1 text-sm font-medium text-slate-700">
          {t("onboarding.timeZone")}
          <select className="block w-full rounded-lg border border-slate-300 px-3 py-2" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("onboarding.modules")}</legend>
        <p className="text-sm text-slate-500">{t("onboarding.modulesHint")}</p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {MODULE_KEYS.map((key) => (
            <label key={key} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={modules.includes(key)}
                onChange={(e) => setModules(e.target.checked ? [...modules, key] : modules.filter((m) => m !== key))}
              />
              {t(`onboarding.moduleNames.${key}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="w-full">
        {t("onboarding.submit")}
      </Button>
    </form>
  );
}
