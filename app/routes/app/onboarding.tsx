import type { BrowserNamespace, I18nHandle } from "~/i18n/route-namespaces";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { useSaveAccountLanguage } from "~/components/account/account-language";
import { FirstModulesChoice } from "~/components/account/first-modules-choice";
import { Select } from "~/components/ui/field";
import { Button, Field, Notice } from "~/components/ui/form";
import { useApiForm } from "~/components/ui/use-api-form";
import { apiFetch } from "~/lib/api";
import { useLanguage } from "~/i18n/use-language";
import { sanitizeLanguage, type Language } from "~/i18n/language";
import { MODULES } from "~/modules";
import type { loader as layoutLoader } from "./layout";
import { afterOnboarding } from "./onboarding-next";

// Language names are written in their own language, whatever the interface language.
const LANGUAGE_OPTIONS = [
  { value: "pt", label: "Português" },
  { value: "en", label: "English" },
];

// The modules name themselves in their own namespaces (the first-modules checkboxes).
export const handle: I18nHandle = { i18n: ["account", "auth", ...MODULES.map((m) => m.namespace as BrowserNamespace)] };

const TIME_ZONES = ["Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira", "Europe/London", "Europe/Madrid", "Europe/Paris", "America/Sao_Paulo", "Africa/Luanda", "Africa/Maputo", "UTC"];

/**
 * The browser's zone, once hydrated (null before): the server, in UTC, cannot know it, and an
 * option list that differs from the server's would fail hydration (React #418).
 */
function useBrowserZone() {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return zone;
}

/** The answers given so far: the language, a zone the person picked, the modules ticked. */
type Draft = { language?: Language; timeZone?: string; modules?: string[] };

/**
 * Onboarding's answers kept for the tab (sessionStorage, per account) until it is done: a reload, or
 * a phone that killed the tab, started again with nothing ticked and the language back to the
 * account's. Nothing sensitive (not even the name, which sign-up already gave); read back checked,
 * as anything stored in the browser may have been edited.
 */
function readDraft(key: string): Draft {
  try {
    const draft = JSON.parse(sessionStorage.getItem(key) ?? "{}") as Record<string, unknown>;
    const modules: unknown = draft.modules;
    return {
      language: sanitizeLanguage(draft.language) ?? undefined,
      timeZone: typeof draft.timeZone === "string" ? draft.timeZone : undefined,
      modules: Array.isArray(modules) ? modules.filter((key) => MODULES.some((m) => m.key === key)) : undefined,
    };
  } catch {
    return {};
  }
}

function keepDraft(key: string, answer: Draft) {
  try {
    sessionStorage.setItem(key, JSON.stringify({ ...readDraft(key), ...answer }));
  } catch {
    // Storage can be unavailable (private mode, full): the answers then live as long as the page.
  }
}

export default function Onboarding() {
  const { t } = useTranslation(["account", "auth"]);
  const navigate = useNavigate();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const { language, setLanguage } = useLanguage();
  const saveLanguage = useSaveAccountLanguage();
  const browserZone = useBrowserZone();
  const [fullName, setFullName] = useState(layout?.user.fullName ?? "");
  const [timeZone, setTimeZone] = useState(layout?.user.timeZone ?? "Europe/Lisbon");
  const [modules, setModules] = useState<string[]>(["tasks", "calendar"]);
  // The account's zone is sign-up's default (Europe/Lisbon), not an answer: the browser's is the
  // likelier one, so it is chosen once known, unless the person has already picked one. Offered but
  // not chosen, a person in São Paulo who pressed 'Começar' got reminders, "today" and working hours
  // three hours off.
  const zonePicked = useRef(false);
  useEffect(() => {
    if (browserZone && !zonePicked.current) setTimeZone(browserZone);
  }, [browserZone]);
  const zones = Array.from(new Set([timeZone, ...(browserZone ? [browserZone] : []), ...TIME_ZONES]));
  const draftKey = `rumo-onboarding:${layout?.user.id}`;
  // Read back after hydration (the server knows nothing of the tab's storage: reading it while
  // rendering would fail hydration). The language a step later: on the first commit the shell's
  // effects, which run after this screen's, set the page to the account's language.
  const [draftLanguage, setDraftLanguage] = useState<Language>();
  useEffect(() => {
    const draft = readDraft(draftKey);
    if (draft.modules) setModules(draft.modules);
    if (draft.timeZone) {
      zonePicked.current = true;
      setTimeZone(draft.timeZone);
    }
    setDraftLanguage(draft.language);
  }, [draftKey]);
  useEffect(() => {
    if (!draftLanguage) return;
    setLanguage(draftLanguage);
    // Once: a later choice in the list is the person's.
    setDraftLanguage(undefined);
  }, [draftLanguage, setLanguage]);
  const form = useApiForm({
    fields: ["fullName", "timeZone"],
    fallback: t("auth:errors.unexpected"),
    onSuccess: () => {
      try {
        sessionStorage.removeItem(draftKey);
      } catch {
        // Nothing kept, nothing to forget.
      }
      navigate(afterOnboarding(window.location.search, window.location.origin), { replace: true });
    },
  });
  const submit = form.submit(() =>
    fullName.trim()
      ? apiFetch("/me/onboarding", { body: { fullName: fullName.trim(), language, timeZone, firstModules: modules } })
      : form.fail(t("auth:validation.fillAllRequiredFields")),
  );

  return (
    <form onSubmit={submit} className="mx-auto max-w-xl space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div>
        <h1 className="text-2xl font-bold">{t("onboarding.title")}</h1>
        <p className="text-slate-600">{t("onboarding.subtitle")}</p>
      </div>
      <Field id="onboarding-name" label={t("onboarding.name")} value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" error={form.errors.fullName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("onboarding.language")}
          value={language}
          onChange={(e) => {
            keepDraft(draftKey, { language: e.target.value as Language });
            // Saved as the account's at once: the server renders a signed-in page in the account's
            // language, so a choice kept in the tab alone showed the other language after a reload
            // until hydration. Not saved (offline), the tab's draft and 'Começar' still carry it.
            void saveLanguage(e.target.value as Language);
          }}
          options={LANGUAGE_OPTIONS}
        />
        <Select
          label={t("onboarding.timeZone")}
          value={timeZone}
          onChange={(e) => {
            zonePicked.current = true;
            setTimeZone(e.target.value);
            keepDraft(draftKey, { timeZone: e.target.value });
          }}
          options={zones.map((zone) => ({ value: zone, label: zone }))}
          error={form.errors.timeZone}
        />
      </div>
      <FirstModulesChoice
        legend={t("onboarding.modules")}
        hint={t("onboarding.modulesHint")}
        value={modules}
        onChange={(next) => {
          setModules(next);
          keepDraft(draftKey, { modules: next });
        }}
      />
      {form.message && <Notice tone="error">{form.message}</Notice>}
      <Button type="submit" className="w-full" loading={form.pending}>
        {t("onboarding.submit")}
      </Button>
    </form>
  );
}
