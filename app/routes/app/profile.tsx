import type { BrowserNamespace, I18nHandle } from "~/i18n/route-namespaces";
import { MODULES } from "~/modules";
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator, useRouteLoaderData, useSearchParams } from "react-router";
import type { ProfileData } from "~/components/account/profile-data";
import { Tabs } from "~/components/ui/tabs";
import { Button, Field, Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";
import { whenIdle } from "~/lib/on-demand";
import type { loader as layoutLoader } from "./layout";

// The modules' namespaces: Preferências names each module in 'Por onde quer começar?'.
export const handle: I18nHandle = { i18n: ["account", "auth", ...MODULES.map((m) => m.namespace as BrowserNamespace)] };

const useLayoutData = () => useRouteLoaderData<typeof layoutLoader>("routes/app/layout");

// The tabs other than the first load on demand (bundle budgets, decision 0049): fetched when the
// browser is idle after hydration, or at once when the user reaches for a tab. The server still
// renders the tab a link opens on (?tab=preferences after Google Calendar's connect flow).
const loadSubscription = () => import("~/components/account/subscription-tab");
const loadPreferences = () => import("~/components/account/preferences-tab");
const loadNotifications = () => import("~/components/account/notifications-tab");
const loadSecurity = () => import("~/components/account/security-tab");
const SubscriptionTab = lazy(() => loadSubscription().then((m) => ({ default: m.SubscriptionTab })));
const PreferencesTab = lazy(() => loadPreferences().then((m) => ({ default: m.PreferencesTab })));
const NotificationsTab = lazy(() => loadNotifications().then((m) => ({ default: m.NotificationsTab })));
const SecurityTab = lazy(() => loadSecurity().then((m) => ({ default: m.SecurityTab })));
// "Alterar email" is a form few open: it comes when asked for (or when the browser is idle).
const loadChangeEmail = () => import("~/components/account/change-email");
const ChangeEmail = lazy(() => loadChangeEmail().then((m) => ({ default: m.ChangeEmail })));
const loaders = [undefined, loadSubscription, loadPreferences, loadNotifications, loadSecurity];

/** /app/perfil, /app/profile, /app/settings and /app/configuracoes: one profile screen, five tabs. */
export default function Profile() {
  const { t } = useTranslation(["account", "auth"]);
  const data = useLayoutData();
  useEffect(() => whenIdle(() => [...loaders, loadChangeEmail].forEach((load) => void load?.())), []);
  if (!data) return <Notice tone="info">{t("auth:guard.profileRequiresLogin")}</Notice>;
  const tabs = ["personal", "subscription", "preferences", "notifications", "security"] as const;
  // ?tab=preferences opens that tab (Google Calendar's connect flow returns there); ?tab=notifications too.
  const [params] = useSearchParams();
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
      <Tabs
        defaultIndex={Math.max(0, tabs.indexOf(params.get("tab") as (typeof tabs)[number]))}
        listClassName="grid grid-cols-2 gap-1 rounded-lg bg-slate-200/60 p-1 sm:flex"
        tabClassName="rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 data-[selected]:bg-white data-[selected]:text-brand-800 data-[selected]:shadow"
        panelsClassName="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        onIntent={(index) => void loaders[index]?.()}
        tabs={[
          { label: t("profile.tabs.personal"), panel: <PersonalTab data={data} /> },
          { label: t("profile.tabs.subscription"), panel: <OnDemandTab><SubscriptionTab data={data} /></OnDemandTab> },
          { label: t("profile.tabs.preferences"), panel: <OnDemandTab><PreferencesTab data={data} /></OnDemandTab> },
          { label: t("profile.tabs.notifications"), panel: <OnDemandTab><NotificationsTab /></OnDemandTab> },
          {
            label: t("profile.tabs.security"),
            panelClassName: "space-y-10",
            panel: (
              <OnDemandTab>
                <SecurityTab hasPassword={data.user.hasPassword} twoFactorEnabled={data.user.twoFactorEnabled} />
              </OnDemandTab>
            ),
          },
        ]}
      />
    </section>
  );
}

/** A tab whose code may still be on its way: "Loading…" in its place meanwhile. */
function OnDemandTab({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p className="text-sm text-slate-500">{t("loading")}</p>}>{children}</Suspense>;
}

function PersonalTab({ data }: { data: ProfileData }) {
  const { t } = useTranslation("account");
  const { revalidate } = useRevalidator();
  const [fullName, setFullName] = useState(data.user.fullName);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [changingEmail, setChangingEmail] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await apiFetch("/me", { method: "PATCH", body: { fullName } });
    setStatus(result.ok ? { ok: true, text: t("profile.personal.saved") } : { ok: false, text: result.error.message });
    if (result.ok) revalidate();
  }
  return (
    <div className="max-w-md space-y-6">
      <form onSubmit={save} className="space-y-4">
        <Field id="profile-name" label={t("profile.personal.fullName")} value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={120} />
        <Field id="profile-email" label={t("profile.personal.email")} value={data.user.email} readOnly disabled />
        {status && <Notice tone={status.ok ? "success" : "error"}>{status.text}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t("profile.personal.save")}</Button>
          {!changingEmail && (
            <Button variant="secondary" onClick={() => setChangingEmail(true)}>
              {t("profile.email.change")}
            </Button>
          )}
        </div>
      </form>
      {changingEmail && (
        <OnDemandTab>
          <ChangeEmail hasPassword={data.user.hasPassword} onClose={() => setChangingEmail(false)} />
        </OnDemandTab>
      )}
    </div>
  );
}

