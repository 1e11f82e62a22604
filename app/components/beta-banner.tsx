import { useTranslation } from "react-i18next";

/** The persistent launch banner of the specification (not dismissible). */
export function BetaBanner() {
  const { t } = useTranslation();
  return (
    <div role="note" className="bg-brand-700 px-4 py-1.5 text-center text-xs font-medium text-white" data-testid="beta-banner">
      {t("betaBanner")}
    </div>
  );
}
