import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The cookie banner is server-rendered HTML, in the page from its first paint (it used to appear
 * after hydration and was the largest paint of /pricing and /auth, decision 0045), and it needs no
 * React in the browser: its buttons and dialog are answered by the page script
 * (app/components/page-script.tsx). entry.server renders the markup when the request has no
 * consent cookie; entry.client reads the same HTML back from the page, so hydration keeps it as is.
 */
export const CookieBannerContext = createContext<string | null>(null);

export const COOKIE_BANNER_ID = "cookie-consent";

/** The banner's slot: the server's HTML, or nothing once a choice is known. */
export function CookieBanner() {
  const html = useContext(CookieBannerContext);
  if (html === null) return null;
  return <div id={COOKIE_BANNER_ID} dangerouslySetInnerHTML={{ __html: html }} />;
}

const optional = ["functional", "analytics", "marketing"] as const;

/** Banner and preferences dialog (Preferências, Rejeitar Opcionais, Aceitar Todos), rendered on the server only. */
export function CookieBannerMarkup() {
  const { t } = useTranslation("shell");
  return (
    <>
      <section aria-label={t("cookies.dialogTitle")} className="fixed inset-x-0 bottom-0 z-[55] border-t border-slate-200 bg-white p-4 shadow-2xl" data-testid="cookie-banner">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
          <p className="flex-1 text-sm text-slate-700">
            {t("cookies.text")}{" "}
            <a href="/privacy" className="text-brand-700 underline">
              {t("cookies.privacy")}
            </a>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" data-consent="preferences" aria-haspopup="dialog">
              {t("cookies.preferences")}
            </Button>
            <Button variant="secondary" data-consent="rejected">
              {t("cookies.reject")}
            </Button>
            <Button data-consent="accepted">{t("cookies.acceptAll")}</Button>
          </div>
        </div>
      </section>
      <dialog
        id="cookie-preferences"
        aria-labelledby="cookie-preferences-title"
        className="fixed inset-0 z-[70] m-auto w-[calc(100%-2rem)] max-w-md space-y-4 rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-black/40"
      >
        <h2 id="cookie-preferences-title" className="text-lg font-semibold">
          {t("cookies.dialogTitle")}
        </h2>
        <ConsentRow id="essential" title={t("cookies.essential")} text={t("cookies.essentialText")} checked disabled />
        {optional.map((key) => (
          <ConsentRow key={key} id={key} title={t(`cookies.${key}`)} text={t(`cookies.${key}Text`)} />
        ))}
        <div className="flex justify-end">
          <Button data-consent="custom">{t("cookies.save")}</Button>
        </div>
      </dialog>
    </>
  );
}

/** A native checkbox with the switch role and the kit's switch look (app/components/ui/switch.tsx). */
function ConsentRow({ id, title, text, checked, disabled }: { id: string; title: string; text: string; checked?: boolean; disabled?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <span className="min-w-0">
        <label htmlFor={`consent-${id}`} className={`text-sm font-medium ${disabled ? "text-slate-500" : "text-slate-800"}`}>
          {title}
        </label>
        <span id={`consent-${id}-text`} className="block text-sm text-slate-500">
          {text}
        </span>
      </span>
      <span className="relative mt-1 inline-flex h-6 w-11 shrink-0">
        <input
          id={`consent-${id}`}
          type="checkbox"
          role="switch"
          defaultChecked={checked}
          disabled={disabled}
          aria-describedby={`consent-${id}-text`}
          className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <span aria-hidden="true" className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </span>
    </div>
  );
}
