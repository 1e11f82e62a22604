import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { languages, localeOf, type Language } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";

const buttonClass = (pressed: boolean) =>
  `rounded-md px-2.5 py-1 text-xs font-semibold uppercase transition-colors ${pressed ? "bg-brand-600 text-white" : "text-brand-800 hover:bg-brand-50"}`;

/**
 * PT / EN toggle on a static page (no React in the browser: the public site, /auth): a GET form
 * (`?lang=`, which shows the page in that language) that the page script (app/components/page-script.tsx) takes over to
 * store the choice and load the page again without `?lang`. The page's other query parameters
 * (/auth's `next`, `ref`) travel along as hidden fields.
 */
export function StaticLanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "lang");
  return (
    <form method="get" action={pathname} data-language-switch className={className}>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
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
    lang: localeOf[option],
    "aria-pressed": current === option,
    title: t(`language.${option}`),
    className: buttonClass(current === option),
  };
}
