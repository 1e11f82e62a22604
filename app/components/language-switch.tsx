import { useTranslation } from "react-i18next";
import { languages } from "~/i18n/language";
import { useLanguage } from "~/i18n/use-language";

/** PT / EN toggle; the choice survives reloads (storage + cookie) and is rendered by the server. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t("language.label")} className={`inline-flex rounded-lg border border-brand-200 p-0.5 ${className}`}>
      {languages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option === "pt" ? "pt-PT" : "en-US"}
          aria-pressed={language === option}
          title={t(`language.${option}`)}
          onClick={() => setLanguage(option)}
          className={`rounded-md px-2.5 py-1 text-xs font-semibold uppercase transition-colors ${
            language === option ? "bg-brand-600 text-white" : "text-brand-800 hover:bg-brand-50"
          }`}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
