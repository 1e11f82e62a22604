import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { languages, type Language } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";

const buttonClass = (pressed: boolean) =>
  `rounded-md px-2.5 py-1 text-xs font-semibold uppercase transition-colors ${pressed ? "bg-brand-600 text-white" : "text-brand-800 hover:bg-brand-50"}`;

/** PT / EN toggle; the choice survives reloads (storage + cookie) and is rendered by the server. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t("language.label")} className={`inline-flex rounded-lg border border-brand-200 p-0.5 ${className}`}>
      {languages.map((option) => (
        <button key={option} type="button" {...optionProps(option, language, t)} onClick={() => setLanguage(option)}>
          {option}
        </button>
      ))}
    </div>
  );
}

/**
 * The same toggle on a static page (no React in the browser): a GET form (`?lang=`, which shows
 * the page in that language) that the page script (app/components/page-script.tsx) takes over to
 * store the choice and load the page again without `?lang`.
 */
export function StaticLanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <form method="get" action={pathname} data-language-switch className={className}>
      <div role="group" aria-label={t("language.label")} className="inline-flex rounded-lg border border-brand-200 p-0.5">
        {languages.map((option) => (
          <button key={option} type="submit" name="lang" value={option} {...optionProps(option, language, t)}>
            {option}
          </button>
        ))}
      </div>
    </form>
  );
}

function optionProps(option: Language, current: Language, t: (key: `language.${Language}`) => string) {
  return {
    lang: option === "pt" ? "pt-PT" : "en-US",
    "aria-pressed": current === option,
    title: t(`language.${option}`),
    className: buttonClass(current === option),
  };
}
